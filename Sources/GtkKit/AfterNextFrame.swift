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
      once.attach(to: instance, holding: true) {
        Signal.connect(instance, "after-paint") {
          once.disconnect()
          // At idle: the frame's own work, and whatever GTK queued after it, goes first.
          MainLoop.idle { once.run() }
        }
      }
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
  private var clock: UnsafeMutableRawPointer?
  private var handler: UInt = 0
  private var holdsClock = false

  init(_ body: @escaping @MainActor () -> Void) { self.body = body }

  /// Keeps the handler `connect` makes on `clock`; `holding` keeps the clock alive until then.
  ///
  /// Anything disconnected from outside the clock's own signals needs it: a window destroyed
  /// before its next frame lets go of its surface's clock, and a fallback that then
  /// disconnected from it would reach into freed memory (a crash in GObject, issue 32's CI
  /// run). Without it a handler never run goes with the clock.
  func attach(to clock: UnsafeMutableRawPointer, holding: Bool, _ connect: () -> UInt) {
    if holding { g_object_ref(clock) }
    holdsClock = holding
    self.clock = clock
    handler = connect()
  }

  func run() {
    disconnect()
    guard let body else { return }
    self.body = nil
    body()
  }

  func disconnect() {
    guard let clock else { return }
    self.clock = nil
    Signal.disconnectIfConnected(clock, handler)
    handler = 0
    if holdsClock { g_object_unref(clock) }
  }
}
