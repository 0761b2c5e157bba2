/// Which words of a composer paragraph go to the spelling dictionaries (SPEC §14).
///
/// Never checked: the conversation's nicknames, `#tags` (and `&channels`), the `/command` that
/// opens a command line, links and e-mail addresses, text between backticks, words with digits
/// or underscores, all-capital abbreviations, emoji names after `:` (`:thu`), and the word an
/// input method is composing.
/// Offsets are Unicode scalars from the paragraph's start, as GtkTextIter counts characters.
public struct SpellCheckScope: Sendable {
  /// One word to check: where it is in the paragraph and its text.
  public struct Word: Equatable, Sendable {
    public var range: Range<Int>
    public var text: String

    public init(range: Range<Int>, text: String) {
      self.range = range
      self.text = text
    }
  }

  /// Lowercased nicknames: IRC nicknames compare without case.
  private let nicknames: Set<String>
  /// Longer runs of letters are not words (a pasted hash, a base64 blob).
  public static let longestWord = 48

  /// A scope that never marks `nicknames` (the conversation's members and speakers).
  public init(nicknames: some Sequence<String> = []) {
    self.nicknames = Set(nicknames.map { $0.lowercased() })
  }

  /// Whether `name` is one of the conversation's nicknames.
  public func isNickname(_ name: some StringProtocol) -> Bool {
    !nicknames.isEmpty && nicknames.contains(name.lowercased())
  }

  /// The words of `paragraph` to check.
  /// - Parameters:
  ///   - opensMessage: the paragraph is the message's first, so a `/command` may start it.
  ///   - composingAt: the caret's offset while an input method shows a preedit there: the word
  ///     touching it is still being composed.
  ///   - wholeStart, wholeEnd: false when the paragraph was cut there (a window of a very long
  ///     paragraph): a word touching that edge may be cut and is left to the next window.
  public func words(
    in paragraph: String, opensMessage: Bool = false, composingAt: Int? = nil,
    wholeStart: Bool = true, wholeEnd: Bool = true
  ) -> [Word] {
    let scalars = Array(paragraph.unicodeScalars)
    var words: [Word] = []
    var inCode = false
    var index = 0
    var isFirstSpan = true
    while index < scalars.count {
      if scalars[index].properties.isWhitespace {
        index += 1
        continue
      }
      // A span: everything up to the next white space.
      let spanStart = index
      while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
      let span = scalars[spanStart..<index]
      let first = isFirstSpan
      isFirstSpan = false
      let backticks = span.filter { $0 == "`" }.count
      if inCode || backticks > 0 {
        // Code: from a backtick to the next one, even across spans. Words outside the
        // backticks in a mixed span (`x`s) are rare enough to leave unchecked.
        if backticks % 2 == 1 { inCode.toggle() }
        continue
      }
      if skipsWholeSpan(span, opensCommand: first && opensMessage && spanStart == 0 && wholeStart) {
        continue
      }
      words += self.words(in: span, composingAt: composingAt)
    }
    if !wholeStart, let first = words.first, first.range.lowerBound == 0 { words.removeFirst() }
    if !wholeEnd, let last = words.last, last.range.upperBound == scalars.count {
      words.removeLast()
    }
    return words
  }

  private func skipsWholeSpan(_ span: ArraySlice<Unicode.Scalar>, opensCommand: Bool) -> Bool {
    let text = String(String.UnicodeScalarView(span))
    if opensCommand && SlashCommand.isCommandLine(text) { return true }
    if text.hasPrefix("#") || text.hasPrefix("&") { return true }
    // Links, addresses and paths.
    if text.contains("://") || text.contains("@") || text.contains("/") { return true }
    let lower = text.lowercased()
    if lower.hasPrefix("www.") || lower.hasPrefix("mailto:") { return true }
    // `alice:`, `(bob)`, `carol,` address someone by a nickname that need not look like a word.
    let trimmed = text.trimming { !($0.properties.isAlphabetic || Self.nickExtra($0)) }
    return isNickname(trimmed)
  }

  private static func nickExtra(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.numericType != nil || "_-[]\\^{}|`".unicodeScalars.contains(scalar)
  }

  /// The runs of letters in one span, with apostrophes inside a word kept (`don't`).
  private func words(in span: ArraySlice<Unicode.Scalar>, composingAt: Int?) -> [Word] {
    var words: [Word] = []
    var index = span.startIndex
    while index < span.endIndex {
      guard Self.isWordPart(span[index]) else {
        index += 1
        continue
      }
      let start = index
      while index < span.endIndex {
        if Self.isWordPart(span[index]) {
          index += 1
        } else if Self.isApostrophe(span[index]), index + 1 < span.endIndex,
          span[index + 1].properties.isAlphabetic, index > start
        {
          index += 2
        } else {
          break
        }
      }
      let run = span[start..<index]
      if let composingAt, (start...index).contains(composingAt) { continue }
      if Self.isEmojiName(at: start, in: span) { continue }
      guard run.count <= Self.longestWord,
        !run.contains(where: { $0.properties.numericType != nil || $0 == "_" })
      else { continue }
      let text = String(String.UnicodeScalarView(run))
      if isNickname(text) || Self.isAbbreviation(run) { continue }
      words.append(Word(range: start..<index, text: text))
    }
    return words
  }

  /// Whether the word at `start` follows a word-initial `:`, as an emoji name does while it
  /// is typed (`:thu`) or written out (`:smile:`); `alice:hi` is not one.
  private static func isEmojiName(at start: Int, in span: ArraySlice<Unicode.Scalar>) -> Bool {
    guard start > span.startIndex, span[start - 1] == ":" else { return false }
    return start - 1 == span.startIndex || !isWordPart(span[start - 2])
  }

  private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    return properties.isAlphabetic || properties.generalCategory == .nonspacingMark
      || properties.generalCategory == .spacingMark || properties.numericType != nil
      || scalar == "_"
  }

  private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "'" || scalar == "\u{2019}"
  }

  /// `NASA`, `LOL`: two or more letters, all capitals.
  private static func isAbbreviation(_ run: ArraySlice<Unicode.Scalar>) -> Bool {
    run.count >= 2 && run.allSatisfy { $0.properties.isUppercase || isApostrophe($0) }
  }
}

extension String {
  fileprivate func trimming(where drop: (Unicode.Scalar) -> Bool) -> Substring {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !drop($0) }),
      let last = scalars.lastIndex(where: { !drop($0) })
    else { return "" }
    return Substring(scalars[first...last])
  }
}
