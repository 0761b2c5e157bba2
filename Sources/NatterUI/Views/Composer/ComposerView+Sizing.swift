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
          // A font change from CSS re-lays out the text without any signal of its own.
          if lineHeight() != sizing.lineHeight { applySizing() }
          gtk_widget_queue_resize(textView.widget)
        }
      }
    }
  }

  /// The height of one line as GtkTextView lays it out: a one-line Pango layout in the text
  /// view's own context, so the font, the scale and Pango's pixel rounding all match.
  func lineHeight() -> Double {
    guard let layout = gtk_widget_create_pango_layout(textView.widget, "Xg") else {
      return sizing.lineHeight
    }
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var units: gint = 0
    pango_layout_get_size(layout, nil, &units)
    // GtkTextView rounds each line's logical height to the nearest pixel (PANGO_PIXELS);
    // pango_layout_get_pixel_size rounds outwards and can be a pixel taller.
    let height = (units + PANGO_SCALE / 2) / PANGO_SCALE
    return height > 0 ? Double(height) : sizing.lineHeight
  }
}
