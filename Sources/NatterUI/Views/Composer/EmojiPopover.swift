import CGtk
import GtkKit
import NatterCore

/// The `:name` completions over the composer's caret: emoji and name per row, the highlighted
/// one selected (so screen readers announce it). It never takes the keyboard: the composer
/// keeps the focus and its keys move the highlight (`EmojiCompletion`).
@MainActor
final class EmojiPopover: Widget {
  private let list: Widget
  private var shown: [EmojiEntry] = []

  /// A row was clicked: its position.
  var onChoose: (Int) -> Void = { _ in }

  init(parent: Widget) {
    list = Widget(gtk_list_box_new())
    super.init(gtk_popover_new())
    gtk_widget_set_parent(widget, parent.widget)
    let popover: UnsafeMutablePointer<GtkPopover> = typed()
    gtk_popover_set_position(popover, GTK_POS_TOP)
    // Not modal and never focused: typing goes on in the composer while it shows.
    gtk_popover_set_autohide(popover, 0)
    gtk_widget_set_can_focus(widget, 0)
    gtk_widget_set_focusable(widget, 0)
    addCSSClass("emoji-completion")

    list.setAccessibleLabel(localized("Emoji"))
    gtk_widget_set_can_focus(list.widget, 0)
    gtk_widget_set_focusable(list.widget, 0)
    gtk_list_box_set_selection_mode(list.opaque, GTK_SELECTION_SINGLE)
    gtk_list_box_set_activate_on_single_click(list.opaque, 1)
    Signal.connect(list.pointer, "row-activated") { [unowned self] row in
      guard let row else { return }
      onChoose(Int(gtk_list_box_row_get_index(cast(row))))
    }
    gtk_popover_set_child(popover, list.widget)
  }

  isolated deinit {
    detach()
  }

  /// Takes the popover off the text view; safe to call more than once.
  func detach() {
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
  }

  var isOpen: Bool { isVisible }

  /// The rows' labels, in order, as a screen reader reads them.
  var labels: [String] { shown.map(\.label) }

  /// Shows `entries` with the one at `highlighted` selected, pointing at `caret` (the text
  /// view's coordinates).
  func show(_ entries: [EmojiEntry], highlighted: Int, at caret: GdkRectangle) {
    if entries != shown {
      shown = entries
      while let row = gtk_widget_get_first_child(list.widget) {
        gtk_list_box_remove(list.opaque, row)
      }
      for entry in entries { gtk_list_box_append(list.opaque, Self.row(entry)) }
    }
    if let row = gtk_list_box_get_row_at_index(list.opaque, gint(highlighted)) {
      gtk_list_box_select_row(list.opaque, row)
    }
    var rect = caret
    gtk_popover_set_pointing_to(typed(), &rect)
    if !isVisible { gtk_popover_popup(typed()) }
  }

  func hide() {
    guard isVisible else { return }
    gtk_popover_popdown(typed())
  }

  private static func row(_ entry: EmojiEntry) -> UnsafeMutablePointer<GtkWidget>? {
    guard let row = gtk_list_box_row_new(), let label = gtk_label_new(entry.label) else {
      return nil
    }
    gtk_widget_set_halign(label, GTK_ALIGN_START)
    gtk_label_set_single_line_mode(OpaquePointer(label), 1)
    // The row carries the name; the label would repeat it.
    Accessible.setHidden(label, true)
    gtk_list_box_row_set_child(cast(row), label)
    gtk_widget_set_can_focus(row, 0)
    gtk_widget_set_focusable(row, 0)
    Accessible.setLabel(row, entry.label)
    return row
  }
}
