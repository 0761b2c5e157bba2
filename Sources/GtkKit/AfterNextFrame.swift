import CGtk

/// Work that must not delay the frame about to show a change (a write that waits for the
/// disk): it runs once the next frame of a widget's window is painted, or after `fallback`
/// milliseconds when none is (a hidden window paints nothing), whichever is first.
@MainActor
public enum AfterNextFrame {
  public static func run(
    of widget: UnsafeMutablePointer<GtkWidget>, fallback: UInt32 = 100,
    _ body: @escaping @MainActor () -> Void
  ) {
    let once = OnceOnFrameClock(body)
    if let clock = gtk_widget_get_frame_clock(widget) {
      let instance = raw(clock)
      once.handler = Signal.connect(instance, "after-paint") {
        once.disconnect(from: instance)
        // At idle: the frame's own work, and whatever GTK queued after it, goes first.
        MainLoop.idle { once.run() }
      }
      once.clock = instance
    }
    MainLoop.timeout(milliseconds: fallback) {
      once.run()
      return false
    }
  }
}

/// A body that runs at most once, and the frame-clock handler that runs it (`AfterNextFrame`,
/// `AfterLayout`): running it disconnects the handler.
@MainActor
final class OnceOnFrameClock {
  private var body: (@MainActor () -> Void)?
  var clock: UnsafeMutableRawPointer?
  var handler: UInt = 0

  init(_ body: @escaping @MainActor () -> Void) { self.body = body }

  func run() {
    if let clock { disconnect(from: clock) }
    guard let body else { return }
    self.body = nil
    body()
  }

  func disconnect(from clock: UnsafeMutableRawPointer) {
    guard handler != 0 else { return }
    Signal.disconnect(clock, handler)
    handler = 0
  }
}
