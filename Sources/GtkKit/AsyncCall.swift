import CGtk

/// GIO's asynchronous calls and D-Bus signals with a Swift closure: the closure and what it
/// captures are kept alive by the box GLib is handed, and released when GLib is done with it,
/// so no view holds an unretained `self` in a C callback or balances a retain by hand.
@MainActor
public enum AsyncCall {
  /// A `GAsyncReadyCallback` and its user data that call `finish` once, on the main thread,
  /// with the source object and the result for the call's `_finish` function.
  public static func ready(
    _ finish: @escaping @MainActor (_ source: OpaquePointer?, _ result: OpaquePointer?) -> Void
  ) -> (callback: GAsyncReadyCallback, data: UnsafeMutableRawPointer) {
    typealias Finish = @MainActor (OpaquePointer?, OpaquePointer?) -> Void
    let box = Unmanaged.passRetained(HandlerBox<Finish>(finish)).toOpaque()
    let callback: GAsyncReadyCallback = { source, result, data in
      guard let data else { return }
      let handler = Unmanaged<HandlerBox<Finish>>.fromOpaque(data).takeRetainedValue().handler
      nonisolated(unsafe) let (source, result) = (source, result)
      MainActor.assumeIsolated { handler(source.map { OpaquePointer($0) }, result) }
    }
    return (callback, box)
  }

  /// Subscribes `handler` to a D-Bus signal on `connection`; it gets the signal's parameters.
  /// Returns the id for `g_dbus_connection_signal_unsubscribe`, which releases `handler`.
  public static func subscribe(
    _ connection: OpaquePointer, sender: String, interface: String, member: String,
    path: String, arg0: String?, _ handler: @escaping @MainActor (OpaquePointer) -> Void
  ) -> guint {
    typealias Handler = @MainActor (OpaquePointer) -> Void
    let box = Unmanaged.passRetained(HandlerBox<Handler>(handler)).toOpaque()
    return g_dbus_connection_signal_subscribe(
      connection, sender, interface, member, path, arg0, G_DBUS_SIGNAL_FLAGS_NONE,
      { _, _, _, _, _, parameters, data in
        guard let data, let parameters else { return }
        let handler = Unmanaged<HandlerBox<Handler>>.fromOpaque(data).takeUnretainedValue().handler
        nonisolated(unsafe) let changed = parameters
        MainActor.assumeIsolated { handler(changed) }
      }, box,
      { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
      })
  }
}
