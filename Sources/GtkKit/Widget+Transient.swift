import CGtk

extension Widget {
  /// Keeps this window above `parent` and destroys it when `parent` is destroyed.
  ///
  /// GTK 4.8's `destroy-with-parent` alone destroys the window from the parent's "destroy"
  /// but leaves it pointing at the parent, and `gtk_window_dispose` disconnects from that
  /// parent when the window's last reference goes. A Swift owner that lets go of the window
  /// after the parent is freed had GObject reach into freed memory ("instance with invalid
  /// (NULL) class pointer"). So the window lets go of its parent as it is destroyed, while
  /// the parent is still whole.
  public func setTransient(destroyedWith parent: UnsafeMutablePointer<GtkWindow>) {
    let window: UnsafeMutablePointer<GtkWindow> = typed()
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_destroy_with_parent(window, 1)
    Signal.connect(pointer, "unrealize") {
      guard let parent = gtk_window_get_transient_for(window),
        gtk_widget_in_destruction(cast(parent)) != 0
      else { return }
      gtk_window_set_transient_for(window, nil)
    }
  }
}
