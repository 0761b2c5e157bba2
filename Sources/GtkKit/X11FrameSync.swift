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
@MainActor
public enum X11FrameSync {
  private static var watchesWindows = false

  /// Turns frame sync off where unsupported for every window shown from now on (the main
  /// window, Preferences, dialogs, the channel browser, which draws a frame for each page of a
  /// `/list`), each time it is mapped, at idle after the frame that shows it: before that
  /// frame the question would delay it. Once per process; later calls do nothing.
  public static func turnOffWhereUnsupportedForEveryWindow() {
    guard !watchesWindows, let toplevels = gtk_window_get_toplevels() else { return }
    watchesWindows = true
    Signal.connectItemsChanged(raw(toplevels)) { position, _, added in
      for index in position..<position + added {
        // The list keeps the window; `get_item` gave a reference of our own.
        guard let window = g_list_model_get_item(toplevels, index) else { continue }
        g_object_unref(window)
        turnOffAfterEachMap(of: window.assumingMemoryBound(to: GtkWidget.self))
      }
    }
  }

  private static func turnOffAfterEachMap(of window: UnsafeMutablePointer<GtkWidget>) {
    Signal.connect(raw(window), "map") {
      // Held until then: a window closed meanwhile is unrealized, and left alone. The fallback
      // only lets go of one closed before its first frame; a frame comes long before it.
      g_object_ref(raw(window))
      AfterNextFrame.run(of: window, fallback: 2000) {
        turnOffWhereUnsupported(for: window)
        g_object_unref(raw(window))
      }
    }
  }

  /// Turns frame sync off for `window`'s surface when the screen's window manager, if any, does
  /// not support it: GDK would not sync its frames then anyway, and no longer asks. Returns
  /// whether it did; false too for a window not realized or not on X11.
  ///
  /// GTK 4.8 can only turn it off (`gdk_x11_surface_set_frame_sync_enabled` sets false whatever
  /// it is given, gdksurface-x11.c), so this is decided once, when the window is first shown: a
  /// window manager that supports frame sync and starts after Natter (in a desktop session
  /// it starts first) leaves the window's frames paced by GDK's own clock, as without one.
  @discardableResult
  public static func turnOffWhereUnsupported(for window: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard let native = gtk_widget_get_native(window),
      let surface = gtk_native_get_surface(native),
      g_type_check_instance_is_a(
        UnsafeMutableRawPointer(surface).assumingMemoryBound(to: GTypeInstance.self),
        gdk_x11_surface_get_type()) != 0,
      let screen = gdk_x11_display_get_screen(gdk_surface_get_display(surface)),
      gdk_x11_screen_supports_net_wm_hint(screen, "_NET_WM_FRAME_DRAWN") == 0
    else { return false }
    gdk_x11_surface_set_frame_sync_enabled(surface, 0)
    return true
  }
}
