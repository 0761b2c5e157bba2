import CGtk

extension Widget {
  /// Keeps this window above `parent` and destroys it when `parent` is destroyed.
  ///
  /// GTK 4.8's `destroy-with-parent` alone destroys the window from the parent's "destroy"
  /// but leaves it pointing at the parent, and `gtk_window_dispose` disconnects from that
  /// parent when the window's last reference goes. A Swift owner that lets go of the window
  /// after the parent is freed had GObject reach into freed memory ("instance with invalid
  /// (NULL) class pointer"). So the window lets go of its parent as it is destroyed, however
  /// that comes (its own close or its parent's), while the parent is still whole. A window
  /// never shown is never unrealized; the windows that use this are shown at once.
  public func setTransient(destroyedWith parent: UnsafeMutablePointer<GtkWindow>) {
    let window: UnsafeMutablePointer<GtkWindow> = typed()
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_destroy_with_parent(window, 1)
    Signal.connect(pointer, "unrealize") {
      // `gtk_window_destroy` takes the window out of the toplevels before unrealizing it; a
      // window unrealized for another reason (a new display) keeps its parent.
      guard gtk_window_get_transient_for(window) != nil, !Self.isToplevel(window) else { return }
      gtk_window_set_transient_for(window, nil)
    }
  }

  private static func isToplevel(_ window: UnsafeMutablePointer<GtkWindow>) -> Bool {
    guard let toplevels = gtk_window_get_toplevels() else { return false }
    for index in 0..<g_list_model_get_n_items(toplevels) {
      guard let item = g_list_model_get_item(toplevels, index) else { continue }
      g_object_unref(item)
      if item == UnsafeMutableRawPointer(window) { return true }
    }
    return false
  }
}
