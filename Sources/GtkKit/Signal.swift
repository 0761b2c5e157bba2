import CGtk

/// Holds a Swift closure for the life of one signal handler; released by GLib's closure notify.
final class HandlerBox<Handler> {
  let handler: Handler
  init(_ handler: Handler) { self.handler = handler }
}

private func unbox<Handler>(_ data: UnsafeMutableRawPointer?, as _: Handler.Type) -> Handler? {
  guard let data else { return nil }
  return Unmanaged<HandlerBox<Handler>>.fromOpaque(data).takeUnretainedValue().handler
}

/// GLib calls this when the handler is disconnected or its instance finalized; the retain taken
/// at connection is dropped exactly then, so a closure can never outlive or predecease its handler.
private let releaseBox: GClosureNotify = { data, _ in
  guard let data else { return }
  Unmanaged<AnyObject>.fromOpaque(data).release()
}

@MainActor
private func connect<Handler>(
  _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler,
  through trampoline: UnsafeRawPointer, after: Bool = false
) -> UInt {
  let box = Unmanaged.passRetained(HandlerBox(handler) as AnyObject).toOpaque()
  return UInt(
    g_signal_connect_data(
      instance, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseBox,
      after ? G_CONNECT_AFTER : GConnectFlags(0)))
}

/// Signal connection with boxed Swift closures. Each overload matches one C handler shape;
/// the closure runs on the main thread, where GTK emits every signal we connect.
@MainActor
public enum Signal {
  public typealias Pointer = UnsafeMutableRawPointer

  /// `void handler(instance)`: clicked, changed, value-changed, activate, destroy.
  @discardableResult
  public static func connect(
    _ instance: Pointer, _ signal: String, after: Bool = false,
    _ handler: @escaping @MainActor () -> Void
  ) -> UInt {
    typealias H = @MainActor () -> Void
    let trampoline: @convention(c) (Pointer?, Pointer?) -> Void = { _, data in
      MainActor.assumeIsolated { unbox(data, as: H.self)?() }
    }
    return GtkKit.connect(
      instance, signal, handler as H, through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      after: after)
  }

  /// `void handler(instance, gpointer arg)`: notify::x (GParamSpec), factory setup/bind
  /// (GtkListItem), action activate (GVariant), mark-set style signals with one pointer.
  @discardableResult
  public static func connect(
    _ instance: Pointer, _ signal: String, after: Bool = false,
    _ handler: @escaping @MainActor (Pointer?) -> Void
  ) -> UInt {
    typealias H = @MainActor (Pointer?) -> Void
    let trampoline: @convention(c) (Pointer?, Pointer?, Pointer?) -> Void = { _, arg, data in
      nonisolated(unsafe) let arg = arg
      MainActor.assumeIsolated { unbox(data, as: H.self)?(arg) }
    }
    return GtkKit.connect(
      instance, signal, handler as H, through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      after: after)
  }

  /// `void handler(instance, gpointer a, gpointer b)`: delete-range (start, end iters),
  /// mark-set (iter, mark).
  @discardableResult
  public static func connect(
    _ instance: Pointer, _ signal: String, after: Bool = false,
    _ handler: @escaping @MainActor (Pointer?, Pointer?) -> Void
  ) -> UInt {
    typealias H = @MainActor (Pointer?, Pointer?) -> Void
    let trampoline: @convention(c) (Pointer?, Pointer?, Pointer?, Pointer?) -> Void = {
      _, a, b, data in
      nonisolated(unsafe) let (a, b) = (a, b)
      MainActor.assumeIsolated { unbox(data, as: H.self)?(a, b) }
    }
    return GtkKit.connect(
      instance, signal, handler as H, through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self),
      after: after)
  }

  /// `void handler(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent event)`:
  /// a file monitor's changed, with the file.
  @discardableResult
  public static func connectFileChanged(
    _ monitor: Pointer, _ handler: @escaping @MainActor (_ file: Pointer?) -> Void
  ) -> UInt {
    typealias H = @MainActor (Pointer?) -> Void
    let trampoline: @convention(c) (Pointer?, Pointer?, Pointer?, UInt32, Pointer?) -> Void = {
      _, file, _, _, data in
      nonisolated(unsafe) let file = file
      MainActor.assumeIsolated { unbox(data, as: H.self)?(file) }
    }
    return GtkKit.connect(
      monitor, "changed", handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// `gboolean handler(instance)`: close-request and other "stop the default" signals.
  @discardableResult
  public static func connectReturning(
    _ instance: Pointer, _ signal: String, _ handler: @escaping @MainActor () -> Bool
  ) -> UInt {
    typealias H = @MainActor () -> Bool
    let trampoline: @convention(c) (Pointer?, Pointer?) -> gboolean = { _, data in
      MainActor.assumeIsolated { (unbox(data, as: H.self)?() ?? false).gboolean }
    }
    return GtkKit.connect(
      instance, signal, handler as H, through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// `gint command-line(application, command_line)`: the status is the launch's exit status.
  @discardableResult
  public static func connectCommandLine(
    _ instance: Pointer, _ handler: @escaping @MainActor (Pointer?) -> Int32
  ) -> UInt {
    typealias H = @MainActor (Pointer?) -> Int32
    let trampoline: @convention(c) (Pointer?, Pointer?, Pointer?) -> gint = { _, line, data in
      MainActor.assumeIsolated { unbox(data, as: H.self)?(line) ?? 1 }
    }
    return GtkKit.connect(
      instance, "command-line", handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// `gboolean key-pressed(controller, keyval, keycode, state)`; return true to stop the key.
  @discardableResult
  public static func connectKeyPressed(
    _ controller: Pointer, _ handler: @escaping @MainActor (UInt32, GdkModifierType) -> Bool
  ) -> UInt {
    typealias H = @MainActor (UInt32, GdkModifierType) -> Bool
    let trampoline: @convention(c) (Pointer?, guint, guint, GdkModifierType, Pointer?) -> gboolean =
      { _, keyval, _, state, data in
        MainActor.assumeIsolated { (unbox(data, as: H.self)?(keyval, state) ?? false).gboolean }
      }
    return GtkKit.connect(
      controller, "key-pressed", handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// `void insert-text(buffer, GtkTextIter *location, char *text, int length)`.
  @discardableResult
  public static func connectInsertText(
    _ buffer: Pointer, after: Bool = false,
    _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkTextIter>?, String) -> Void
  ) -> UInt {
    typealias H = @MainActor (UnsafeMutablePointer<GtkTextIter>?, String) -> Void
    let trampoline:
      @convention(c) (
        Pointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<CChar>?, gint, Pointer?
      )
        -> Void = { _, iter, text, length, data in
          nonisolated(unsafe) let iter = iter
          let inserted = text.map { pointer in
            String(
              decoding: UnsafeRawBufferPointer(start: pointer, count: Int(max(length, 0))),
              as: UTF8.self)
          }
          MainActor.assumeIsolated { unbox(data, as: H.self)?(iter, inserted ?? "") }
        }
    return GtkKit.connect(
      buffer, "insert-text", handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self), after: after)
  }

  /// `void items-changed(GListModel *list, guint position, guint removed, guint added)`.
  @discardableResult
  public static func connectItemsChanged(
    _ model: Pointer, _ handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void
  ) -> UInt {
    typealias H = @MainActor (UInt32, UInt32, UInt32) -> Void
    let trampoline: @convention(c) (Pointer?, guint, guint, guint, Pointer?) -> Void = {
      _, position, removed, added, data in
      MainActor.assumeIsolated { unbox(data, as: H.self)?(position, removed, added) }
    }
    return GtkKit.connect(
      model, "items-changed", handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// `void activate(GtkListView *, guint position)`: the position activated.
  @discardableResult
  public static func connectPosition(
    _ instance: Pointer, _ signal: String, _ handler: @escaping @MainActor (UInt32) -> Void
  ) -> UInt {
    typealias H = @MainActor (UInt32) -> Void
    let trampoline: @convention(c) (Pointer?, guint, Pointer?) -> Void = { _, position, data in
      MainActor.assumeIsolated { unbox(data, as: H.self)?(position) }
    }
    return GtkKit.connect(
      instance, signal, handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// `void pressed(GtkGestureClick *, int n_press, double x, double y)`: the press count.
  @discardableResult
  public static func connectPressed(
    _ gesture: Pointer, _ handler: @escaping @MainActor (Int32) -> Void
  ) -> UInt {
    typealias H = @MainActor (Int32) -> Void
    let trampoline: @convention(c) (Pointer?, gint, gdouble, gdouble, Pointer?) -> Void = {
      _, presses, _, _, data in
      MainActor.assumeIsolated { unbox(data, as: H.self)?(presses) }
    }
    return GtkKit.connect(
      gesture, "pressed", handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// `gboolean query-tooltip(widget, x, y, keyboard_mode, GtkTooltip *)`: the handler returns
  /// the tooltip's text when asked, so it is computed only when a tooltip is about to show.
  @discardableResult
  public static func connectQueryTooltip(
    _ widget: Pointer, _ handler: @escaping @MainActor () -> String?
  ) -> UInt {
    typealias H = @MainActor () -> String?
    let trampoline:
      @convention(c) (Pointer?, gint, gint, gboolean, OpaquePointer?, Pointer?) -> gboolean = {
        _, _, _, _, tooltip, data in
        nonisolated(unsafe) let tooltip = tooltip
        return MainActor.assumeIsolated {
          guard let text = unbox(data, as: H.self)?() else { return 0 }
          gtk_tooltip_set_text(tooltip, text)
          return 1
        }
      }
    gtk_widget_set_has_tooltip(widget.assumingMemoryBound(to: GtkWidget.self), 1)
    return GtkKit.connect(
      widget, "query-tooltip", handler as H,
      through: unsafeBitCast(trampoline, to: UnsafeRawPointer.self))
  }

  /// Disconnects one handler; its closure is released by the closure notify.
  public static func disconnect(_ instance: Pointer, _ handlerID: UInt) {
    g_signal_handler_disconnect(instance, gulong(handlerID))
  }

  /// Disconnects one handler of an instance still held but perhaps disposed of: a destroyed
  /// toplevel surface disposes of its frame clock, and with it every handler, before letting
  /// go of it (gdk/gdksurface.c, GTK 4.8), and disconnecting one again logs a warning.
  public static func disconnectIfConnected(_ instance: Pointer, _ handlerID: UInt) {
    guard g_signal_handler_is_connected(instance, gulong(handlerID)) != 0 else { return }
    g_signal_handler_disconnect(instance, gulong(handlerID))
  }
}
