import NatterCore

/// Why an import was refused; nothing is imported when any of these is thrown.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read.
  case unreadable(path: String, detail: String)
  /// Lines that are not valid messages, in file order; `total` counts them all when there were
  /// more than `ImportError.problemLimit` (only that many are kept).
  case invalidLines([ImportProblem], total: Int)
  /// The database refused the import (for example, the disk is full).
  case store(StoreError)

  /// The most problems an import keeps; a file of garbage must not fill memory with them.
  public static let problemLimit = 1000

  /// One problem, as the tests and the line reader make it.
  static func invalidLine(number: Int, reason: String) -> ImportError {
    .invalidLines([ImportProblem(line: number, reason: reason)], total: 1)
  }

  /// One plain sentence to show the user (the lines themselves are in `problems`).
  public var userMessage: String {
    switch self {
    case .unreadable(let path, let detail):
      return localized(
        "The import file {path} could not be read ({detail}).",
        ["path": path, "detail": detail.lowercased()])
    case .invalidLines(_, let total):
      return localizedPlural(
        "{count} line is not a valid message, so nothing was imported.",
        "{count} lines are not valid messages, so nothing was imported.", count: total)
    case .store(let error): return error.userMessage
    }
  }

  /// The invalid lines, one sentence each.
  public var problems: [ImportProblem] {
    if case .invalidLines(let problems, _) = self { return problems }
    return []
  }

  /// The technical detail for logs.
  public var description: String {
    switch self {
    case .unreadable(let path, let detail): return "cannot read \(path): \(detail)"
    case .invalidLines(let problems, let total):
      return problems.map(\.sentence).joined(separator: " ")
        + (total > problems.count ? " (\(total - problems.count) more)" : "")
    case .store(let error): return error.description
    }
  }
}
