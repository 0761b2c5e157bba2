import CGtk

/// Work scheduled on GTK's main loop. `Task { @MainActor in }` and `DispatchQueue.main` do not
/// run while GTK owns the loop, so deferred UI work goes through these.
@MainActor
public enum MainLoop {
  /// Just below GTK's redraw (`GDK_PRIORITY_REDRAW`, 120) and above GtkTextView's background
  /// layout of its lines (`GDK_PRIORITY_REDRAW + 5`): work here never delays a frame that is
  /// due, and is not held back until a text view has laid out every line it holds.
  public static let afterRedraw: Int32 = 122

  /// Below the default idle priority: work done ahead of need, which waits while work at the
  /// default idle (a stream of input handled in slices) still has something to do.
  public static let aheadOfNeed: Int32 = G_PRIORITY_DEFAULT_IDLE + 10

  /// Runs `body` once when the loop is idle. Returns the source id for `cancel`.
  @discardableResult
  public static func idle(
    priority: Int32 = G_PRIORITY_DEFAULT_IDLE, _ body: @escaping @MainActor () -> Void
  ) -> UInt32 {
    let box = Unmanaged.passRetained(HandlerBox<@MainActor () -> Void>(body)).toOpaque()
    let once: GSourceFunc = { data in
      MainActor.assumeIsolated { unboxSource(data)?() }
      return 0  // G_SOURCE_REMOVE
    }
    return g_idle_add_full(priority, once, box, releaseSourceBox)
  }

  /// Runs `body` once on the main loop; callable from any thread (`g_idle_add` is thread-safe),
  /// which is how work done on a background thread reports back.
  public nonisolated static func post(_ body: @escaping @Sendable @MainActor () -> Void) {
    let box = Unmanaged.passRetained(HandlerBox<@MainActor () -> Void>(body)).toOpaque()
    let once: GSourceFunc = { data in
      // The default main context runs this on the main thread.
      let handler = data.map {
        Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque($0).takeUnretainedValue().handler
      }
      MainActor.assumeIsolated { handler?() }
      return 0  // G_SOURCE_REMOVE
    }
    g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, once, box, releaseSourceBox)
  }

  /// Runs `body` after `milliseconds`, again every `milliseconds` while it returns true.
  @discardableResult
  public static func timeout(
    milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT,
    _ body: @escaping @MainActor () -> Bool
  ) -> UInt32 {
    let box = Unmanaged.passRetained(HandlerBox<@MainActor () -> Bool>(body)).toOpaque()
    let tick: GSourceFunc = { data in
      guard let data else { return 0 }
      let handler = Unmanaged<HandlerBox<@MainActor () -> Bool>>.fromOpaque(data)
        .takeUnretainedValue().handler
      return MainActor.assumeIsolated { handler() }.gboolean
    }
    return g_timeout_add_full(priority, milliseconds, tick, box, releaseSourceBox)
  }

  /// Removes a pending source; its closure is released by the destroy notify.
  public static func cancel(_ sourceID: UInt32) {
    guard sourceID != 0 else { return }
    g_source_remove(sourceID)
  }

  /// Runs the default main context until `condition` holds or `seconds` pass; for tests and
  /// the command-line paths that need pending GTK work done.
  public static func iterate(
    until condition: @MainActor () -> Bool = { false }, seconds: Double = 0
  ) {
    let deadline = g_get_monotonic_time() + gint64(seconds * 1_000_000)
    repeat {
      while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
      if condition() { return }
      if seconds > 0 { g_usleep(1000) }
    } while g_get_monotonic_time() < deadline
  }
}

private func unboxSource(_ data: UnsafeMutableRawPointer?) -> (@MainActor () -> Void)? {
  guard let data else { return nil }
  return Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue()
    .handler
}

private let releaseSourceBox: GDestroyNotify = { data in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}
