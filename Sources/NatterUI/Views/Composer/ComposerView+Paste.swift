import CGtk
import GtkKit
import NatterCore

extension ComposerView {
  /// Pastes through `paste(_:from:)` instead of GtkTextView's own paste, which inserts
  /// everything in one go.
  func connectPaste() {
    Signal.connect(textView.pointer, "paste-clipboard") { [unowned self] in
      g_signal_stop_emission_by_name(textView.pointer, "paste-clipboard")
      guard !isPasting, let clipboard = gtk_widget_get_clipboard(textView.widget) else { return }
      // The composer is kept until the clipboard answers.
      let read = AsyncCall.ready { [self] source, result in
        // Nothing pastable is nothing pasted, as GtkTextView does for non-text clipboards.
        guard let text = takeString(gdk_clipboard_read_text_finish(source, result, nil)) else {
          return
        }
        paste(text, from: source)
      }
      gdk_clipboard_read_text_async(clipboard, nil, read.callback, read.data)
    }
  }

  /// Replaces the selection with `text` at the caret, as one undo step, a piece per main-loop
  /// turn for long texts; every piece reaches the controller like any other edit.
  ///
  /// Until the last piece is in, the text refuses every other edit and Send and further pastes
  /// wait, so a half-pasted text is never sent, saved as the draft, or mixed with other input.
  ///
  /// `undoable` false (a restored draft) leaves nothing for Ctrl+Z to take back.
  func paste(_ text: String, from clipboard: OpaquePointer?, undoable: Bool = true) {
    let textBuffer = buffer.buffer
    // Read-only by refusing every other edit (insertsPastedText), not with
    // gtk_text_view_set_editable: GTK 4.8 then invalidates the layout of every line, and
    // making 5 MB of short lines editable again stalled for 65 ms and laid them all out anew.
    isPasting = true
    if undoable {
      gtk_text_buffer_begin_user_action(textBuffer)
    } else {
      gtk_text_buffer_begin_irreversible_action(textBuffer)
    }
    isInsertingPiece = true
    gtk_text_buffer_delete_selection(textBuffer, 1, 1)
    isInsertingPiece = false
    var pieces = TextChunks.split(
      text, maxUTF8Bytes: TextChunks.pasteBytes, firstMaxUTF8Bytes: TextChunks.firstPasteBytes)[...]
    var folded = false
    func insertNext() {
      if let piece = pieces.popFirst() {
        let firstLine = caretLine
        let pieceStart = pieceStartMark()
        isInsertingPiece = true
        gtk_text_buffer_insert_interactive_at_cursor(textBuffer, String(piece), -1, 1)
        isInsertingPiece = false
        // Before the next frame lays the paragraphs out: a 1 MB line never finished otherwise.
        if foldLongLines(fromLine: firstLine, insertedAfter: pieceStart) { folded = true }
        gtk_text_view_scroll_mark_onscreen(
          textView.typed(), gtk_text_buffer_get_insert(textBuffer))
      }
      guard pieces.isEmpty else {
        // After a due frame, so the window draws between pieces, but before the text view lays
        // out the lines already in: at idle priority the pieces waited for that, and 5 MB of
        // short lines took 4.6 s to go in (issue 32). The layout goes on after the last piece.
        MainLoop.idle(priority: MainLoop.afterRedraw) { insertNext() }
        return
      }
      dropPieceStartMark()
      if undoable {
        gtk_text_buffer_end_user_action(textBuffer)
      } else {
        gtk_text_buffer_end_irreversible_action(textBuffer)
      }
      isPasting = false
      if folded { showNotice(LongLineFold.notice) } else { refresh() }
      scheduleDraftSave()
      natter_text_buffer_paste_done(textBuffer, clipboard)
    }
    insertNext()
  }
}
