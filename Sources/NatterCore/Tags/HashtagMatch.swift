/// A hashtag found just before the caret (or at the end of a text).
public struct HashtagMatch: Equatable, Sendable {
  /// The tag without `#`, NFC-normalised.
  public let tag: String
  /// The text as typed, `#` included, exactly as it stood in the buffer.
  public let typed: String
  /// How many Unicode scalars the typed text spans, `#` included; remove this many before the caret.
  public var length: Int { typed.unicodeScalars.count }
}
