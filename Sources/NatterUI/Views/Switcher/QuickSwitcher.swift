import CGtk
import GtkKit
import NatterCore

/// The Ctrl+K quick switcher (SPEC §10): a `Switch to` entry over the matching conversations,
/// filtered by `SwitcherFilter` as you type; Up and Down choose, Enter opens, Escape closes.
///
/// A card over the window (an overlay child), not a popover: under X11 a popover is a window
/// of its own, which without a compositor draws its rounded corners black.
@MainActor
final class QuickSwitcher: Widget {
  /// The user chose a conversation.
  var onOpen: (String) -> Void = { _ in }
  /// The switcher closed (opened a conversation or not); focus goes back to the composer.
  var onClosed: () -> Void = {}

  let entry: Widget
  private let results: Widget
  private var conversations: [ConversationList.Entry] = []
  private var shown: [ConversationList.Entry] = []
  private var selected = 0

  init() {
    entry = Widget(gtk_entry_new())
    results = Widget(gtk_list_box_new())
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
    addCSSClass("quick-switcher")
    let box = widget
    gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(box, GTK_ALIGN_START)
    gtk_widget_set_margin_top(box, 12)
    gtk_entry_set_placeholder_text(entry.typed(), localized("Switch to…"))
    entry.setAccessibleLabel(localized("Switch to"))
    gtk_widget_set_size_request(entry.widget, 280, -1)
    results.addCSSClass("switcher-list")
    results.setAccessibleLabel(localized("Matching conversations"))
    gtk_list_box_set_selection_mode(results.opaque, GTK_SELECTION_SINGLE)
    gtk_widget_set_can_focus(results.widget, 0)
    gtk_box_append(cast(box), entry.widget)
    gtk_box_append(cast(box), results.widget)
    isVisible = false
    Signal.connect(entry.pointer, "changed") { [unowned self] in filter() }
    Signal.connect(entry.pointer, "activate") { [unowned self] in openSelected() }
    Signal.connect(results.pointer, "row-activated") { [unowned self] (row: Signal.Pointer?) in
      guard let row else { return }
      selected = Int(gtk_list_box_row_get_index(cast(row)))
      openSelected()
    }
    if let keys = gtk_event_controller_key_new() {
      gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
      Signal.connectKeyPressed(raw(keys)) { [unowned self] keyval, state in
        guard let key = KeyEvent.key(keyval) else { return false }
        let context = KeyContext(focus: .switcher)
        switch Keymap.action(for: key, modifiers: KeyEvent.modifiers(state), in: context) {
        case .nextMatch?: move(1)
        case .previousMatch?: move(-1)
        case .closeSwitcher?: close()
        default: return false
        }
        return true
      }
      gtk_widget_add_controller(entry.widget, keys)
    }
    // Clicking elsewhere puts the card away and leaves the focus where the click put it.
    if let focus = gtk_event_controller_focus_new() {
      // Weak: destroying a window moves the focus out, after its owner may be gone.
      Signal.connect(raw(focus), "leave") { [weak self] in
        guard let self, isVisible else { return }
        // Another app taking the keyboard (Alt+Tab) puts the card away too, with the focus
        // back in the composer for the return: hidden alone, the focus went to the first
        // button GTK found, and typing on return went nowhere.
        if let root = gtk_widget_get_root(widget), gtk_window_is_active(cast(root)) == 0 {
          close()
        } else {
          isVisible = false
        }
      }
      gtk_widget_add_controller(widget, focus)
    }
  }

  var isOpen: Bool { isVisible }

  /// The names listed now, best match first, for tests.
  var shownNames: [String] { shown.map(\.name) }

  /// Opens over `conversations` with an empty query, the entry focused.
  /// The network each conversation is on, by its id, shown beside it and matched too.
  private var networkNames: [String: String] = [:]

  func open(_ conversations: [ConversationList.Entry], networkNames: [String: String] = [:]) {
    self.conversations = conversations
    self.networkNames = networkNames
    gtk_editable_set_text(entry.opaque, "")
    filter()
    isVisible = true
    _ = entry.grabFocus()
  }

  func close() {
    guard isVisible else { return }
    isVisible = false
    onClosed()
  }

  private func filter() {
    let query = string(gtk_editable_get_text(entry.opaque)) ?? ""
    let network = { [networkNames] (entry: ConversationList.Entry) in
      entry.kind == .network ? "" : entry.network.flatMap { networkNames[$0] } ?? ""
    }
    shown = SwitcherFilter.filter(
      conversations.map { ($0.name, network($0)) }, query: query
    ).map { conversations[$0] }
    while let row = gtk_widget_get_first_child(results.widget) {
      gtk_list_box_remove(results.opaque, row)
    }
    for conversation in shown {
      let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
      let label = gtk_label_new(conversation.name)
      gtk_label_set_xalign(OpaquePointer(label), 0)
      gtk_widget_set_hexpand(label, 1)
      gtk_box_append(cast(line), label)
      let place = network(conversation)
      if !place.isEmpty {
        let networkLabel = gtk_label_new(place)
        gtk_widget_add_css_class(networkLabel, "dim-label")
        gtk_box_append(cast(line), networkLabel)
      }
      gtk_list_box_append(results.opaque, line)
      // Read as `#gtk, Libera.Chat`; the row is found by its name alone.
      if let row = gtk_widget_get_last_child(results.widget) {
        Accessible.setLabel(row, conversation.name)
        if !place.isEmpty { Accessible.setDescription(row, place) }
      }
    }
    selected = 0
    select()
  }

  private func move(_ step: Int) {
    guard !shown.isEmpty else { return }
    selected = (selected + step + shown.count) % shown.count
    select()
  }

  private func select() {
    let row = gtk_list_box_get_row_at_index(results.opaque, Int32(selected))
    gtk_list_box_select_row(results.opaque, row)
  }

  func openSelected() {
    guard shown.indices.contains(selected) else { return }
    let id = shown[selected].id
    close()
    onOpen(id)
  }
}
