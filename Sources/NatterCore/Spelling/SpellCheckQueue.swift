/// The parts of the composer's text whose spelling is not yet checked, as edits arrive.
///
/// Offsets are Unicode scalars into the whole text. A pending range stands for the paragraphs
/// it touches: the composer checks paragraph by paragraph, on idle, so typing re-checks only
/// the edited paragraph and a long paste is checked a slice at a time. Inserts and deletes
/// shift the pending ranges after them, as GtkTextBuffer shifts its marks.
public struct SpellCheckQueue: Equatable, Sendable {
  /// Pending ranges, sorted, neither overlapping nor touching. An empty range still stands
  /// for its paragraph (text was deleted there).
  public private(set) var pending: [Range<Int>] = []

  /// A queue with nothing pending.
  public init() {}

  /// Whether anything is waiting to be checked.
  public var isEmpty: Bool { pending.isEmpty }

  /// The first range waiting, the one to check next.
  public var next: Range<Int>? { pending.first }

  /// Everything in a text of `length` scalars is to be checked (a new draft, new languages).
  public mutating func checkAll(length: Int) {
    pending = [0..<length]
  }

  /// Nothing is to be checked (spelling turned off).
  public mutating func clear() { pending = [] }

  /// `count` scalars went in at `offset`.
  public mutating func inserted(_ count: Int, at offset: Int) {
    guard count > 0 else { return }
    pending = pending.map { range in
      if range.upperBound < offset { return range }
      if range.lowerBound > offset {
        return (range.lowerBound + count)..<(range.upperBound + count)
      }
      return range.lowerBound..<(range.upperBound + count)
    }
    invalidate(offset..<(offset + count))
  }

  /// `count` scalars from `offset` were deleted.
  public mutating func deleted(_ count: Int, at offset: Int) {
    guard count > 0 else { return }
    func moved(_ position: Int) -> Int {
      if position <= offset { return position }
      if position >= offset + count { return position - count }
      return offset
    }
    pending = pending.map { moved($0.lowerBound)..<moved($0.upperBound) }
    invalidate(offset..<offset)
  }

  /// The paragraphs touching `range` are to be checked again.
  public mutating func invalidate(_ range: Range<Int>) {
    var merged = range
    var kept: [Range<Int>] = []
    for other in pending {
      if other.upperBound < merged.lowerBound || other.lowerBound > merged.upperBound {
        kept.append(other)
      } else {
        merged = min(other.lowerBound, merged.lowerBound)..<max(other.upperBound, merged.upperBound)
      }
    }
    let at = kept.firstIndex { $0.lowerBound > merged.lowerBound } ?? kept.count
    kept.insert(merged, at: at)
    pending = kept
  }

  /// `range` has been checked: what was pending there is done.
  public mutating func checked(_ range: Range<Int>) {
    var kept: [Range<Int>] = []
    for other in pending {
      if other.isEmpty {
        if !range.contains(other.lowerBound) { kept.append(other) }
        continue
      }
      let before = other.lowerBound..<max(other.lowerBound, min(other.upperBound, range.lowerBound))
      let after = min(other.upperBound, max(other.lowerBound, range.upperBound))..<other.upperBound
      if !before.isEmpty { kept.append(before) }
      if !after.isEmpty { kept.append(after) }
    }
    pending = kept
  }

  /// Paragraphs longer than this are not checked. Every underline splits the text buffer's
  /// line, and GTK walks a line's pieces to find an offset in it, so marks in one line of
  /// megabytes (a paste of a log or a dump, not a message anyone wrote) made each later edit
  /// and check slower until a 5 MB paste stalled the window for seconds.
  public static let longestCheckedParagraph = 10_000

  /// The part of the text to read for the next slice, from `start` (`next`'s start) in
  /// `paragraph` (its text without the line break): the whole paragraph, or for one longer
  /// than `limit` a window from a little before `start`. `Slice.cut` then finds the words.
  public static func slice(
    from start: Int, paragraph: Range<Int>, limit: Int = 1024, margin: Int = 64
  ) -> Slice {
    guard paragraph.count > limit else {
      return Slice(read: paragraph, paragraph: paragraph, start: paragraph.lowerBound)
    }
    let readStart = max(paragraph.lowerBound, min(start, paragraph.upperBound) - margin)
    let readEnd = min(paragraph.upperBound, readStart + limit)
    return Slice(read: readStart..<readEnd, paragraph: paragraph, start: max(start, readStart))
  }

  /// One slice of checking: the text to read, in the paragraph it comes from.
  public struct Slice: Equatable, Sendable {
    public var read: Range<Int>
    public var paragraph: Range<Int>
    /// Where the pending text starts: the word around it is checked from its beginning.
    public var start: Int

    /// The part of `text` (the slice's text) to check, offsets into it, and the range of the
    /// whole text that is checked once it has been: a window is cut at white space at both
    /// ends, so no word is split between two; the paragraph's last slice covers its line break.
    public func cut(_ text: String) -> (check: Range<Int>, done: Range<Int>) {
      let scalars = Array(text.unicodeScalars)
      var from = 0
      var to = scalars.count
      if read.lowerBound > paragraph.lowerBound {
        // Back to the white space before `start`; a run longer than the margin is no word.
        let pending = min(max(0, start - read.lowerBound), scalars.count)
        if let space = scalars[..<pending].lastIndex(where: { $0.properties.isWhitespace }) {
          from = space + 1
        } else {
          from =
            (scalars[pending...].firstIndex { $0.properties.isWhitespace }).map { $0 + 1 } ?? to
        }
      }
      let isLast = read.upperBound >= paragraph.upperBound
      var doneEnd = paragraph.upperBound + 1
      if !isLast {
        if let space = scalars[from...].lastIndex(where: { $0.properties.isWhitespace }) {
          to = space
          doneEnd = read.lowerBound + space + 1
        } else {
          // No white space at all: nothing here is a word; move on past it.
          doneEnd = read.lowerBound + to
        }
      }
      // From the pending start at the latest: a window without white space checks nothing
      // and must still move the queue on (an empty `done` would check it again for ever).
      return (from..<to, min(read.lowerBound + from, start)..<doneEnd)
    }
  }
}
