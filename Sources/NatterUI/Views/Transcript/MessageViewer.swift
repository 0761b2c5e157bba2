import CGtk
import Foundation
import GtkKit
import NatterCore

/// `Show more`: the whole text of a folded message in a scrolling, read-only, selectable text
/// view of its own window. Escape or Ctrl+W closes it, and the app's keys (Ctrl+Q) work in it.
///
/// The text goes in as `DisplayText` (no paragraph over 1,000 characters, so Pango never lays
/// out one enormous paragraph) and a piece per main-loop turn, so even 5 MB opens at once and
/// the window keeps reacting while the rest arrives. Copying gives the original text.
@MainActor
final class MessageViewer: Widget {
  /// UTF-8 bytes inserted per main-loop turn. GtkTextView 4.8 lays out every inserted line in
  /// the next frame, and an unbroken 1,000-character line costs a few milliseconds.
  static let chunkBytes = 8 * 1024

  /// Viewers open now; each keeps itself alive until closed.
  private static var open: [MessageViewer] = []

  let textView: Widget
  let display: DisplayText
  private var pieces: ArraySlice<Substring>
  private var pending: UInt32 = 0
  private var placedCursor = false

  /// Opens `message` whole, over `parent`.
  @discardableResult
  static func present(
    _ message: Message, transientFor parent: UnsafeMutablePointer<GtkWindow>?
  ) -> MessageViewer {
    let viewer = MessageViewer(message, transientFor: parent)
    open.append(viewer)
    gtk_window_present(viewer.window)
    viewer.textView.grabFocus()
    return viewer
  }

  private init(_ message: Message, transientFor parent: UnsafeMutablePointer<GtkWindow>?) {
    display = DisplayText(message.body)
    pieces = TextChunks.split(display.text, maxUTF8Bytes: Self.chunkBytes)[...]
    textView = Widget(gtk_text_view_new())
    super.init(gtk_window_new())
    gtk_window_set_title(window, localized("Message from {sender}", ["sender": message.sender]))
    gtk_window_set_default_size(window, 640, 480)
    if let parent {
      setTransient(destroyedWith: parent)
      joinApplication(of: parent)
    }
    gtk_window_set_titlebar(window, gtk_header_bar_new())

    gtk_text_view_set_editable(textView.typed(), 0)
    gtk_text_view_set_wrap_mode(textView.typed(), GTK_WRAP_WORD_CHAR)
    for edge in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] {
      edge(textView.widget, 12)
    }
    for edge in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
      edge(textView.widget, 12)
    }
    textView.setAccessibleLabel(localized("Whole message"))
    let scroller = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), textView.widget)
    gtk_window_set_child(window, scroller)

    closeOnEscape()
    copyOriginal()
    // However it goes, closed or destroyed with its parent (which asks no close-request):
    // GTK unrealizes a toplevel otherwise only for a new display or a titlebar set while
    // realized, neither of which the viewer does.
    Signal.connect(pointer, "unrealize") { [weak self] in
      guard let self else { return }
      MainLoop.cancel(pending)
      pending = 0
      // Dropped after the emission, not during it.
      MainLoop.idle { [weak self] in Self.open.removeAll { $0 === self } }
    }
    insertNext()
  }

  var window: UnsafeMutablePointer<GtkWindow> { typed() }

  /// Whether the whole text is in the view.
  var isComplete: Bool { pieces.isEmpty }

  /// The text the view holds now.
  var shownText: String {
    guard let buffer = gtk_text_view_get_buffer(textView.typed()) else { return "" }
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    return takeString(gtk_text_buffer_get_text(buffer, &start, &end, 0)) ?? ""
  }

  func close() { gtk_window_close(window) }

  private func insertNext() {
    pending = 0
    guard let piece = pieces.popFirst(), let buffer = gtk_text_view_get_buffer(textView.typed())
    else { return }
    var end = GtkTextIter()
    gtk_text_buffer_get_end_iter(buffer, &end)
    gtk_text_buffer_insert(buffer, &end, String(piece), -1)
    if !placedCursor {
      // The caret at the start, where reading begins; later pieces go in after it.
      placedCursor = true
      var start = GtkTextIter()
      gtk_text_buffer_get_start_iter(buffer, &start)
      gtk_text_buffer_place_cursor(buffer, &start)
    }
    guard !pieces.isEmpty else { return }
    // Idle priority runs after GTK's layout and drawing, so each piece is laid out first.
    pending = MainLoop.idle { [weak self] in self?.insertNext() }
  }

  /// Copying a selection gives the original text, without the display's inserted breaks.
  private func copyOriginal() {
    Signal.connect(textView.pointer, "copy-clipboard") { [unowned self] in
      g_signal_stop_emission_by_name(textView.pointer, "copy-clipboard")
      guard let buffer = gtk_text_view_get_buffer(textView.typed()) else { return }
      var start = GtkTextIter()
      var end = GtkTextIter()
      guard gtk_text_buffer_get_selection_bounds(buffer, &start, &end) != 0 else { return }
      let text = display.original(
        from: Int(gtk_text_iter_get_offset(&start)), to: Int(gtk_text_iter_get_offset(&end)))
      gdk_clipboard_set_text(gtk_widget_get_clipboard(textView.widget), text)
    }
  }
}
