/// `:` and part of an emoji's name just before the caret (`:thu`), which offers completions
/// (SPEC §14).
///
/// The `:` starts a word: the text, or follows whitespace or punctuation (not a letter, digit,
/// `_` or another `:`, so `http://x:80`, `12:30` and `std::map` start none). At least two
/// characters follow it, each from `[A-Za-z0-9_+-]` or a letter of any script (`:엄지`,
/// `:daumen`), not only digits. Never in a link, never a smiley (`:)`, `:D`, `:-P`), never in
/// a `/command`'s name, and never while an input method is composing.
public struct EmojiTrigger: Equatable, Sendable {
  /// Where the `:` is, in characters (Unicode scalars, as the text buffer counts).
  public let offset: Int
  /// The `:` and the query, in Unicode scalars: what an inserted emoji replaces.
  public let length: Int
  /// What follows the `:` (`thu`).
  public let query: String

  public init(offset: Int, length: Int, query: String) {
    self.offset = offset
    self.length = length
    self.query = query
  }

  /// How much text before the caret the view passes: longer than any name typed, and enough
  /// to see that a `:` is part of a link.
  public static let lookbehind = 256
  /// The fewest characters after the `:` that offer completions.
  public static let minimumQuery = 2

  /// The trigger ending at `caret`, where `window` is the text just before the caret, or nil.
  ///
  /// - Parameters:
  ///   - windowStartsText: `window` begins at the start of the text.
  ///   - isCommandLine: the text is a `/command` (`SlashCommand.isCommandLine`).
  ///   - isComposing: an input method is composing: its preedit is not text yet.
  public static func find(
    before window: String, windowStartsText: Bool, caret: Int, isCommandLine: Bool,
    isComposing: Bool
  ) -> EmojiTrigger? {
    guard !isComposing else { return nil }
    let scalars = Array(window.unicodeScalars)
    var start = scalars.endIndex
    while start > scalars.startIndex, isQueryScalar(scalars[start - 1]) { start -= 1 }
    let colon = start - 1
    guard colon >= scalars.startIndex, scalars[colon] == ":" else { return nil }
    let query = scalars[start...]
    guard query.count >= minimumQuery else { return nil }
    // `:-D`, `:-P`: a smiley; no emoji's name starts with `-`.
    guard query.first != "-" else { return nil }
    guard !query.allSatisfy({ $0.properties.numericType != nil }) else { return nil }
    if colon > scalars.startIndex {
      let before = scalars[colon - 1]
      guard !isWordScalar(before), before != ":" else { return nil }
    } else if !windowStartsText {
      return nil  // what precedes the `:` is not known: offer nothing rather than guess
    }
    // The whitespace-delimited token the `:` is in: a link, or a command's name.
    var tokenStart = colon
    while tokenStart > scalars.startIndex, !scalars[tokenStart - 1].properties.isWhitespace {
      tokenStart -= 1
    }
    let token = String(String.UnicodeScalarView(scalars[tokenStart..<colon]))
    if token.contains("://") || token.lowercased().hasPrefix("www.") { return nil }
    if isCommandLine, windowStartsText, tokenStart == scalars.startIndex { return nil }
    // In a command line a word-initial `:` is IRC's own (`/quote PRIVMSG #c :one`): Enter
    // there must run the command, not take an emoji.
    if isCommandLine, tokenStart == colon { return nil }
    let length = scalars.endIndex - colon
    return EmojiTrigger(
      offset: caret - length, length: length,
      query: String(String.UnicodeScalarView(query)))
  }

  /// A character a query may hold: `[A-Za-z0-9_+-]` or a letter or mark of any script.
  static func isQueryScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
        || scalar == "+" || scalar == "-"
    }
    return scalar.properties.isAlphabetic || isMark(scalar)
  }

  /// A character of a word: a `:` right after one does not start a name (`x:80`, `12:30`).
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
      || isMark(scalar)
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }
}
