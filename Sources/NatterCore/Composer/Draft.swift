/// The unsent text and chips, as the store saves them and the composer restores them.
public struct Draft: Equatable, Hashable, Sendable, Codable {
  /// The unsent text, exactly as in the buffer.
  public var text: String
  /// Chip spellings in order, without `#`.
  public var chips: [String]

  /// A draft of `text` and `chips`.
  public init(text: String = "", chips: [String] = []) {
    self.text = text
    self.chips = chips
  }

  /// True when there is nothing worth saving.
  public var isEmpty: Bool { text.isEmpty && chips.isEmpty }

  /// Drafts longer than this (UTF-8 bytes) are saved off the main thread: writing and syncing
  /// a pasted 5 MB took 60–120 ms, while 64 KB costs about a millisecond.
  public static let savedInBackgroundOverBytes = 64 * 1024

  /// Whether saving this draft is left to a background writer.
  public var isSavedInBackground: Bool { text.utf8.count > Self.savedInBackgroundOverBytes }
}
