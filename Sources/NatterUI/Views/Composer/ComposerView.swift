import CGtk
import GtkKit

/// The composer bar: `[Add tag] [text] [Send]` with the chip row under the text (SPEC §2).
@MainActor
final class ComposerView: Widget {
  private let textView: Widget
  private let addTagButton: Widget
  private let sendButton: Widget
  private let chipRow: Widget
  private let textScroller: Widget

  init() {
    textView = Widget(gtk_text_view_new())
    addTagButton = Widget(gtk_button_new_with_label("#"))
    sendButton = Widget(gtk_button_new_from_icon_name("mail-send-symbolic"))
    chipRow = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    textScroller = Widget(gtk_scrolled_window_new())
    super.init(gtk_grid_new())
    addCSSClass("composer")

    let text: UnsafeMutablePointer<GtkTextView> = textView.typed()
    gtk_text_view_set_wrap_mode(text, GTK_WRAP_WORD_CHAR)
    gtk_text_view_set_accepts_tab(text, 0)
    textView.setAccessibleLabel("Message")
    textView.addCSSClass("composer-text")

    let scroller = OpaquePointer(textScroller.pointer)
    gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
    gtk_scrolled_window_set_propagate_natural_height(scroller, 1)
    gtk_scrolled_window_set_child(scroller, textView.widget)
    gtk_widget_set_hexpand(textScroller.widget, 1)
    gtk_widget_set_valign(textScroller.widget, GTK_ALIGN_END)

    let placeholder = gtk_label_new("Message")
    gtk_widget_add_css_class(placeholder, "placeholder")
    gtk_widget_set_halign(placeholder, GTK_ALIGN_START)
    gtk_widget_set_valign(placeholder, GTK_ALIGN_START)
    gtk_widget_set_can_target(placeholder, 0)
    // The placeholder repeats the text view's accessible name; screen readers need it once.
    if let placeholder { Accessible.setHidden(placeholder, true) }
    let textArea = gtk_overlay_new()
    gtk_overlay_set_child(OpaquePointer(textArea), textScroller.widget)
    gtk_overlay_add_overlay(OpaquePointer(textArea), placeholder)

    addTagButton.setAccessibleLabel("Add tag")
    addTagButton.setTooltip("Add tag (Ctrl+T)")
    addTagButton.addCSSClass("flat")
    sendButton.setAccessibleLabel("Send")
    sendButton.setTooltip("Send (Enter)")
    sendButton.addCSSClass("suggested-action")
    sendButton.isSensitive = false
    for button in [addTagButton, sendButton] {
      gtk_widget_set_valign(button.widget, GTK_ALIGN_END)
    }

    chipRow.setAccessibleLabel("Tags")
    chipRow.addCSSClass("chip-row")
    let chipScroller = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(
      OpaquePointer(chipScroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
    gtk_scrolled_window_set_child(OpaquePointer(chipScroller), chipRow.widget)
    gtk_widget_set_visible(chipScroller, 0)

    let grid: UnsafeMutablePointer<GtkGrid> = typed()
    gtk_grid_set_column_spacing(grid, 6)
    gtk_grid_set_row_spacing(grid, 4)
    gtk_grid_attach(grid, addTagButton.widget, 0, 0, 1, 1)
    gtk_grid_attach(grid, textArea, 1, 0, 1, 1)
    gtk_grid_attach(grid, sendButton.widget, 2, 0, 1, 1)
    gtk_grid_attach(grid, chipScroller, 1, 1, 1, 1)
  }

  func focusText() { textView.grabFocus() }
}
