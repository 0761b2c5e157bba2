import NatterCore

/// One line of an import file that cannot be imported, and why.
public struct ImportProblem: Equatable, Sendable {
  /// The line number, counting from 1.
  public let line: Int
  /// A plain phrase: `the body is blank`, `the id "m1" is also on line 2 with other content`.
  public let reason: String

  /// Creates a problem.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `Line 4: the body is blank.`
  public var sentence: String {
    localized("Line {line}: {reason}.", ["line": String(line), "reason": reason])
  }
}
