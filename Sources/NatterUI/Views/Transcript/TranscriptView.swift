import CGtk
import GtkKit

/// The scrolling list of messages (`Messages`), filling the window above the composer.
@MainActor
final class TranscriptView: Widget {
  private let list: Widget
  private let model: Object

  init() {
    guard let store = g_list_store_new(natter_type_object()) else {
      fatalError("g_list_store_new returned NULL")
    }
    model = Object(adopting: raw(store))
    // The selection model takes its own reference to the store.
    g_object_ref(model.pointer)
    let selection = gtk_no_selection_new(OpaquePointer(model.pointer))
    let factory = gtk_signal_list_item_factory_new()
    list = Widget(gtk_list_view_new(selection, factory))

    let scroller = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list.widget)
    super.init(scroller!)
    gtk_widget_set_vexpand(widget, 1)
    addCSSClass("transcript")
    list.setAccessibleLabel("Messages")
  }
}
