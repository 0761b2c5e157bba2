import CGtk

/// How long a slice of main-loop work (received lines, say) may run before the window's next
/// frame is due. An idle below GTK's redraw priority cannot be interrupted: a frame that falls
/// due while it runs waits for it to end, so a slice of a fixed length delayed a frame by up
/// to that length. Sized by this, a slice ends before the frame is due, and slice and frame
/// together fit one refresh interval when the window was idle.
@MainActor
public enum FrameBudget {
  /// Kept free before the frame is due: the main loop's own turn and clock reading.
  static let marginMicroseconds: Int = 1_500
  /// No slice is shorter than half an interval: when frames themselves take most of one (a
  /// loaded machine), slices sized to what is left got through a few lines each, and a burst
  /// took four times as long.
  static let minimumShare = 0.5

  private static var frameStart: Int = 0
  private static var frameLength: Int = 0
  private static var intervalMicroseconds: Int = 16_667

  /// Follows `window`'s frame clock from its realization on; one window paces the work.
  public static func follow(_ window: UnsafeMutablePointer<GtkWidget>) {
    Signal.connect(raw(window), "realize") {
      guard let frameClock = gtk_widget_get_frame_clock(window) else { return }
      Signal.connect(raw(frameClock), "before-paint") { frameStart = g_get_monotonic_time() }
      Signal.connect(raw(frameClock), "after-paint") {
        frameLength = g_get_monotonic_time() - frameStart
        var interval: gint64 = 0
        var presentation: gint64 = 0
        gdk_frame_clock_get_refresh_info(
          frameClock, gdk_frame_clock_get_frame_time(frameClock), &interval, &presentation)
        if interval > 0 { intervalMicroseconds = interval }
      }
    }
  }

  /// Microseconds a slice starting now may take, at most `limit`: until shortly before the
  /// next frame is due, or, when that time has passed (the window was idle), the interval less
  /// what the last frame took, since this slice's changes will be drawn right after it.
  public static func microsecondsLeft(limit: Int) -> Int {
    // Until the window has drawn a frame there is no frame to keep on time.
    guard frameStart > 0 else { return limit }
    let untilDue = frameStart + intervalMicroseconds - g_get_monotonic_time() - marginMicroseconds
    let left = untilDue > 0 ? untilDue : intervalMicroseconds - frameLength - marginMicroseconds
    return min(limit, max(Int(Double(intervalMicroseconds) * minimumShare), left))
  }
}
