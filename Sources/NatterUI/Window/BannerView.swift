import CGtk
import GtkKit
import NatterCore

/// A one-sentence message across the top of the window (history recovered, not saved, a send
/// that failed), with a button to dismiss it.
@MainActor
final class BannerView: Widget {
  private let label: Widget
  private let action: Widget
  private var onAction: () -> Void = {}
  /// The sentence's width in the narrowest window (360 px), beside the buttons.
  private static let narrowestSentence = 120

  init() {
    // Told its width: asked its width for a height, GtkLabel 4.8 searches for it by laying the
    // sentence out again and again, and GTK asks that as the window works out its size. The
    // first banner shown held the main loop 22–35 ms after the first frame, with 541 layouts
    // of its sentence (issue 32). Given a width, it lays its text out only at the widths it gets.
    label = Widget(WrappingLabel.make(width: Self.narrowestSentence))
    action = Widget(gtk_button_new_with_label(""))
    super.init(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    addCSSClass("banner")
    gtk_label_set_xalign(label.opaque, 0)
    gtk_widget_set_hexpand(label.widget, 1)
    action.isVisible = false
    gtk_widget_set_valign(action.widget, GTK_ALIGN_CENTER)
    let dismiss = Widget(gtk_button_new_from_icon_name("window-close-symbolic"))
    dismiss.setAccessibleLabel(localized("Dismiss"))
    dismiss.addCSSClass("flat")
    gtk_widget_set_valign(dismiss.widget, GTK_ALIGN_CENTER)
    Signal.connect(dismiss.pointer, "clicked") { [unowned self] in putAway() }
    Signal.connect(action.pointer, "clicked") { [unowned self] in
      putAway()
      onAction()
    }
    // The buttons share a box of their own: side by side in the banner, their text baselines
    // (22 and 21 px) made GTK 4.8 measure the banner a pixel taller for a given width than for
    // none. The window's minimum size then never fit, and every layout searched to the
    // 1,048,576 px limit and logged "Expect overlapping widgets".
    let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
    gtk_widget_set_valign(buttons, GTK_ALIGN_CENTER)
    gtk_box_append(cast(buttons), action.widget)
    gtk_box_append(cast(buttons), dismiss.widget)
    gtk_box_append(typed(), label.widget)
    gtk_box_append(typed(), buttons)
    setAccessibleLabel(localized("Notice"))
    isVisible = false
  }

  /// The user put the banner away (`Dismiss` or its action) while it held the focus, which
  /// would otherwise go wherever GTK puts it.
  var onFocusLeft: () -> Void = {}

  private func putAway() {
    let hadFocus = hasFocusWithin
    isVisible = false
    if hadFocus { onFocusLeft() }
  }

  /// The sentence shown, or nil while hidden.
  var message: String? { isVisible ? string(gtk_label_get_text(label.opaque)) : nil }

  func show(_ message: String) {
    gtk_label_set_text(label.opaque, message)
    action.isVisible = false
    isVisible = true
  }

  /// Shows `message` with a button `title` that runs `handler` and hides the banner.
  func show(_ message: String, action title: String, _ handler: @escaping () -> Void) {
    gtk_label_set_text(label.opaque, message)
    gtk_button_set_label(action.typed(), title)
    action.setAccessibleLabel(title)
    onAction = handler
    action.isVisible = true
    isVisible = true
  }
}
