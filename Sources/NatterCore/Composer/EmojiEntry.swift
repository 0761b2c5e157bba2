/// One emoji with its name and keywords in one language, as GTK's emoji data lists it
/// (`👍`, `thumbs up`, `[+1, hand, thumb, up]`).
public struct EmojiEntry: Equatable, Hashable, Sendable {
  /// The emoji's characters.
  public let emoji: String
  /// Its name (CLDR's short name).
  public let name: String
  /// Words it is also found by.
  public let keywords: [String]

  public init(emoji: String, name: String, keywords: [String]) {
    self.emoji = emoji
    self.name = name
    self.keywords = keywords
  }

  /// What a completion row reads, and what a screen reader announces: `👍 thumbs up`.
  public var label: String { "\(emoji) \(name)" }
}
