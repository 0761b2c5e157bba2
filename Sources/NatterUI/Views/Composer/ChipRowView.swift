import CGtk
import GtkKit
import NatterCore

/// The chips under the composer text (`Tags`): one `#tag` button and one `Remove #tag` button
/// each, in a row that scrolls sideways and keeps the newest chip in view.
@MainActor
final class ChipRowView: Widget {
  private struct Chip {
    let tag: String
    let container: Widget
    let button: Widget
  }

  private let box: Widget
  private var chips: [Chip] = []
  private var scrollToNewest = false

  /// A chip's remove button was clicked.
  var onRemove: (String) -> Void = { _ in }
  /// A key pressed while a chip has focus; returns true when it was handled.
  var onKey: (Key, KeyModifiers) -> Bool = { _, _ in false }

  init() {
    box = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    super.init(gtk_scrolled_window_new())
    let scroller = opaque
    gtk_scrolled_window_set_policy(scroller, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
    gtk_scrolled_window_set_child(scroller, box.widget)
    box.setAccessibleLabel(localized("Tags"))
    box.addCSSClass("chip-row")
    isVisible = false

    if let adjustment = gtk_scrolled_window_get_hadjustment(scroller) {
      Signal.connect(raw(adjustment), "changed") { [unowned self] in
        guard scrollToNewest else { return }
        scrollToNewest = false
        gtk_adjustment_set_value(
          adjustment,
          gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
      }
    }

    let keys = gtk_event_controller_key_new()
    Signal.connectKeyPressed(raw(keys!)) { [unowned self] keyval, state in
      guard let key = KeyEvent.key(keyval) else { return false }
      return onKey(key, KeyEvent.modifiers(state))
    }
    gtk_widget_add_controller(box.widget, keys)
  }

  var tags: [String] { chips.map(\.tag) }

  /// Whether the newest chip is fully scrolled into view.
  var showsNewestChip: Bool {
    guard let adjustment = gtk_scrolled_window_get_hadjustment(opaque) else { return false }
    let end = gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
    return end >= gtk_adjustment_get_upper(adjustment) - 1
  }

  func add(_ tag: String) {
    let container = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
    container.addCSSClass("chip")
    let hashtag = Hashtag(tag)
    let button = Widget(gtk_button_new_with_label(hashtag.description))
    // The label is user text: a plain label, never markup.
    button.setAccessibleLabel(hashtag.description)
    button.addCSSClass("flat")
    button.addCSSClass("chip-label")
    let remove = Widget(gtk_button_new_from_icon_name("window-close-symbolic"))
    remove.setAccessibleLabel(hashtag.removeButtonName)
    remove.setTooltip(hashtag.removeButtonName)
    remove.addCSSClass("flat")
    remove.addCSSClass("circular")
    remove.addCSSClass("chip-remove")
    Signal.connect(remove.pointer, "clicked") { [unowned self] in onRemove(tag) }
    gtk_box_append(container.typed(), button.widget)
    gtk_box_append(container.typed(), remove.widget)
    gtk_box_append(box.typed(), container.widget)
    chips.append(Chip(tag: tag, container: container, button: button))
    scrollToNewest = true
    isVisible = true
  }

  func remove(_ tag: String) {
    guard let index = chips.firstIndex(where: { $0.tag == tag }) else { return }
    let chip = chips.remove(at: index)
    gtk_box_remove(box.typed(), chip.container.widget)
    isVisible = !chips.isEmpty
  }

  func set(_ tags: [String]) {
    for chip in chips { gtk_box_remove(box.typed(), chip.container.widget) }
    chips.removeAll()
    tags.forEach(add)
    isVisible = !chips.isEmpty
  }

  func focus(index: Int) {
    guard chips.indices.contains(index) else { return }
    chips[index].button.grabFocus()
  }

  /// The index of the chip whose button has keyboard focus, if one has.
  var focusedIndex: Int? { chips.firstIndex { $0.button.hasFocus } }

  /// True when a chip button (not the text) has keyboard focus.
  var containsFocus: Bool {
    chips.contains { $0.button.hasFocus }
  }
}
