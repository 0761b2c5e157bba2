/// What a text search matches, one rule for the store and the open transcript (STYLE 12).
///
/// The store finds stored messages through SQLite FTS5 with `tokenize = 'unicode61
/// remove_diacritics 2'`; this is the same rule in Swift, so a message that arrives while a
/// search is open matches exactly when the store would have found it:
///
/// - a text is cut into words at every character the tokenizer treats as a separator (spaces,
///   punctuation, symbols, `_`), and each character is folded as the tokenizer folds it
///   (lower case, diacritics removed: `Café` and `cafe\u{301}` are the word `cafe`);
/// - a query term is cut the same way into a phrase, which matches consecutive words of the
///   body, the last one as a prefix (`caf` finds `café`, `afé` finds nothing, `it's` finds
///   `it` followed by a word starting with `s`);
/// - a term without words (`-`, `"`) constrains nothing, as FTS5 ignores an empty phrase.
///
/// `SearchFolding` holds the tokenizer's character table; `SearchRuleTests` checks it against
/// the SQLite the store links, character by character.
public enum SearchWords {
  /// The folded words of `text`, in order, as the FTS5 tokenizer indexes them.
  public static func words(in text: String) -> [String] {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var inWord = false
    for scalar in text.unicodeScalars {
      switch SearchFolding.fold(scalar) {
      case .separator:
        if inWord && !word.isEmpty { words.append(String(word)) }
        word.removeAll(keepingCapacity: true)
        inWord = false
      case .dropped:
        inWord = true
      case .folded(let folded):
        inWord = true
        word.append(folded)
      }
    }
    if inWord && !word.isEmpty { words.append(String(word)) }
    return words
  }

  /// Whether `phrase` occurs in `words`: consecutive words equal to it, the last one only
  /// starting with its last word. An empty phrase occurs everywhere.
  ///
  /// Words compare by their bytes, as FTS5 compares them: Swift's `==` and `hasPrefix` compare
  /// grapheme clusters under canonical equivalence, which the index does not.
  public static func contains(_ words: [String], phrase: [String]) -> Bool {
    guard let last = phrase.last else { return true }
    guard words.count >= phrase.count else { return false }
    let head = phrase.dropLast()
    for start in 0...(words.count - phrase.count) {
      let equal = zip(words[start...], head).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
      if equal && words[start + head.count].utf8.starts(with: last.utf8) { return true }
    }
    return false
  }
}
