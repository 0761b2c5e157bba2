/// The "Ctrl+Enter sends" preference: which key sends, the other making a new line.
public enum SendKey: String, Equatable, Hashable, Sendable, CaseIterable {
  /// Enter sends, Shift+Enter makes a new line (the default); Ctrl+Enter also sends.
  case enter
  /// Only Ctrl+Enter sends; Enter makes a new line.
  case controlEnter
}
