import CGtk
import GtkKit
import NatterCore

/// The small entry that Add tag and Ctrl+T open: type a tag, or pick one used before.
@MainActor
final class TagEntryPopover: Widget {
  private let entry: Widget
  private let suggestions: Widget
  private var shown: [String] = []

  /// Enter in the entry, or a suggestion chosen: the text to add as a tag.
  var onConfirm: (String) -> Void = { _ in }
  /// The popover closed, by Escape, a click outside or after a confirm.
  var onClosed: () -> Void = {}
  /// The completions for what has been typed so far.
  var completions: (String) -> [String] = { _ in [] }

  init(parent: Widget) {
    entry = Widget(gtk_entry_new())
    suggestions = Widget(gtk_list_box_new())
    super.init(gtk_popover_new())
    gtk_widget_set_parent(widget, parent.widget)
    gtk_popover_set_position(typed(), GTK_POS_TOP)

    gtk_entry_set_placeholder_text(entry.typed(), localized("Tag"))
    entry.setAccessibleLabel(localized("New tag"))
    gtk_widget_set_size_request(entry.widget, 220, -1)
    Signal.connect(entry.pointer, "activate") { [unowned self] in confirm() }
    Signal.connect(entry.pointer, "changed") { [unowned self] in refreshSuggestions() }

    suggestions.setAccessibleLabel(localized("Earlier tags"))
    suggestions.addCSSClass("tag-suggestions")
    gtk_list_box_set_selection_mode(suggestions.opaque, GTK_SELECTION_BROWSE)
    Signal.connect(suggestions.pointer, "row-activated") { [unowned self] row in
      guard let row else { return }
      let index = Int(gtk_list_box_row_get_index(cast(row)))
      if shown.indices.contains(index) { onConfirm(shown[index]) }
    }

    let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
    gtk_box_append(cast(column), entry.widget)
    gtk_box_append(cast(column), suggestions.widget)
    gtk_popover_set_child(typed(), column)
    Signal.connect(pointer, "closed") { [unowned self] in onClosed() }
  }

  isolated deinit {
    detach()
  }

  /// Takes the popover off its parent button; safe to call more than once.
  func detach() {
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
  }

  func open() {
    gtk_editable_set_text(OpaquePointer(entry.pointer), "")
    refreshSuggestions()
    gtk_popover_popup(typed())
    entry.grabFocus()
  }

  func close() { gtk_popover_popdown(typed()) }

  /// Adds what is typed, as Enter in the entry does.
  func confirm() {
    onConfirm(string(gtk_editable_get_text(OpaquePointer(entry.pointer))) ?? "")
  }

  var isOpen: Bool { isVisible }

  private func refreshSuggestions() {
    let typed = string(gtk_editable_get_text(OpaquePointer(entry.pointer))) ?? ""
    shown = completions(Hashtag.strippingHash(typed))
    gtk_list_box_remove_all_rows(suggestions)
    for tag in shown {
      let label = gtk_label_new("#" + tag)
      gtk_widget_set_halign(label, GTK_ALIGN_START)
      gtk_list_box_append(suggestions.opaque, label)
    }
    suggestions.isVisible = !shown.isEmpty
  }
}

/// GTK 4.8 has no `gtk_list_box_remove_all` (4.12).
@MainActor
private func gtk_list_box_remove_all_rows(_ list: Widget) {
  while let row = gtk_widget_get_first_child(list.widget) {
    gtk_list_box_remove(list.opaque, row)
  }
}
