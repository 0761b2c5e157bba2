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
  ///
  /// GtkTextView re-configures its adjustments at every allocation, so "changed" follows each
  /// resize even when nothing changed. Answering every one with another resize relaid the
  /// window out at every frame for as long as it was open: the frame clock never idled and a
  /// GtkBox warned at every frame. GTK's own layout settles over several frames after a change
  /// (re-wrapping, a font's new line heights, the scroll animation, a new allocation that
  /// reconfigures nothing), so the composer follows it frame by frame until `reflowFrames`
  /// frames have passed without a change, then stops.
  func followReflow() {
    let scroller = textScroller.opaque
    guard let horizontal = gtk_scrolled_window_get_hadjustment(scroller),
      let vertical = gtk_scrolled_window_get_vadjustment(scroller)
    else { return }
    let measure = {
      ReflowSize(
        width: gtk_adjustment_get_page_size(horizontal),
        height: gtk_adjustment_get_upper(vertical),
        shown: gtk_adjustment_get_page_size(vertical))
    }
    for adjustment in [horizontal, vertical] {
      Signal.connect(raw(adjustment), "changed") { [unowned self] in
        guard measure() != reflowedAt else { return }
        reflowFramesLeft = Self.reflowFrames
        guard reflowTicks == 0 else { return }
        reflowTicks = FrameTicks.each(of: textView.widget) { [weak self] in
          guard let self else { return false }
          let size = measure()
          reflowFramesLeft = size == reflowedAt ? reflowFramesLeft - 1 : Self.reflowFrames
          reflowedAt = size
          // A font change from CSS re-lays out the text without any signal of its own. Not
          // while a paste goes in: measuring lays out the first paragraph again after every
          // piece (1,600 shown characters of a folded unbroken line, 20–50 ms a piece); the
          // last piece's reflow measures once the paste is in.
          if !isPasting, lineHeight() != sizing.lineHeight { applySizing() }
          gtk_widget_queue_resize(textView.widget)
          keepCaretInView()
          guard reflowFramesLeft > 0 else {
            reflowTicks = 0
            return false
          }
          return true
        }
      }
    }
    Signal.connect(raw(vertical), "value-changed") { [unowned self] in
      guard gtk_widget_get_mapped(textScroller.widget) != 0 else { return }
      stayUnscrolledWhileTheTextFits(vertical)
    }
    // Unmapping the scroller ends a running scroll animation from inside GtkAdjustment
    // (`gtk_adjustment_enable_animation`, GTK 4.8), which sets the animation's target and then
    // ends it: setting the value from that value-changed ended it first, and GTK logged two
    // criticals, disconnecting handler 0 and ending an update not begun. Nothing shows while
    // unmapped, so the text is put back unscrolled when it shows again.
    Signal.connect(textScroller.pointer, "map") { [unowned self] in
      stayUnscrolledWhileTheTextFits(vertical)
    }
  }

  /// Frames without a change of size after which the composer stops following its layout.
  static let reflowFrames = 30

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

/// The composer text's width, content height and shown height, as its adjustments give them.
struct ReflowSize: Equatable {
  let width: Double
  let height: Double
  let shown: Double
}
