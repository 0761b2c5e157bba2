import CGtk
import GtkKit
import NatterCore
import NatterStore

/// The scrolling list of messages (`Messages`), filling the window above the composer.
@MainActor
final class TranscriptView: Widget {
  private let store: MessageStore
  private let list: Widget
  private let model: IndexListModel
  private let factory: Object

  init(store: MessageStore) {
    self.store = store
    model = IndexListModel(count: (try? store.count()) ?? 0)
    factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    g_object_ref(model.pointer)  // the selection model takes this reference
    let selection = gtk_no_selection_new(model.opaque)
    g_object_ref(factory.pointer)  // the list view takes this reference
    list = Widget(gtk_list_view_new(selection, factory.opaque))
    super.init(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(opaque, list.widget)
    gtk_widget_set_vexpand(widget, 1)
    addCSSClass("transcript")
    list.setAccessibleLabel("Messages")

    Signal.connect(factory.pointer, "setup") { item in
      let label = gtk_label_new(nil)
      gtk_label_set_wrap(OpaquePointer(label), 1)
      gtk_label_set_xalign(OpaquePointer(label), 0)
      gtk_label_set_selectable(OpaquePointer(label), 1)
      gtk_list_item_set_child(OpaquePointer(item), label)
    }
    Signal.connect(factory.pointer, "bind") { item in
      guard let item = OpaquePointer(item), let object = gtk_list_item_get_item(item),
        let label = gtk_list_item_get_child(item)
      else { return }
      let position = IndexListModel.position(ofItem: object)
      let message = (try? store.messages(fromPosition: position, limit: 1))?.first
      // Plain text: user text is never markup.
      gtk_label_set_text(OpaquePointer(label), message.map { "\($0.sender): \($0.body)" } ?? "")
    }
  }

  /// A message was stored and belongs at the end.
  func append(_ message: Message, own: Bool) {
    model.append(1)
    scrollToNewest()
  }

  /// A stored message changed (an edit).
  func replace(_ message: Message) {
    model.reset(count: (try? store.count()) ?? 0)
  }

  /// Page Up/Down, Ctrl+Home/End from anywhere in the window.
  func scroll(_ action: KeyAction) {
    guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque) else { return }
    let page = gtk_adjustment_get_page_size(adjustment)
    let value = gtk_adjustment_get_value(adjustment)
    switch action {
    case .scrollPageUp: gtk_adjustment_set_value(adjustment, value - page * 0.9)
    case .scrollPageDown: gtk_adjustment_set_value(adjustment, value + page * 0.9)
    case .scrollToOldest: natter_list_scroll_to_item(list.widget, 0)
    case .scrollToNewest: scrollToNewest()
    default: break
    }
  }

  private func scrollToNewest() {
    let count = model.count
    guard count > 0 else { return }
    MainLoop.idle { [weak self] in
      guard let self else { return }
      natter_list_scroll_to_item(list.widget, guint(count - 1))
    }
  }
}
