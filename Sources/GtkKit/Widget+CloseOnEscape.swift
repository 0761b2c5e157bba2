import CGtk

extension Widget {
  /// Escape closes this window (dialogs and viewers that have no header-bar close of their
  /// own on the keyboard).
  public func closeOnEscape() {
    guard let controller = gtk_shortcut_controller_new() else { return }
    let shortcut = gtk_shortcut_new(
      gtk_shortcut_trigger_parse_string("Escape"), gtk_named_action_new("window.close"))
    gtk_shortcut_controller_add_shortcut(
      OpaquePointer(UnsafeMutableRawPointer(controller)), shortcut)
    gtk_widget_add_controller(widget, controller)
  }
}
