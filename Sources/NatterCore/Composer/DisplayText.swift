/// A long text as a text view can show it without a long pause: no paragraph longer than
/// `maxParagraphScalars`.
///
/// GtkTextView lays out each paragraph (buffer line) as one Pango layout, and Pango 1.50's
/// line breaking of one long paragraph costs far more than linear time (16,000 unbroken
/// characters about 0.6 s; 100,000 tens of seconds). Long paragraphs are therefore broken
/// into display lines, at a space near the limit when there is one, else where a character
/// ends; the breaks are remembered, so copying gives back exactly the original text.
public struct DisplayText: Equatable, Sendable {
  /// Scalars per display paragraph: lays out in a few milliseconds.
  public static let maxParagraphScalars = 1_000

  /// The text to show: the original with a newline inserted at each break.
  public let text: String
  /// Scalar offsets in `text` of the inserted newlines, ascending.
  public let insertedBreaks: [Int]

  /// `original` with a newline inserted wherever a paragraph would pass `maxScalars`.
  public init(_ original: String, maxScalars: Int = maxParagraphScalars) {
    let limit = max(8, maxScalars)
    let scalars = original.unicodeScalars
    var out = String.UnicodeScalarView()
    var breaks: [Int] = []
    var written = 0
    var index = scalars.startIndex
    // Where the current paragraph started, and its last space (the preferred break).
    var paragraphStart = index
    var run = 0
    var lastSpace: (index: String.UnicodeScalarView.Index, run: Int)?
    while index != scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\n" {
        run = 0
        lastSpace = nil
        out.append(contentsOf: scalars[paragraphStart...index])
        written += scalars.distance(from: paragraphStart, to: index) + 1
        index = scalars.index(after: index)
        paragraphStart = index
        continue
      }
      if run == limit {
        // Break after the last space if it is in the last quarter, else where a character ends.
        var cut = index
        if let space = lastSpace, space.run >= limit * 3 / 4 {
          cut = scalars.index(after: space.index)
        } else {
          cut = MessageFold.clusterStart(in: scalars, at: index, notBefore: paragraphStart)
          if cut == paragraphStart { cut = index }
        }
        out.append(contentsOf: scalars[paragraphStart..<cut])
        written += scalars.distance(from: paragraphStart, to: cut)
        breaks.append(written)
        out.append("\n")
        written += 1
        paragraphStart = cut
        run = scalars.distance(from: cut, to: index)
        lastSpace = nil
        continue
      }
      if scalar == " " || scalar == "\t" { lastSpace = (index, run) }
      run += 1
      index = scalars.index(after: index)
    }
    out.append(contentsOf: scalars[paragraphStart...])
    text = String(out)
    insertedBreaks = breaks
  }

  /// The original text between scalar offsets `start` and `end` of `text`: what copying a
  /// selection of the shown text gives.
  public func original(from start: Int, to end: Int) -> String {
    let scalars = text.unicodeScalars
    let lower = max(0, min(start, end))
    let upper = min(max(start, end), scalars.count)
    guard lower < upper else { return "" }
    var out = String.UnicodeScalarView()
    var position = lower
    var index = scalars.index(scalars.startIndex, offsetBy: lower)
    // Binary search for the first inserted break at or after `lower`.
    var low = 0
    var high = insertedBreaks.count
    while low < high {
      let middle = (low + high) / 2
      if insertedBreaks[middle] < lower { low = middle + 1 } else { high = middle }
    }
    var nextBreak = low
    while position < upper {
      if nextBreak < insertedBreaks.count, insertedBreaks[nextBreak] == position {
        nextBreak += 1
      } else {
        out.append(scalars[index])
      }
      position += 1
      index = scalars.index(after: index)
    }
    return String(out)
  }
}
