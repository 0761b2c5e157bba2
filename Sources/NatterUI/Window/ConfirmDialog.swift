import CGtk
import GtkKit
import NatterCore

/// A small modal question with `Cancel` and one action button (GTK 4.8 has no
/// GtkAlertDialog, and GtkMessageDialog's constructors are variadic). Escape cancels.
@MainActor
enum ConfirmDialog {
  /// Asks `question` over `parent`; `confirmed` runs with the answer once it is given. The
  /// action button is red for what cannot be undone (`Leave`), else the suggested blue
  /// (`Send 12 lines`).
  static func ask(
    _ question: String, detail: String, action: String, isDestructive: Bool = true,
    over parent: UnsafeMutablePointer<GtkWindow>,
    confirmed: @escaping @MainActor (Bool) -> Void
  ) {
    let dialog = gtk_window_new()
    guard let dialog, let window: UnsafeMutablePointer<GtkWindow> = cast(dialog) else { return }
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    gtk_window_set_resizable(window, 0)
    gtk_window_set_title(window, question)
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
    gtk_widget_set_margin_top(box, 18)
    gtk_widget_set_margin_bottom(box, 18)
    gtk_widget_set_margin_start(box, 18)
    gtk_widget_set_margin_end(box, 18)
    let title = gtk_label_new(question)
    gtk_widget_add_css_class(title, "title-2")
    let body = gtk_label_new(detail)
    gtk_label_set_wrap(OpaquePointer(body), 1)
    gtk_label_set_max_width_chars(OpaquePointer(body), 40)
    let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
    gtk_widget_set_halign(buttons, GTK_ALIGN_END)
    let cancel = gtk_button_new_with_label(localized("Cancel"))
    let accept = gtk_button_new_with_label(action)
    gtk_widget_add_css_class(accept, isDestructive ? "destructive-action" : "suggested-action")
    gtk_box_append(cast(buttons), cancel)
    gtk_box_append(cast(buttons), accept)
    gtk_box_append(cast(box), title)
    gtk_box_append(cast(box), body)
    gtk_box_append(cast(box), buttons)
    gtk_window_set_child(window, box)
    var answered = false
    let answer = { (value: Bool) in
      guard !answered else { return }
      answered = true
      gtk_window_destroy(window)
      confirmed(value)
    }
    if let cancel { Signal.connect(raw(cancel), "clicked") { answer(false) } }
    if let accept { Signal.connect(raw(accept), "clicked") { answer(true) } }
    Signal.connectReturning(raw(dialog), "close-request") {
      answer(false)
      return false
    }
    if let keys = gtk_event_controller_key_new() {
      Signal.connectKeyPressed(raw(keys)) { keyval, state in
        guard let key = KeyEvent.key(keyval),
          Keymap.action(
            for: key, modifiers: KeyEvent.modifiers(state), in: KeyContext(focus: .dialog))
            == .cancelDialog
        else { return false }
        answer(false)
        return true
      }
      gtk_widget_add_controller(dialog, keys)
    }
    Widget.giveApplicationKeys(to: window, over: parent)
    gtk_window_set_default_widget(window, accept)
    gtk_window_present(window)
    gtk_widget_grab_focus(accept)
  }
}
