import Foundation

/// A transcript filter parsed from the search bar: words and `#tag` terms, all of which must match.
public struct SearchQuery: Equatable, Sendable {
  /// Words that must each occur in the body, case-insensitively.
  public let textTerms: [String]
  /// Tags (NFC, without `#`) that must each be among the message's tags, case-insensitively.
  public let tagTerms: [String]
  private let tagKeys: [String]

  /// Splits `text` at whitespace; a valid `#tag` is a tag term, anything else a text term.
  public init(parsing text: String) {
    var words: [String] = []
    var tags: [String] = []
    for token in text.split(whereSeparator: { $0.isWhitespace }) {
      if token.hasPrefix("#"), let tag = HashtagScanner.validTag(String(token.dropFirst())) {
        if !tags.contains(where: { Hashtag(tag) == Hashtag($0) }) { tags.append(tag) }
      } else {
        words.append(String(token).precomposedStringWithCanonicalMapping)
      }
    }
    textTerms = words
    tagTerms = tags
    tagKeys = tags.map(Hashtag.key(for:))
  }

  /// The filter for a clicked tag chip: that tag only.
  public init(tag: String) {
    self.init(parsing: "#" + (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag))
  }

  /// True when there is nothing to filter by; every message matches.
  public var isEmpty: Bool { textTerms.isEmpty && tagTerms.isEmpty }

  /// Whether `message` has every text term in its body and every tag term among its tags.
  public func matches(_ message: Message) -> Bool {
    let keys = Set(message.tags.map(Hashtag.key(for:)))
    guard tagKeys.allSatisfy(keys.contains) else { return false }
    guard !textTerms.isEmpty else { return true }
    let body = message.body.precomposedStringWithCanonicalMapping
    return textTerms.allSatisfy { body.range(of: $0, options: .caseInsensitive) != nil }
  }
}
