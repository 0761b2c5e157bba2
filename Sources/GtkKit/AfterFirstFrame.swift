import CGtk

/// Work a window's first frame does not need, run once that frame is on screen: what runs
/// before it delays the window the user is waiting for.
@MainActor
public final class AfterFirstFrame {
  private var pending: [@MainActor () -> Void] = []
  private var painted = false
  private var handler: UInt = 0

  public init() {}

  /// Watches `window`, not yet realized, for its first painted frame.
  public func watch(_ window: UnsafeMutablePointer<GtkWidget>) {
    Signal.connect(raw(window), "realize") { [weak self] in
      guard let self, handler == 0, let clock = gtk_widget_get_frame_clock(window) else { return }
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

  private func runPending() {
    while !pending.isEmpty {
      pending.removeFirst()()
    }
  }
}
