import CGtk

/// The frame that shows what the user has just done, started without waiting for the frame
/// clock's next tick.
@MainActor
public enum FrameClock {
  /// Starts the next frame of `widget`'s window at the next main-loop iteration, not at its
  /// clock's next tick: while anything animates (the composer's blinking caret ticks the clock
  /// at 60 Hz) that tick is up to a refresh away, 8 ms on average. For a change the user waits
  /// to see (a sent message), after it has asked for its frame; never for animations, which
  /// the clock must pace. Returns whether a frame was waiting for its tick.
  @discardableResult
  public static func startNextFrameNow(of widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard let clock = gtk_widget_get_frame_clock(widget) else { return false }
    return natter_frame_clock_start_now(clock) != 0
  }
}
