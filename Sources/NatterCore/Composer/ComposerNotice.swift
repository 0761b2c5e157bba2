/// The line under the composer's text: what it says and whether it reports a problem.
public struct ComposerNotice: Equatable, Sendable {
  public let text: String
  /// A problem (over the limit, a refused tag) rather than information (editing).
  public let isProblem: Bool
}
