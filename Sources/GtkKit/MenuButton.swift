import CGtk

/// Menu buttons whose popover is made the first time it opens: a popover, and a menu model's
/// popover menu above all, costs start-up time the window may never need (issue 19).
@MainActor
public enum MenuButton {
  /// `make` returns the popover for `button` when it is first about to open.
  public static func makePopoverOnFirstOpen(
    _ button: UnsafeMutablePointer<GtkWidget>,
    _ make: @escaping @MainActor () -> UnsafeMutablePointer<GtkWidget>?
  ) {
    typealias Make = @MainActor () -> UnsafeMutablePointer<GtkWidget>?
    let box = Unmanaged.passRetained(HandlerBox<Make>(make)).toOpaque()
    // GTK calls this before every popup; only the first finds no popover.
    let create: GtkMenuButtonCreatePopupFunc = { menuButton, data in
      guard let menuButton, let data, gtk_menu_button_get_popover(menuButton) == nil else {
        return
      }
      let make = Unmanaged<HandlerBox<Make>>.fromOpaque(data).takeUnretainedValue().handler
      nonisolated(unsafe) let target = menuButton
      MainActor.assumeIsolated {
        if let popover = make() { gtk_menu_button_set_popover(target, popover) }
      }
    }
    let release: GDestroyNotify = { data in
      guard let data else { return }
      Unmanaged<HandlerBox<Make>>.fromOpaque(data).release()
    }
    gtk_menu_button_set_create_popup_func(OpaquePointer(button), create, box, release)
  }
}
