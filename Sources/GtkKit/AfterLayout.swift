import CGtk

/// Work that needs the sizes and places GTK has just given: it runs once, right after the
/// layout phase of the next frame of a widget's window, before that frame is painted.
///
/// Whatever it queues (an allocation, a new scroll anchor) is laid out in the same frame:
/// GDK repeats the layout phase while one is requested, up to four times a frame
/// (`gdk_frame_clock_paint_idle`, gdk/gdkframeclockidle.c in GTK 4.8). A request made
/// from inside a widget's own size-allocate would be lost instead: `gtk_widget_allocate`
/// clears the widget's `alloc_needed` once its size_allocate returns.
@MainActor
public enum AfterLayout {
  /// Runs `body` after the next layout pass of `widget`'s frame clock. Returns false, and
  /// never runs `body`, when `widget` has no frame clock (it is not realized).
  @discardableResult
  public static func once(
    of widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Void
  ) -> Bool {
    guard let clock = gtk_widget_get_frame_clock(widget) else { return false }
    let once = OnceOnFrameClock(body)
    // After every other handler: GdkSurface's own, which lays the window out, comes first.
    // Not held: only the clock's own signal runs it.
    once.attach(to: raw(clock), holding: false) {
      Signal.connect(raw(clock), "layout", after: true) { once.run() }
    }
    return true
  }
}
