import CGtk
import GtkKit

/// Waits on GTK's main loop for something a test can observe, never for a fixed time: a fixed
/// wait is slow on a quiet machine and flaky on a loaded one (STYLE 13).
@MainActor
public enum Wait {
  /// Runs the main loop until `condition` holds or `timeout` seconds pass; returns whether it
  /// holds, so the test can `#expect` it.
  @discardableResult
  public static func until(timeout: Double = 10, _ condition: @MainActor () -> Bool) -> Bool {
    MainLoop.iterate(until: condition, seconds: timeout)
    return condition()
  }

  /// Runs the main loop until `widget`'s window has painted `count` more frames, the idle work
  /// each frame scheduled done before the next: a frame means layout is done, and the work
  /// layout defers to an idle (the transcript's scroll corrections, the composer's sizing) is
  /// on screen in the frame after it.
  public static func frames(
    _ count: Int = 2, of widget: UnsafeMutablePointer<GtkWidget>, timeout: Double = 10
  ) {
    until(timeout: timeout) { gtk_widget_get_frame_clock(widget) != nil }
    guard let clock = gtk_widget_get_frame_clock(widget) else { return }
    var painted = 0
    let handler = Signal.connect(raw(clock), "after-paint") { painted += 1 }
    defer { Signal.disconnect(raw(clock), handler) }
    for target in 1...max(1, count) {
      gtk_widget_queue_draw(widget)
      until(timeout: timeout) { painted >= target }
      MainLoop.iterate()
    }
  }
}
