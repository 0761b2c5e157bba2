import CGtk

/// POSIX signals handled on GTK's main loop (`g_unix_signal_add`), so the handler may do what
/// any other main-loop callback does: close windows, write to sockets, quit.
@MainActor
public enum UnixSignal {
  /// Runs `body` on the main loop each time `signal` arrives, in place of its default action.
  /// GLib handles SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2 and SIGWINCH. Returns the source
  /// id for `MainLoop.cancel`; cancelling it restores the default action.
  @discardableResult
  public static func handle(_ signal: Int32, _ body: @escaping @MainActor () -> Void) -> UInt32 {
    let box = Unmanaged.passRetained(HandlerBox<@MainActor () -> Void>(body)).toOpaque()
    let arrived: GSourceFunc = { data in
      guard let data else { return 0 }
      let handler = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data)
        .takeUnretainedValue().handler
      MainActor.assumeIsolated { handler() }
      return 1  // G_SOURCE_CONTINUE: a second signal is handled too, never the default action.
    }
    return g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, arrived, box) { data in
      guard let data else { return }
      Unmanaged<AnyObject>.fromOpaque(data).release()
    }
  }
}
