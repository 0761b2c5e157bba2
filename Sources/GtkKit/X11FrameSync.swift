import CGtk

/// Keeps GTK 4.8 from asking the X server, twice in every frame, about a window manager that is
/// not there (issue 32).
///
/// At the end of each frame GDK's X11 backend asks whether the window manager supports
/// `_NET_WM_FRAME_DRAWN`. With a window manager the answer is remembered; with none (a bare X
/// server, a kiosk, the test and bench sessions), `fetch_net_wm_check_window` in GTK 4.8 only
/// remembers when it last looked once it has found one, so both questions are round trips to
/// the X server: `XGetWindowProperty` on the root window, the main thread blocked until the
/// reply. In a burst of 10,000 messages the X server shares the second core with the store's
/// writer, and frames that missed their 33 ms had spent up to 17 ms of their time blocked, not
/// drawing.
///
/// Frame sync cannot be used without a window manager that supports it, so turning it off for
/// the surface changes nothing the window does and skips both questions. The screen is looked
/// at again every 15 s, GTK's own interval for a window manager it has not found, and frame
/// sync is turned back on when one that supports it appears.
@MainActor
public final class X11FrameSync {
  private let surface: OpaquePointer
  private let screen: OpaquePointer
  private var timer: UInt32 = 0
  private var enabled = true

  /// Watches `window`'s surface; nil when the window is not realized or not on X11.
  public init?(window: UnsafeMutablePointer<GtkWidget>) {
    guard let native = gtk_widget_get_native(window),
      let surface = gtk_native_get_surface(native),
      g_type_check_instance_is_a(
        UnsafeMutableRawPointer(surface).assumingMemoryBound(to: GTypeInstance.self),
        gdk_x11_surface_get_type()) != 0,
      let screen = gdk_x11_display_get_screen(gdk_surface_get_display(surface))
    else { return nil }
    self.surface = surface
    self.screen = screen
    g_object_ref(UnsafeMutableRawPointer(surface))
    update()
    timer = MainLoop.timeout(milliseconds: 15_000, priority: G_PRIORITY_LOW) { [weak self] in
      self?.update()
      return self != nil
    }
  }

  isolated deinit {
    MainLoop.cancel(timer)
    g_object_unref(UnsafeMutableRawPointer(surface))
  }

  private func update() {
    let supported = gdk_x11_screen_supports_net_wm_hint(screen, "_NET_WM_FRAME_DRAWN") != 0
    guard supported != enabled else { return }
    enabled = supported
    gdk_x11_surface_set_frame_sync_enabled(surface, supported ? 1 : 0)
  }
}
