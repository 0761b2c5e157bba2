import CGtk
import GtkKit
import NatterCore

extension ComposerView {
  private static let foldTagName = "natter-long-line-fold"
  private static let pieceMarkName = "natter-paste-piece"

  /// Folds every paragraph of the draft that `LongLineFold` says is too long to show whole;
  /// returns whether any was. For a restored draft.
  @discardableResult
  func foldLongLines() -> Bool {
    let textBuffer = buffer.buffer
    var line = GtkTextIter()
    gtk_text_buffer_get_start_iter(textBuffer, &line)
    var folded = false
    repeat {
      if foldLongLine(at: line) { folded = true }
    } while gtk_text_iter_forward_line(&line) != 0
    return folded
  }

  /// The line the caret is on.
  var caretLine: Int {
    let textBuffer = buffer.buffer
    var caret = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(textBuffer, &caret, gtk_text_buffer_get_insert(textBuffer))
    return Int(gtk_text_iter_get_line(&caret))
  }

  /// Folds (or unfolds) the paragraphs from line `first` to the caret's, the ones a piece of a
  /// paste just went into (after `pieceStart`, when given); returns whether any is folded.
  @discardableResult
  func foldLongLines(
    fromLine first: Int, insertedAfter pieceStart: UnsafeMutablePointer<GtkTextMark>? = nil
  ) -> Bool {
    let textBuffer = buffer.buffer
    var line = GtkTextIter()
    gtk_text_buffer_get_iter_at_line(textBuffer, &line, gint(first))
    let last = caretLine
    var folded = false
    repeat {
      // Lines between the first and the caret's are new text, untagged: only a long one needs
      // work (3,000 short lines a piece made this the paste's main cost).
      let current = Int(gtk_text_iter_get_line(&line))
      if current == last, let pieceStart, let extended = extendFold(after: pieceStart) {
        if extended { folded = true }
        continue
      }
      if current == first || current == last
        || gtk_text_iter_get_chars_in_line(&line)
          > gint(LongLineFold.maxShownScalars)
      {
        if foldLongLine(at: line) { folded = true }
      }
    } while gtk_text_iter_get_line(&line) < last && gtk_text_iter_forward_line(&line) != 0
    return folded
  }

  /// A mark at the caret, where the next piece of a paste goes in (left gravity: it stays
  /// before the piece).
  func pieceStartMark() -> UnsafeMutablePointer<GtkTextMark>? {
    let textBuffer = buffer.buffer
    var caret = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(textBuffer, &caret, gtk_text_buffer_get_insert(textBuffer))
    guard let mark = gtk_text_buffer_get_mark(textBuffer, Self.pieceMarkName) else {
      return gtk_text_buffer_create_mark(textBuffer, Self.pieceMarkName, &caret, 1)
    }
    gtk_text_buffer_move_mark(textBuffer, mark, &caret)
    return mark
  }

  /// Drops the mark `pieceStartMark` made, once the paste is in.
  func dropPieceStartMark() {
    guard gtk_text_buffer_get_mark(buffer.buffer, Self.pieceMarkName) != nil else { return }
    gtk_text_buffer_delete_mark_by_name(buffer.buffer, Self.pieceMarkName)
  }

  /// The caret's paragraph refolded cheaply when the piece before the caret went in after its
  /// hidden middle, as every piece of a long one-line paste does: the text that left the kept
  /// end joins the hidden part, which is never touched. True when done; nil when the paragraph
  /// is not folded that way (then `foldLongLine` refolds it whole).
  ///
  /// Refolding whole removes and reapplies the tag over the paragraph, and GtkTextBuffer 4.8
  /// splits and re-counts (g_utf8_strlen) its whole text segment each time: a 5 MB line cost
  /// 40–180 ms a piece. Here only the kept end's few kilobytes are split. Same result as
  /// `LongLineFold.hiddenRange`: the middle hidden, `keptAtEachEnd` characters shown at each end.
  private func extendFold(after pieceStart: UnsafeMutablePointer<GtkTextMark>) -> Bool? {
    let textBuffer = buffer.buffer
    guard let tag = foldTag else { return nil }
    var lineEnd = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(textBuffer, &lineEnd, gtk_text_buffer_get_insert(textBuffer))
    if gtk_text_iter_ends_line(&lineEnd) == 0 { gtk_text_iter_forward_to_line_end(&lineEnd) }
    // Where the hidden middle ends now: the fold tag's last toggle, in this paragraph.
    var hiddenEnd = lineEnd
    guard gtk_text_iter_backward_to_tag_toggle(&hiddenEnd, tag) != 0,
      gtk_text_iter_ends_tag(&hiddenEnd, tag) != 0,
      gtk_text_iter_get_line(&hiddenEnd) == gtk_text_iter_get_line(&lineEnd)
    else { return nil }
    var start = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(textBuffer, &start, pieceStart)
    var keptStart = lineEnd
    gtk_text_iter_backward_chars(&keptStart, gint(LongLineFold.keptAtEachEnd))
    guard gtk_text_iter_compare(&start, &hiddenEnd) >= 0,
      gtk_text_iter_compare(&keptStart, &hiddenEnd) >= 0
    else { return nil }
    if gtk_text_iter_compare(&keptStart, &hiddenEnd) > 0 {
      gtk_text_buffer_apply_tag(textBuffer, tag, &hiddenEnd, &keptStart)
    }
    return true
  }

  /// Hides the middle of the paragraph holding `iter` when it is too long; returns whether it
  /// is folded. Costs the paragraph's segments, never a layout.
  private func foldLongLine(at iter: GtkTextIter) -> Bool {
    let textBuffer = buffer.buffer
    var start = iter
    gtk_text_iter_set_line_offset(&start, 0)
    var end = start
    if gtk_text_iter_ends_line(&end) == 0 { gtk_text_iter_forward_to_line_end(&end) }
    let length = Int(gtk_text_iter_get_offset(&end) - gtk_text_iter_get_offset(&start))
    let tag = foldTag
    let hidden = LongLineFold.hiddenRange(paragraphLength: length)
    // Nothing to undo or to tell the controller: tags are not text.
    gtk_text_buffer_remove_tag(textBuffer, tag, &start, &end)
    guard let hidden else { return false }
    var from = start
    var to = start
    gtk_text_iter_forward_chars(&from, gint(hidden.lowerBound))
    gtk_text_iter_forward_chars(&to, gint(hidden.upperBound))
    gtk_text_buffer_apply_tag(textBuffer, tag, &from, &to)
    return true
  }

  /// The draft as the text view shows it, without folded text; for tests.
  var visibleText: String {
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer.buffer, &start, &end)
    return takeString(gtk_text_buffer_get_text(buffer.buffer, &start, &end, 0)) ?? ""
  }

  private var foldTag: UnsafeMutablePointer<GtkTextTag>? {
    let table = gtk_text_buffer_get_tag_table(buffer.buffer)
    if let tag = gtk_text_tag_table_lookup(table, Self.foldTagName) { return tag }
    // Ours until the table takes its own reference.
    let tag = Object(adopting: raw(gtk_text_tag_new(Self.foldTagName)!))
    natter_object_set_boolean(tag.pointer, "invisible", 1)
    gtk_text_tag_table_add(table, tag.typed())
    return tag.typed()
  }
}
