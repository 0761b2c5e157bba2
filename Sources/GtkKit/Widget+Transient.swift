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

extension Widget {
  /// Makes this window one of `parent`'s application's own, so the application's keyboard
  /// accelerators work in it as in `parent`: Quit quits from it, and Close window
  /// (`win.close`) closes it. Those of `parent`'s other `win.` actions find nothing here.
  ///
  /// The application then holds on until this window closes too; one whose parent's closing
  /// should end it needs `setTransient(destroyedWith:)` or its owner's say.
  public func joinApplication(of parent: UnsafeMutablePointer<GtkWindow>) {
    guard let application = gtk_window_get_application(parent) else { return }
    let window: UnsafeMutablePointer<GtkWindow> = typed()
    gtk_window_set_application(window, application)
    let actions = ActionGroup()
    _ = Action("close", in: actions.pointer) { gtk_window_close(window) }
    actions.insert(into: widget, prefix: "win")
  }
}
