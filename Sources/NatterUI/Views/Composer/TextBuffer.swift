import CGtk
import GtkKit

/// Offset-based access to a GtkTextBuffer: the composer's controller speaks Unicode-scalar
/// offsets, which are GtkTextIter character offsets.
@MainActor
struct TextBuffer {
  let buffer: UnsafeMutablePointer<GtkTextBuffer>

  func iter(at offset: Int) -> GtkTextIter {
    var iter = GtkTextIter()
    gtk_text_buffer_get_iter_at_offset(buffer, &iter, gint(clamping: offset))
    return iter
  }

  var caretOffset: Int {
    var iter = GtkTextIter()
    gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
    return Int(gtk_text_iter_get_offset(&iter))
  }

  var hasSelection: Bool { Bool(gboolean: gtk_text_buffer_get_has_selection(buffer)) }

  var text: String { text(from: 0, to: -1) }

  /// The text between two offsets; `-1` means the end.
  func text(from start: Int, to end: Int) -> String {
    var from = iter(at: start)
    var to = GtkTextIter()
    if end < 0 {
      gtk_text_buffer_get_end_iter(buffer, &to)
    } else {
      to = iter(at: end)
    }
    return Self.text(buffer, &from, &to)
  }

  static func text(
    _ buffer: UnsafeMutablePointer<GtkTextBuffer>, _ start: UnsafePointer<GtkTextIter>,
    _ end: UnsafePointer<GtkTextIter>
  ) -> String {
    takeString(gtk_text_buffer_get_text(buffer, start, end, 1)) ?? ""
  }

  func delete(offset: Int, length: Int) {
    var start = iter(at: offset)
    var end = iter(at: offset + length)
    gtk_text_buffer_delete(buffer, &start, &end)
  }

  func insert(_ text: String, at offset: Int) {
    var at = iter(at: offset)
    gtk_text_buffer_insert(buffer, &at, text, -1)
  }

  func setText(_ text: String) { gtk_text_buffer_set_text(buffer, text, -1) }

  func placeCaret(at offset: Int) {
    var at = iter(at: offset)
    gtk_text_buffer_place_cursor(buffer, &at)
  }

  /// Runs edits the user must not undo with the text view's own Ctrl+Z (a send, a chip
  /// conversion, a restored draft): GTK's undo stack would otherwise bring back text whose chip
  /// or message already exists.
  func irreversibly(_ edits: () -> Void) {
    gtk_text_buffer_begin_irreversible_action(buffer)
    edits()
    gtk_text_buffer_end_irreversible_action(buffer)
  }
}
