import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterSession

/// `Connect to a network…` (Ctrl+N, SPEC §11): a search over well-known networks and
/// `Custom server`, the nickname (the login name to start with) and channels to join.
/// `NetworkChooser` decides what is listed and what `Connect` adds; Up and Down in the search
/// move the choice, Enter in any field or on a network connects, Escape closes.
@MainActor
final class ConnectDialog: Widget {
  /// `Connect` with a network the fields make.
  var onConnect: (NetworkAccount) -> Void = { _ in }

  private var chooser = NetworkChooser()
  // A plain entry, as `Switch to` has: screen readers read it as the text field it is.
  let searchEntry = Widget(gtk_entry_new())
  let choices = Widget(gtk_list_box_new())
  let serverEntry = Widget(gtk_entry_new())
  let tlsButton = Widget(gtk_check_button_new_with_label(localized("Use TLS")))
  let nickEntry = Widget(gtk_entry_new())
  let channelsEntry = Widget(gtk_entry_new())
  let problem = Widget(gtk_label_new(nil))
  let connectButton = Widget(gtk_button_new_with_label(localized("Connect")))
  /// The custom server's row, shown only for `Custom server`.
  private let customRow = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
  /// The list is being rebuilt: its selection reports nothing.
  private var filling = false

  init(transientFor parent: UnsafeMutablePointer<GtkWindow>?) {
    super.init(gtk_window_new())
    gtk_window_set_title(window, localized("Connect to a network"))
    gtk_window_set_modal(window, 1)
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_default_size(window, 420, 520)
    gtk_window_set_titlebar(window, gtk_header_bar_new())
    gtk_window_set_child(window, makeContent())
    fill()
    connectControls()
    closeOnEscape()
    if let parent { Widget.giveApplicationKeys(to: window, over: parent) }
  }

  var window: UnsafeMutablePointer<GtkWindow> { typed() }

  /// Whether a problem is shown under the fields, and the server field, for tests.
  var problemShown: Bool { problem.isVisible }
  var customServerShown: Bool { customRow.isVisible }

  func present() {
    gtk_window_present(window)
    searchEntry.grabFocus()
  }

  private func makeContent() -> UnsafeMutablePointer<GtkWidget>? {
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
    for edge in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { edge(box, 18) }
    for edge in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { edge(box, 18) }
    searchEntry.setAccessibleLabel(localized("Search networks"))
    gtk_entry_set_placeholder_text(searchEntry.typed(), localized("Search networks"))
    gtk_entry_set_icon_from_icon_name(
      searchEntry.typed(), GTK_ENTRY_ICON_PRIMARY, "system-search-symbolic")
    gtk_box_append(cast(box), searchEntry.widget)
    choices.setAccessibleLabel(localized("Known networks"))
    gtk_list_box_set_selection_mode(choices.opaque, GTK_SELECTION_BROWSE)
    let scroller = gtk_scrolled_window_new()
    gtk_scrolled_window_set_child(OpaquePointer(scroller), choices.widget)
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_widget_set_vexpand(scroller, 1)
    gtk_widget_add_css_class(scroller, "frame")
    gtk_box_append(cast(box), scroller)

    serverEntry.setAccessibleLabel(localized("Server"))
    gtk_entry_set_placeholder_text(serverEntry.typed(), "irc.example.net:6697")
    gtk_widget_set_hexpand(serverEntry.widget, 1)
    gtk_check_button_set_active(tlsButton.typed(), 1)
    gtk_box_append(customRow.typed(), serverEntry.widget)
    gtk_box_append(customRow.typed(), tlsButton.widget)
    gtk_box_append(cast(box), customRow.widget)

    let grid = gtk_grid_new()
    gtk_grid_set_row_spacing(cast(grid), 6)
    gtk_grid_set_column_spacing(cast(grid), 12)
    let fields = [
      (nickEntry, localized("Nickname"), ""),
      (channelsEntry, localized("Channels"), "#natter, #gtk"),
    ]
    for (row, (entry, title, placeholder)) in fields.enumerated() {
      entry.setAccessibleLabel(title)
      gtk_widget_set_hexpand(entry.widget, 1)
      if !placeholder.isEmpty { gtk_entry_set_placeholder_text(entry.typed(), placeholder) }
      let label = gtk_label_new(title)
      gtk_label_set_xalign(OpaquePointer(label), 0)
      gtk_widget_add_css_class(label, "dim-label")
      gtk_grid_attach(cast(grid), label, 0, Int32(row), 1, 1)
      gtk_grid_attach(cast(grid), entry.widget, 1, Int32(row), 1, 1)
    }
    gtk_editable_set_text(nickEntry.opaque, LaunchOptions.loginName)
    gtk_box_append(cast(box), grid)

    problem.addCSSClass("error")
    gtk_label_set_wrap(problem.opaque, 1)
    gtk_label_set_xalign(problem.opaque, 0)
    problem.isVisible = false
    gtk_box_append(cast(box), problem.widget)
    connectButton.setAccessibleLabel(localized("Connect"))
    connectButton.addCSSClass("suggested-action")
    gtk_widget_set_halign(connectButton.widget, GTK_ALIGN_END)
    gtk_box_append(cast(box), connectButton.widget)
    return box
  }

  /// The list as the chooser has it, the choice selected, the server field for a custom one.
  private func fill() {
    filling = true
    defer { filling = false }
    while let row = gtk_widget_get_first_child(choices.widget) {
      gtk_list_box_remove(choices.opaque, row)
    }
    for choice in chooser.shown {
      let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
      for edge in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { edge(line, 6) }
      for edge in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { edge(line, 6) }
      let name = gtk_label_new(choice.title)
      gtk_label_set_xalign(OpaquePointer(name), 0)
      gtk_widget_set_hexpand(name, 1)
      gtk_box_append(cast(line), name)
      if case .known(let network) = choice {
        let server = gtk_label_new(network.host)
        gtk_widget_add_css_class(server, "dim-label")
        gtk_box_append(cast(line), server)
      }
      gtk_list_box_append(choices.opaque, line)
      if let row = gtk_widget_get_last_child(choices.widget) {
        Accessible.setLabel(row, choice.title)
      }
    }
    showChoice()
  }

  private func showChoice() {
    filling = true
    defer { filling = false }
    let row = gtk_list_box_get_row_at_index(choices.opaque, Int32(chooser.selected))
    gtk_list_box_select_row(choices.opaque, row)
    customRow.isVisible = chooser.choice == .custom
  }

  private func connectControls() {
    Signal.connect(searchEntry.pointer, "changed") { [weak self] in
      guard let self else { return }
      chooser.search(string(gtk_editable_get_text(searchEntry.opaque)) ?? "")
      fill()
    }
    Signal.connect(choices.pointer, "row-selected") { [weak self] (row: Signal.Pointer?) in
      guard let self, !filling, let row else { return }
      chooser.select(Int(gtk_list_box_row_get_index(cast(row))))
      customRow.isVisible = chooser.choice == .custom
    }
    // Up and Down choose from the search field, as in `Switch to`.
    if let keys = gtk_event_controller_key_new() {
      Signal.connectKeyPressed(raw(keys)) { [weak self] keyval, state in
        guard let self, let key = KeyEvent.key(keyval), KeyEvent.modifiers(state).isEmpty,
          key == .up || key == .down
        else { return false }
        chooser.move(key == .up ? -1 : 1)
        showChoice()
        return true
      }
      gtk_widget_add_controller(searchEntry.widget, keys)
    }
    // Enter or a double click on a network connects to it, as Enter in the fields does; a
    // single click only chooses it, leaving the nickname and channels to fill in.
    gtk_list_box_set_activate_on_single_click(choices.opaque, 0)
    Signal.connect(choices.pointer, "row-activated") { [weak self] (row: Signal.Pointer?) in
      guard let self, let row else { return }
      chooser.select(Int(gtk_list_box_row_get_index(cast(row))))
      showChoice()
      connect()
    }
    Signal.connect(connectButton.pointer, "clicked") { [weak self] in self?.connect() }
    for entry in [searchEntry, serverEntry, nickEntry, channelsEntry] {
      Signal.connect(entry.pointer, "activate") { [weak self] in self?.connect() }
    }
  }

  /// `Connect`: the network is handed over and the dialog closes; a problem shows under the
  /// fields and keeps it open.
  func connect() {
    let text = { (entry: Widget) in string(gtk_editable_get_text(entry.opaque)) ?? "" }
    switch chooser.network(
      server: text(serverEntry),
      tls: Bool(gboolean: gtk_check_button_get_active(tlsButton.typed())),
      nick: text(nickEntry), channels: text(channelsEntry))
    {
    case .failure(let error):
      gtk_label_set_text(problem.opaque, error.description)
      problem.isVisible = true
      if chooser.choice == .custom { serverEntry.grabFocus() }
    case .success(let network):
      problem.isVisible = false
      onConnect(network)
      gtk_window_close(window)
    }
  }
}
