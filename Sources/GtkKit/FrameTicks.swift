import CGtk

/// Work done once per frame of a widget, at the start of each frame (before its layout), so
/// each call sees what the previous frame laid out: unlike an idle, which can run many times
/// between two frames.
@MainActor
public enum FrameTicks {
  /// Calls `body` at the start of each frame `widget` is drawn in, while it returns true.
  /// Returns the id for `stop`.
  @discardableResult
  public static func each(
    of widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor () -> Bool
  ) -> UInt32 {
    let box = Unmanaged.passRetained(HandlerBox<@MainActor () -> Bool>(body)).toOpaque()
    let tick: GtkTickCallback = { _, _, data in
      guard let data else { return 0 }
      let handler = Unmanaged<HandlerBox<@MainActor () -> Bool>>.fromOpaque(data)
        .takeUnretainedValue().handler
      return MainActor.assumeIsolated { handler() }.gboolean
    }
    let release: GDestroyNotify = { data in
      guard let data else { return }
      Unmanaged<AnyObject>.fromOpaque(data).release()
    }
    return UInt32(gtk_widget_add_tick_callback(widget, tick, box, release))
  }

  /// Removes a callback `each` added to `widget` that has not ended itself.
  public static func stop(_ id: UInt32, of widget: UnsafeMutablePointer<GtkWidget>) {
    guard id != 0 else { return }
    gtk_widget_remove_tick_callback(widget, guint(id))
  }
}
