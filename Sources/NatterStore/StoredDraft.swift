/// The composer's unsent text and chips, as saved between sessions.
public struct StoredDraft: Equatable, Sendable {
  /// The composer text.
  public var text: String
  /// The chips, as spelled, in order, without `#`.
  public var chips: [String]

  /// Creates a draft.
  public init(text: String, chips: [String]) {
    self.text = text
    self.chips = chips
  }
}
