import CGtk
import GtkKit
import NatterCore

/// `E` on a selected message: the quick reactions (`React with 👍` …), chosen with
/// Left/Right and Enter or with 1–6, and `More emoji…` for GTK's own emoji chooser.
/// Escape closes it; the selected message gets the keyboard back (`onClosed`).
@MainActor
final class ReactionPicker: Widget {
  /// An emoji was picked, from the row or the chooser.
  var onPick: (String) -> Void = { _ in }
  /// The popover closed (picked, Escape, a click outside), and the chooser is not open.
  var onClosed: () -> Void = {}
  /// The quick buttons, in order, for tests.
  private(set) var buttons: [Widget] = []
  private var chooser: Widget?
  private let parent: Widget

  init(parent: Widget) {
    self.parent = parent
    super.init(gtk_popover_new())
    gtk_widget_set_parent(widget, parent.widget)
    gtk_popover_set_position(typed(), GTK_POS_TOP)
    let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 2)
    Accessible.setLabel(box!, localized("Quick reactions"))
    for emoji in QuickReactions.emoji {
      let button = Widget(gtk_button_new_with_label(emoji))
      button.addCSSClass("flat")
      button.addCSSClass("quick-reaction")
      button.setAccessibleLabel(QuickReactions.buttonName(emoji))
      button.setTooltip(QuickReactions.buttonName(emoji))
      Signal.connect(button.pointer, "clicked") { [unowned self] in pick(emoji) }
      gtk_box_append(cast(box), button.widget)
      buttons.append(button)
    }
    let more = Widget(gtk_button_new_with_label(localized("More emoji…")))
    more.addCSSClass("flat")
    more.setAccessibleLabel(localized("More emoji…"))
    Signal.connect(more.pointer, "clicked") { [unowned self] in openChooser() }
    gtk_box_append(cast(box), more.widget)
    gtk_popover_set_child(typed(), box)
    Signal.connect(pointer, "closed") { [unowned self] in
      if chooser.map({ $0.isVisible }) != true { onClosed() }
    }
    if let keys = gtk_event_controller_key_new() {
      Signal.connectKeyPressed(raw(keys)) { [unowned self] keyval, state in
        guard let key = KeyEvent.key(keyval) else { return false }
        return handleKey(key, KeyEvent.modifiers(state))
      }
      gtk_widget_add_controller(widget, keys)
    }
  }

  isolated deinit { detach() }

  /// Takes the popovers off their parent; safe to call more than once.
  func detach() {
    if let chooser, gtk_widget_get_parent(chooser.widget) != nil {
      gtk_widget_unparent(chooser.widget)
    }
    if gtk_widget_get_parent(widget) != nil { gtk_widget_unparent(widget) }
  }

  var isOpen: Bool { isVisible }

  /// 1–6 pick the nth quick reaction; other keys are the popover's (Left/Right move, Enter
  /// activates, Escape closes). Tests call it directly.
  @discardableResult
  func handleKey(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
    guard modifiers.isEmpty, let digit = key.digit,
      let emoji = QuickReactions.emoji(forDigit: digit)
    else { return false }
    pick(emoji)
    return true
  }

  /// Opens over `bounds` (the selected row, in the parent's coordinates), the first
  /// reaction focused.
  func open(pointingTo bounds: GdkRectangle?) {
    if var bounds { gtk_popover_set_pointing_to(typed(), &bounds) }
    gtk_popover_popup(typed())
    _ = buttons.first?.grabFocus()
  }

  func pick(_ emoji: String) {
    onPick(emoji)
    gtk_popover_popdown(typed())
    if let chooser { gtk_popover_popdown(chooser.typed()) }
  }

  /// GTK's emoji chooser in place of the quick row (signal `emoji-picked`).
  private func openChooser() {
    let chooser = self.chooser ?? makeChooser()
    var bounds = GdkRectangle()
    if gtk_popover_get_pointing_to(typed(), &bounds) != 0 {
      gtk_popover_set_pointing_to(chooser.typed(), &bounds)
    }
    // The chooser first: the quick row, closing while it shows, does not hand the keyboard back.
    gtk_popover_popup(chooser.typed())
    gtk_popover_popdown(typed())
  }

  private func makeChooser() -> Widget {
    let chooser = Widget(gtk_emoji_chooser_new())
    gtk_widget_set_parent(chooser.widget, parent.widget)
    Signal.connect(chooser.pointer, "emoji-picked") { [unowned self] text in
      guard let text else { return }
      pick(String(cString: text.assumingMemoryBound(to: CChar.self)))
    }
    Signal.connect(chooser.pointer, "closed") { [unowned self] in onClosed() }
    self.chooser = chooser
    return chooser
  }
}
