import CGtk

extension Widget {
  /// Makes this window one of `parent`'s application's own, so the application's keyboard
  /// accelerators work in it as in `parent`: Quit quits from it, and Close window
  /// (`win.close`) closes it. Those of `parent`'s other `win.` actions find nothing here.
  ///
  /// The application then holds on until this window closes too: its owner decides whether
  /// the parent's closing ends it.
  public func joinApplication(of parent: UnsafeMutablePointer<GtkWindow>) {
    guard let application = gtk_window_get_application(parent) else { return }
    let window: UnsafeMutablePointer<GtkWindow> = typed()
    gtk_window_set_application(window, application)
    let actions = ActionGroup()
    _ = Action("close", in: actions.pointer) { gtk_window_close(window) }
    actions.insert(into: widget, prefix: "win")
  }
}

extension Widget {
  /// Gives `dialog` the Close window (`win.close`) and Quit (`app.quit`) keys of `parent`'s
  /// application, whose accelerators reach only the application's own windows.
  ///
  /// A modal dialog stays outside the application: there its other keys would act on the
  /// window behind it. Quit closes the dialog before it quits, as its own close would.
  public static func giveApplicationKeys(
    to dialog: UnsafeMutablePointer<GtkWindow>, over parent: UnsafeMutablePointer<GtkWindow>
  ) {
    guard let application = gtk_window_get_application(parent),
      let dialogWidget: UnsafeMutablePointer<GtkWidget> = cast(dialog),
      let controller = gtk_shortcut_controller_new()
    else { return }
    let actions = ActionGroup()
    _ = Action("close", in: actions.pointer) { gtk_window_close(dialog) }
    // The application, not the parent window: it outlives every window.
    let applicationActions = OpaquePointer(UnsafeMutableRawPointer(application))
    _ = Action("quit", in: actions.pointer) {
      gtk_window_close(dialog)
      g_action_group_activate_action(applicationActions, "quit", nil)
    }
    actions.insert(into: dialogWidget, prefix: "dialog")
    // Before the focused widget, as the application's own accelerators are.
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
    let shortcuts = OpaquePointer(UnsafeMutableRawPointer(controller))
    let keys = [("win.close", "dialog.close"), ("app.quit", "dialog.quit")]
    for (applicationAction, ownAction) in keys {
      guard let accelerators = gtk_application_get_accels_for_action(application, applicationAction)
      else { continue }
      defer { g_strfreev(accelerators) }
      var index = 0
      while let accelerator = accelerators[index] {
        index += 1
        guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else { continue }
        gtk_shortcut_controller_add_shortcut(
          shortcuts, gtk_shortcut_new(trigger, gtk_named_action_new(ownAction)))
      }
    }
    gtk_widget_add_controller(dialogWidget, controller)
  }
}
