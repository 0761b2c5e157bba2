import CGtk

/// Work a widget's first frame does not need, run once that frame is on screen: what runs
/// before it delays the window the user is waiting for.
@MainActor
public final class AfterFirstFrame {
  private var pending: [@MainActor () -> Void] = []
  private var painted = false
  private var handler: UInt = 0

  public init() {}

  /// Watches `widget`, not yet shown, for the first frame painted with it: a window at start,
  /// or a part first shown later.
  public func watch(_ widget: UnsafeMutablePointer<GtkWidget>) {
    Signal.connect(raw(widget), "map") { [weak self] in
      guard let self, handler == 0, let clock = gtk_widget_get_frame_clock(widget) else { return }
      handler = Signal.connect(raw(clock), "after-paint") { [weak self] in
        guard let self, !painted else { return }
        painted = true
        Signal.disconnect(raw(clock), handler)
        // At idle: the frame's own work, and whatever GTK queued after it, goes first.
        MainLoop.idle { [weak self] in self?.runPending() }
      }
    }
  }

  /// Runs `body` after the first frame, in the order given; at once (at idle) when it has
  /// already been painted.
  public func run(_ body: @escaping @MainActor () -> Void) {
    if painted && pending.isEmpty {
      MainLoop.idle(body)
    } else {
      pending.append(body)
    }
  }

  /// One task an idle: a frame that falls due meanwhile goes before the next task, not after
  /// all of them. Run together, Natter's held the main loop for 116–169 ms after its first
  /// frame at 1,000,000 messages; one an idle, the longest hold is 52–64 ms (issue 32).
  private func runPending() {
    guard !pending.isEmpty else { return }
    pending.removeFirst()()
    if !pending.isEmpty { MainLoop.idle { [weak self] in self?.runPending() } }
  }
}
