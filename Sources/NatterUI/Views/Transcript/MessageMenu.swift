import CGtk
import GtkKit
import NatterCore

/// The selected message's menu (Menu key, Shift+F10, right click): one button per
/// `MessageAction` the message offers, in the same order as the keys.
@MainActor
final class MessageMenu: Widget {
  /// An item was chosen.
  var onChoose: (MessageAction) -> Void = { _ in }
  /// The menu closed without or after a choice.
  var onClosed: () -> Void = {}
  private let box: Widget
  /// The items shown, for tests.
  private(set) var items: [(action: MessageAction, button: Widget)] = []

  init(parent: Widget) {
    box = Widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    super.init(gtk_popover_new())
    gtk_widget_set_parent(widget, parent.widget)
    gtk_popover_set_position(typed(), GTK_POS_BOTTOM)
    box.setAccessibleLabel(localized("Message actions"))
    gtk_popover_set_child(typed(), box.widget)
    Signal.connect(pointer, "closed") { [unowned self] in onClosed() }
  }

  isolated deinit { detach() }

  func detach() {
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
  }

  var isOpen: Bool { isVisible }

  /// Shows `actions` over `bounds`, the first focused.
  func open(_ actions: [MessageAction], pointingTo bounds: GdkRectangle?) {
    for item in items { gtk_box_remove(box.typed(), item.button.widget) }
    items = actions.map { action in
      let button = Widget(gtk_button_new_with_label(action.title))
      button.addCSSClass("flat")
      button.setAccessibleLabel(action.title)
      if let label = gtk_button_get_child(button.typed()) {
        gtk_label_set_xalign(OpaquePointer(label), 0)
      }
      Signal.connect(button.pointer, "clicked") { [unowned self] in
        // Chosen before the popover closes: `closed` runs it.
        onChoose(action)
        gtk_popover_popdown(typed())
      }
      gtk_box_append(box.typed(), button.widget)
      return (action, button)
    }
    if var bounds { gtk_popover_set_pointing_to(typed(), &bounds) }
    gtk_popover_popup(typed())
    _ = items.first?.button.grabFocus()
  }
}
