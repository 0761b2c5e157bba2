import Foundation

/// A tag's identity: the NFC spelling as first typed, compared case-insensitively.
///
/// Two hashtags are equal when their `key`s are equal, so `#Café`, `#café` and a decomposed
/// `#cafe\u{301}` are the same tag; whichever spelling came first is the one kept and shown.
public struct Hashtag: Hashable, Sendable, CustomStringConvertible {
  /// The tag as spelled, NFC-normalised, without the leading `#`.
  public let spelling: String
  /// The comparison key: NFC, then locale-independent case folding, then NFC again.
  public let key: String

  /// Wraps a spelling (without `#`); does not validate it, see `HashtagScanner.validTag(_:)`.
  public init(_ spelling: String) {
    self.spelling = spelling.precomposedStringWithCanonicalMapping
    self.key = Hashtag.key(for: spelling)
  }

  /// The case-insensitive identity of a tag spelling: the one key the composer, the transcript
  /// filter and the store's `message_tags.key` column all compare by.
  public static func key(for spelling: String) -> String {
    // Most tags are ASCII, where NFC changes nothing and case folding is lowercasing; Foundation's
    // normalisation would otherwise dominate a large import's time.
    if spelling.utf8.allSatisfy({ $0 < 0x80 }) { return spelling.lowercased() }
    return spelling.precomposedStringWithCanonicalMapping
      .folding(options: [.caseInsensitive], locale: nil)
      .precomposedStringWithCanonicalMapping
  }

  /// `text` without one leading `#`: the tag entry and completion accept a tag typed with or
  /// without it.
  public static func strippingHash(_ text: String) -> String {
    text.hasPrefix("#") ? String(text.dropFirst()) : text
  }

  /// `#` followed by the spelling, as shown on a chip.
  public var description: String { "#" + spelling }

  /// The accessible name of the chip's remove button, `Remove #tag`.
  public var removeButtonName: String {
    localized("Remove {tag}", ["tag": description])
  }

  public static func == (lhs: Hashtag, rhs: Hashtag) -> Bool { lhs.key == rhs.key }

  public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
