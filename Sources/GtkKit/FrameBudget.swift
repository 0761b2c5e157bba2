import CGtk

/// How long a slice of main-loop work (received lines, say) may run before the window's next
/// frame is due. An idle below GTK's redraw priority cannot be interrupted: a frame that falls
/// due while it runs waits for it to end, so a slice of a fixed length delayed a frame by up
/// to that length. Sized by this (`FrameSlices` is the rule), a slice ends before the frame is
/// due, and slice and frame together fit one refresh interval.
@MainActor
public enum FrameBudget {
  private static var slices = FrameSlices()
  private static var paintStart: Int = 0

  /// Follows `window`'s frame clock from its realization on; one window paces the work.
  public static func follow(_ window: UnsafeMutablePointer<GtkWidget>) {
    Signal.connect(raw(window), "realize") {
      guard let frameClock = gtk_widget_get_frame_clock(window) else { return }
      Signal.connect(raw(frameClock), "before-paint") { paintStart = Int(g_get_monotonic_time()) }
      Signal.connect(raw(frameClock), "after-paint") {
        var interval: gint64 = 0
        var presentation: gint64 = 0
        gdk_frame_clock_get_refresh_info(
          frameClock, gdk_frame_clock_get_frame_time(frameClock), &interval, &presentation)
        slices.painted(
          start: paintStart, length: Int(g_get_monotonic_time()) - paintStart,
          interval: Int(interval))
      }
    }
  }

  /// Microseconds a slice starting now may take, at most `limit`: until shortly before the
  /// next frame is due. 0 when the frame is due and the slice should wait for it (`waitMilliseconds`
  /// later, say).
  public static func microsecondsLeft(limit: Int) -> Int {
    slices.sliceStarting(at: Int(g_get_monotonic_time()), limit: limit)
  }

  /// Microseconds the first slice after a frame gets at least (`FrameSlices`), which a slice
  /// with less may wait for.
  public static var afterFrameMicroseconds: Int { slices.shareMicroseconds }

  /// How long a slice told to wait waits before asking again: the frame that is due comes
  /// first, as it is above the slice's priority.
  public static let waitMilliseconds: UInt32 = 1
}
