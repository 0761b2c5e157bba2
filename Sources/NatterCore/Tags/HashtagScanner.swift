/// The hashtag grammar of SPEC §3, applied to a bounded window of text.
///
/// A hashtag is `#` followed by 1–64 tag characters (Unicode letters, marks, decimal digits and
/// `_`, counted as Unicode scalars after NFC) with at least one letter. The `#` must start the
/// text or follow a scalar that is neither a tag character nor `#`: so `C#`, `a#b` and `##x` are
/// not hashtags, while whitespace, punctuation, symbols (emoji) and format marks (RLM) are
/// boundaries. Every offset and length here counts Unicode scalars, the unit of GTK offsets.
public enum HashtagScanner {
  /// The longest tag, in Unicode scalars after NFC.
  public static let maxLength = 64
  /// How many scalars before the caret the view should pass: room for a tag written with one
  /// combining mark per letter, its `#` and the boundary scalar before it.
  public static let lookbehind = 2 * maxLength + 2

  /// Whether a scalar may appear in a tag: a letter, a mark, a decimal digit or `_`.
  public static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar == "_" { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
      return true
    default:
      return false
    }
  }

  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return true
    default:
      return false
    }
  }

  /// The NFC spelling if `body` (without `#`) is a valid tag, else nil.
  public static func validTag(_ body: String) -> String? {
    let spelling = body.precomposedStringWithCanonicalMapping
    var count = 0
    var hasLetter = false
    for scalar in spelling.unicodeScalars {
      guard isTagScalar(scalar) else { return nil }
      count += 1
      if count > maxLength { return nil }
      if isLetter(scalar) { hasLetter = true }
    }
    return count >= 1 && hasLetter ? spelling : nil
  }

  /// The hashtag that ends exactly at the end of `window`, the text just before the caret.
  ///
  /// - Parameters:
  ///   - window: the last scalars before the caret; `lookbehind` of them are enough.
  ///   - windowStartsText: whether `window` begins at the start of the whole text (offset 0).
  /// - Returns: the match, whose `length` scalars end at the caret, or nil.
  /// Costs O(window), whatever the length of the draft.
  public static func hashtag(endingAt window: String, windowStartsText: Bool) -> HashtagMatch? {
    let view = window.unicodeScalars
    var index = view.endIndex
    var scalars: [Unicode.Scalar] = []
    // Walk back over the tag, its `#` and one boundary scalar; a longer run is too long a tag.
    var sawHash = false
    while index > view.startIndex, scalars.count <= lookbehind + 1 {
      index = view.index(before: index)
      let scalar = view[index]
      scalars.append(scalar)
      if sawHash { break }  // that was the boundary scalar before `#`
      if isTagScalar(scalar) { continue }
      if scalar == "#" {
        sawHash = true
        continue
      }
      break
    }
    scalars.reverse()
    let reachedStart = index == view.startIndex
    return match(in: scalars, end: scalars.count, startsText: windowStartsText && reachedStart)
  }

  /// The hashtag that ends `text` exactly (no trailing whitespace), reading only its tail.
  public static func trailingHashtag(in text: String) -> HashtagMatch? {
    let tail = text.unicodeScalars.suffix(lookbehind + 2)
    return hashtag(
      endingAt: String(tail), windowStartsText: tail.startIndex == text.unicodeScalars.startIndex)
  }

  /// Every valid hashtag in `text`, in order, as NFC spellings (duplicates kept).
  public static func hashtags(in text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    var found: [String] = []
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "#" else {
        index += 1
        continue
      }
      var end = index + 1
      while end < scalars.count, isTagScalar(scalars[end]) { end += 1 }
      if end > index + 1, let hit = match(in: scalars, end: end, startsText: true) {
        found.append(hit.tag)
      }
      index = max(end, index + 1)
    }
    return found
  }

  /// The hashtag ending at `end` in `scalars`; `startsText` says whether index 0 is offset 0.
  private static func match(
    in scalars: [Unicode.Scalar], end: Int, startsText: Bool
  ) -> HashtagMatch? {
    var start = end
    while start > 0, isTagScalar(scalars[start - 1]) { start -= 1 }
    guard start < end, start > 0, scalars[start - 1] == "#" else { return nil }
    let hash = start - 1
    if hash == 0 {
      guard startsText else { return nil }
    } else {
      let before = scalars[hash - 1]
      guard before != "#", !isTagScalar(before) else { return nil }
    }
    var body = String.UnicodeScalarView()
    body.append(contentsOf: scalars[start..<end])
    guard let tag = validTag(String(body)) else { return nil }
    var typed = String.UnicodeScalarView()
    typed.append(contentsOf: scalars[hash..<end])
    return HashtagMatch(tag: tag, typed: String(typed))
  }
}
