import Foundation

/// A transcript filter parsed from the search bar: words and `#tag` terms, all of which must match.
public struct SearchQuery: Equatable, Sendable {
  /// Terms that must each occur in the body as `SearchWords` defines it: word prefixes, case-
  /// and diacritic-insensitively, as the store's full-text index finds them.
  public let textTerms: [String]
  /// Tags (NFC, without `#`) that must each be among the message's tags, case-insensitively.
  public let tagTerms: [String]
  private let tagKeys: [String]
  /// Each text term cut into folded words; terms without words constrain nothing.
  private let phrases: [[String]]

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
    phrases = words.map(SearchWords.words(in:)).filter { !$0.isEmpty }
  }

  /// True when there is nothing to filter by; every message matches.
  public var isEmpty: Bool { textTerms.isEmpty && tagTerms.isEmpty }

  /// Whether `message` has every text term in its body and every tag term among its tags.
  public func matches(_ message: Message) -> Bool {
    let keys = Set(message.tags.map(Hashtag.key(for:)))
    guard tagKeys.allSatisfy(keys.contains) else { return false }
    guard !phrases.isEmpty else { return true }
    // The body as stored, not normalised: the index reads the stored text.
    let words = SearchWords.words(in: message.body)
    return phrases.allSatisfy { SearchWords.contains(words, phrase: $0) }
  }
}
