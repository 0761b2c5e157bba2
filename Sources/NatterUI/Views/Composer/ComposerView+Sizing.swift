import CGtk
import GtkKit
import NatterCore

extension ComposerView {
  // MARK: Sizing

  /// Sets the text area's height bounds from the font's line height: GTK then grows the
  /// scrolled window with its content (propagate-natural-height) between one and `maxLines`
  /// lines, and the text scrolls inside beyond that (GTK-SWIFT-NOTES, "The growing composer").
  func applySizing() {
    sizing.lineHeight = lineHeight()
    let shortest = sizing.layout(contentHeight: 0).height
    let tallest = sizing.layout(contentHeight: sizing.lineHeight * Double(sizing.maxLines)).height
    let scroller = textScroller.opaque
    gtk_scrolled_window_set_max_content_height(scroller, -1)
    gtk_scrolled_window_set_min_content_height(scroller, gint(shortest.rounded(.up)))
    gtk_scrolled_window_set_max_content_height(scroller, gint(tallest.rounded(.up)))
  }

  /// GtkTextView 4.8 re-wraps after a width change without asking its parent for a new
  /// height, so the composer would keep the old number of lines. A width change (the
  /// horizontal adjustment's page) or a new content height (the vertical adjustment's upper)
  /// asks for a new size once the current layout pass is over.
  func followReflow() {
    let scroller = textScroller.opaque
    for adjustment in [
      gtk_scrolled_window_get_hadjustment(scroller), gtk_scrolled_window_get_vadjustment(scroller),
    ] {
      guard let adjustment else { continue }
      Signal.connect(raw(adjustment), "changed") { [unowned self] in
        guard reflowIdle == 0 else { return }
        reflowIdle = MainLoop.idle { [weak self] in
          guard let self else { return }
          reflowIdle = 0
          // A font change from CSS re-lays out the text without any signal of its own. Not
          // while a paste goes in: measuring lays out the first paragraph again after every
          // piece (1,600 shown characters of a folded unbroken line, 20–50 ms a piece); the
          // last piece's reflow measures once the paste is in.
          if !isPasting, lineHeight() != sizing.lineHeight { applySizing() }
          gtk_widget_queue_resize(textView.widget)
          keepCaretInView()
        }
      }
    }
    if let vertical = gtk_scrolled_window_get_vadjustment(scroller) {
      Signal.connect(raw(vertical), "value-changed") { [unowned self] in
        stayUnscrolledWhileTheTextFits(vertical)
      }
    }
  }

  /// While the text has no more than `maxLines` lines the text area grows to show them all, so
  /// nothing may be scrolled out of it. GtkTextView 4.8 scrolls to the caret before the area
  /// has grown (a new line is below the old height) and animates that scroll; while the
  /// animation runs it keeps the old page size, so for about 150 ms after every new line the
  /// grown area showed its first line cut in half or scrolled away. Ending the scroll at once
  /// keeps every line whole.
  private func stayUnscrolledWhileTheTextFits(_ vertical: UnsafeMutablePointer<GtkAdjustment>) {
    let value = gtk_adjustment_get_value(vertical)
    guard value > 0,
      !sizing.layout(contentHeight: gtk_adjustment_get_upper(vertical)).scrollsInside
    else { return }
    gtk_adjustment_set_value(vertical, 0)
  }

  /// With more lines than fit, the caret's line stays whole in view after any change: GTK
  /// scrolls to it only after typing, not after a paste, a restored draft or a re-wrap.
  func keepCaretInView() {
    gtk_text_view_scroll_mark_onscreen(textView.typed(), gtk_text_buffer_get_insert(buffer.buffer))
  }

  /// The pitch of one line as the text view itself lays it out: the height of its first
  /// display line. A separate Pango layout or the font's metrics can disagree with the text
  /// view by several pixels (GTK-SWIFT-NOTES, "The growing composer"), and then the first of
  /// three lines is cut.
  func lineHeight() -> Double {
    var start = GtkTextIter()
    gtk_text_buffer_get_start_iter(buffer.buffer, &start)
    var location = GdkRectangle()
    gtk_text_view_get_iter_location(textView.typed(), &start, &location)
    // Zero before the first layout; mapping and the first reflow measure again.
    return location.height > 0 ? Double(location.height) : sizing.lineHeight
  }
}
