import CGtk

/// GNetworkMonitor's news that the network came back, so a waiting connection retries at once
/// instead of at the end of its backoff (SPEC §9).
@MainActor
public enum NetworkMonitor {
  /// Calls `handler` each time the default monitor reports the network available. The handler
  /// lives as long as the process (the default monitor is never finalized).
  public static func onAvailable(_ handler: @escaping @MainActor () -> Void) {
    guard let monitor = g_network_monitor_get_default() else { return }
    typealias Changed = @convention(c) (OpaquePointer?, gboolean, UnsafeMutableRawPointer?) -> Void
    let changed: Changed = { _, available, data in
      guard available != 0, let data else { return }
      let box = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data)
        .takeUnretainedValue()
      MainActor.assumeIsolated { box.handler() }
    }
    let box = Unmanaged.passRetained(HandlerBox<@MainActor () -> Void>(handler)).toOpaque()
    g_signal_connect_data(
      raw(monitor), "network-changed", unsafeBitCast(changed, to: GCallback.self), box, nil,
      GConnectFlags(0))
  }
}
