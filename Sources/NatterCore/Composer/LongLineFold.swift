/// What the composer shows of a paragraph too long for GtkTextView to lay out quickly: its
/// first and last `keptAtEachEnd` characters, the middle hidden. The hidden part stays in the
/// draft and is sent whole; only its display is folded.
///
/// GtkTextView lays out a paragraph as one Pango layout on every change to it, and Pango 1.50
/// wraps a long unbroken paragraph in more than linear time: 20,000 characters took 0.7 s a
/// frame, and a 1 MB line pasted in pieces never finished. Hidden text is left out of the
/// layout, so each change costs what the shown part costs.
public enum LongLineFold {
  /// The longest paragraph shown whole, in Unicode scalars (GtkTextBuffer's characters).
  public static let maxShownScalars = 2_000
  /// Characters kept visible at each end of a folded paragraph: enough for several rows of the
  /// composer, few enough that laying out what is shown stays cheap when a paste in pieces
  /// changes the paragraph every frame (Pango 1.50 at 600 px: 1,600 unbroken characters 6 ms,
  /// 800 2.5 ms, with the text view laying it out more than once a piece).
  public static let keptAtEachEnd = 400

  /// The scalar offsets, within a paragraph of `length` scalars, to hide; nil to show it whole.
  public static func hiddenRange(paragraphLength length: Int) -> Range<Int>? {
    guard length > maxShownScalars else { return nil }
    return keptAtEachEnd..<(length - keptAtEachEnd)
  }

  /// A restored draft longer than this (UTF-8 bytes) goes into the composer a piece at a time,
  /// as a paste does: lines set at once have no height until validated, so the frames after
  /// start-up shaped all of them again and again (a 60 KB draft of short lines: stalls of
  /// 150–490 ms for over 3 s; 5 MB blocked the window for 1.7 s).
  public static let restoreWholeUpToBytes = TextChunks.firstPasteBytes

  /// Whether `draft` is restored a piece at a time.
  public static func restoresInPieces(_ draft: Draft) -> Bool {
    draft.text.utf8.count > restoreWholeUpToBytes
  }

  /// The notice shown after a paste or a restored draft folded a paragraph.
  public static let notice = localized("Part of a very long line is hidden here; it is sent whole")
}
