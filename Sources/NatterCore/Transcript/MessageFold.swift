/// What a transcript row shows of a message: the first few lines of a long body and at most a
/// few tag chips, so the work of one row is bounded whatever was sent or imported.
///
/// Measured on GTK 4.8 / Pango 1.50: a wrapping GtkLabel's size request lays its text out at
/// width 0, which for an unbroken string costs quadratic time in its length (2,000 unbroken
/// characters about 0.5 s, 10,000 several seconds, 100,000 minutes), and 10,000 short lines cost
/// seconds as well. Everything after the fold opens in a scrolling view (`DisplayText`).
public enum MessageFold {
  /// Lines shown before the fold.
  public static let maxLines = 8
  /// Unicode scalars shown before the fold: about eight lines of a 600 px wide row.
  public static let maxScalars = 500
  /// Tag chips a row shows before a `+N` marker.
  public static let maxTags = 20
  /// How far back the cut may move to keep a character and its combining marks together.
  static let clusterBackoff = 32

  /// The shown part of `body`: the text up to the fold, and whether anything was left out.
  public struct Preview: Equatable, Sendable {
    /// What the row's label shows; ends with `…` when folded.
    public let text: String
    /// Whether the body is longer than `text` shows (the row offers `Show more`).
    public let isFolded: Bool
  }

  /// Combining marks (and other scalars that continue a character) a row shows on one
  /// character; the rest are left to `Show more`. Text stacking hundreds of marks on a letter
  /// ("Zalgo") costs shaping out of proportion to its width and draws far outside its row.
  public static let maxMarksPerCharacter = 8

  private static func isShortASCII(_ body: String, maxLines: Int) -> Bool {
    var lines = 1
    for byte in body.utf8 {
      if byte >= 0x80 { return false }
      if byte == 0x0A {
        lines += 1
        if lines > maxLines { return false }
      }
    }
    return true
  }

  /// The first `maxLines` lines and at most `maxScalars` scalars of `body`, cut where a
  /// character ends, with at most `maxMarksPerCharacter` marks on any character. Work is
  /// proportional to the part shown (at most four times `maxScalars` scalars are read),
  /// never to the whole body.
  public static func preview(
    of body: String, maxLines: Int = maxLines, maxScalars: Int = maxScalars
  ) -> Preview {
    // Most bodies are short ASCII, shown whole: a scan of their bytes decides it (every byte
    // is a scalar and no ASCII character takes marks).
    if body.utf8.count <= maxScalars, Self.isShortASCII(body, maxLines: maxLines) {
      return Preview(text: body, isFolded: false)
    }
    return scannedPreview(of: body, maxLines: maxLines, maxScalars: maxScalars)
  }

  /// `preview(of:)` scalar by scalar, for any text.
  static func scannedPreview(of body: String, maxLines: Int, maxScalars: Int) -> Preview {
    let scalars = body.unicodeScalars
    var shown = String.UnicodeScalarView()
    var index = scalars.startIndex
    var count = 0
    var read = 0
    var lines = 1
    // Scalars continuing the current character, and whether any were left out.
    var marks = 0
    var droppedMarks = false
    var previous: Unicode.Scalar?
    while index != scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\n" {
        if lines == maxLines { break }
        lines += 1
      }
      if count == maxScalars || read == 4 * maxScalars { break }
      read += 1
      if let previous, continuesCluster(scalar, after: previous) {
        marks += 1
      } else {
        marks = 0
      }
      previous = scalar
      index = scalars.index(after: index)
      if marks > maxMarksPerCharacter {
        droppedMarks = true
        continue
      }
      shown.append(scalar)
      count += 1
    }
    guard index != scalars.endIndex || droppedMarks else {
      return Preview(text: body, isFolded: false)
    }
    // Cut where a character ends: drop the end of a character the limit fell inside.
    if index != scalars.endIndex, let last = shown.last,
      continuesCluster(scalars[index], after: last)
    {
      let cut = clusterStart(
        in: shown, at: shown.index(before: shown.endIndex), notBefore: shown.startIndex)
      // Unless the character is all there is: then it is shown with the marks it has so far.
      if cut != shown.startIndex { shown.removeSubrange(cut...) }
    }
    while let last = shown.last, last.properties.isWhitespace {
      shown.removeLast()
    }
    return Preview(text: String(shown) + "…", isFolded: true)
  }

  /// The tags a row shows as chips, and how many more it only counts.
  public static func shownTags(_ tags: [String], max: Int = maxTags) -> (
    shown: [String], hidden: Int
  ) {
    guard tags.count > max else { return (tags, 0) }
    return (Array(tags.prefix(max)), tags.count - max)
  }

  /// `index` moved back to the start of the character (grapheme cluster) it is in, looking at
  /// most `clusterBackoff` scalars back; an enormous cluster (thousands of combining marks) is
  /// cut between scalars instead.
  static func clusterStart(
    in scalars: String.UnicodeScalarView, at index: String.UnicodeScalarView.Index,
    notBefore start: String.UnicodeScalarView.Index
  ) -> String.UnicodeScalarView.Index {
    var candidate = index
    for _ in 0..<clusterBackoff {
      guard candidate != scalars.endIndex, candidate > start else { return candidate }
      let previous = scalars.index(before: candidate)
      if !continuesCluster(scalars[candidate], after: scalars[previous]) { return candidate }
      candidate = previous
    }
    return index
  }

  /// Whether `scalar` belongs to the same character as `previous` (combining marks, joiners,
  /// variation selectors, emoji modifiers): a simplified, bounded form of UAX #29.
  static func continuesCluster(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if previous == "\u{200D}" { return true }
    if previous == "\r" && scalar == "\n" { return true }
    return properties.isGraphemeExtend || properties.generalCategory == .spacingMark
      || properties.isEmojiModifier || scalar == "\u{200D}"
  }
}
