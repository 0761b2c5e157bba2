import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterSession

/// The Network section (SPEC §9, §11): the list of networks, each with its switch, and a form
/// for the selected one (or a new one): its name, the `--connect` URL, the SASL account and
/// its password. `Connect` (or Enter in a field) applies it; a URL that does not parse says
/// why under the field and changes nothing. `NetworkEditor` decides what each does. The quit
/// message and the real name below it are saved as they are typed, like the composer settings.
extension PreferencesWindow {
  func addNetworkSection(to layout: UnsafeMutablePointer<GtkGrid>?, from row: Int32) {
    gtk_grid_attach(layout, Self.heading(localized("Networks")), 0, row, 2, 1)
    networkList.setAccessibleLabel(localized("Networks"))
    gtk_list_box_set_selection_mode(networkList.opaque, GTK_SELECTION_BROWSE)
    networkList.addCSSClass("boxed-list")
    gtk_grid_attach(layout, networkList.widget, 0, row + 1, 2, 1)
    let fields: [(Widget, String, String)] = [
      (networkNameEntry, localized("Name"), localized("the server's name")),
      (accountEntry, localized("Account"), "ircs://nick@irc.example.net/#channel"),
      (saslAccountEntry, localized("SASL account"), localized("optional")),
      (passwordEntry, localized("Password"), localized("kept in the keyring")),
      (
        clientCertificateEntry, localized("Client certificate"),
        localized("optional: a PEM file with its key")
      ),
    ]
    for (offset, (entry, title, placeholder)) in fields.enumerated() {
      attach(entry, title: title, placeholder: placeholder, at: row + 2 + Int32(offset), in: layout)
    }
    gtk_label_set_wrap(certificateFingerprint.opaque, 1)
    gtk_label_set_wrap_mode(certificateFingerprint.opaque, PANGO_WRAP_CHAR)
    gtk_label_set_selectable(certificateFingerprint.opaque, 1)
    gtk_label_set_xalign(certificateFingerprint.opaque, 0)
    certificateFingerprint.addCSSClass("dim-label")
    certificateFingerprint.isVisible = false
    gtk_grid_attach(layout, certificateFingerprint.widget, 1, row + 6, 1, 1)
    accountProblem.addCSSClass("error")
    gtk_label_set_wrap(accountProblem.opaque, 1)
    gtk_label_set_xalign(accountProblem.opaque, 0)
    accountProblem.isVisible = false
    gtk_grid_attach(layout, accountProblem.widget, 1, row + 7, 1, 1)
    let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
    newNetworkButton.setAccessibleLabel(localized("New network"))
    removeNetworkButton.setAccessibleLabel(localized("Remove network"))
    connectButton.setAccessibleLabel(localized("Connect"))
    connectButton.addCSSClass("suggested-action")
    for button in [newNetworkButton, removeNetworkButton, connectButton] {
      gtk_box_append(cast(buttons), button.widget)
    }
    gtk_widget_set_halign(buttons, GTK_ALIGN_END)
    gtk_grid_attach(layout, buttons, 0, row + 8, 2, 1)

    attach(
      quitMessageEntry, title: localized("Quit message"),
      placeholder: localized("what others see when you quit"), at: row + 9, in: layout)
    attach(
      realNameEntry, title: localized("Real name"),
      placeholder: localized("shown by /whois; your nickname when empty"), at: row + 10,
      in: layout)
  }

  /// One labelled text field in the grid's `row`, named for screen readers as its label.
  private func attach(
    _ entry: Widget, title: String, placeholder: String, at row: Int32,
    in layout: UnsafeMutablePointer<GtkGrid>?
  ) {
    entry.setAccessibleLabel(title)
    gtk_widget_set_hexpand(entry.widget, 1)
    // Narrow by default, so a long label in another language still fits in 360 px.
    gtk_editable_set_width_chars(entry.opaque, 12)
    if entry !== passwordEntry {
      gtk_entry_set_placeholder_text(entry.typed(), placeholder)
    } else {
      // A GtkPasswordEntry is no GtkEntry: it has the property, not the function.
      natter_object_set_string(entry.pointer, "placeholder-text", placeholder)
    }
    gtk_grid_attach(layout, Self.label(title), 0, row, 1, 1)
    gtk_grid_attach(layout, entry.widget, 1, row, 1, 1)
  }

  func showNetworkValues() {
    showNetworkList()
    showNetworkForm()
    gtk_editable_set_text(quitMessageEntry.opaque, settings.quitMessage)
    gtk_editable_set_text(realNameEntry.opaque, settings.realName)
  }

  /// One row per network: its switch, its name and its server.
  func showNetworkList() {
    showingNetworks = true
    defer { showingNetworks = false }
    while let row = gtk_list_box_get_row_at_index(networkList.opaque, 0) {
      gtk_list_box_remove(networkList.opaque, cast(row))
    }
    networkSwitches = []
    networkList.isVisible = !networkEditor.networks.isEmpty
    for (index, network) in networkEditor.networks.enumerated() {
      let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
      let toggle = Widget(gtk_check_button_new())
      gtk_check_button_set_active(toggle.typed(), network.isEnabled ? 1 : 0)
      toggle.setAccessibleLabel(localized("Connect to {network}", ["network": network.name]))
      // The button itself, not its wrapper: the signal fires only while the button lives.
      let button: UnsafeMutablePointer<GtkCheckButton> = toggle.typed()
      // Weak: a list box being disposed may still emit after the window is gone.
      Signal.connect(toggle.pointer, "toggled") { [weak self] in
        guard let self, !showingNetworks else { return }
        networkEditor.setEnabled(Bool(gboolean: gtk_check_button_get_active(button)), at: index)
        update { $0.networks = self.networkEditor.networks }
      }
      networkSwitches.append(toggle)
      let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
      let name = gtk_label_new(network.name)
      gtk_label_set_xalign(OpaquePointer(name), 0)
      let server = gtk_label_new(
        network.url.login.map { "\($0)@\(network.url.server)" } ?? network.url.server)
      gtk_label_set_xalign(OpaquePointer(server), 0)
      gtk_widget_add_css_class(server, "dim-label")
      gtk_box_append(cast(text), name)
      gtk_box_append(cast(text), server)
      gtk_box_append(cast(line), toggle.widget)
      gtk_box_append(cast(line), text)
      for edge in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { edge(line, 6) }
      for edge in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { edge(line, 6) }
      gtk_list_box_append(networkList.opaque, line)
      if let row = gtk_list_box_get_row_at_index(networkList.opaque, Int32(index)),
        let widget: UnsafeMutablePointer<GtkWidget> = cast(row)
      {
        Accessible.setLabel(widget, network.name)
      }
    }
    let selected = networkEditor.selected.flatMap {
      gtk_list_box_get_row_at_index(networkList.opaque, Int32($0))
    }
    gtk_list_box_select_row(networkList.opaque, selected)
  }

  /// The selected network's fields, or empty ones for a new network.
  func showNetworkForm() {
    let form = networkEditor.form
    gtk_editable_set_text(networkNameEntry.opaque, form.name)
    gtk_editable_set_text(accountEntry.opaque, form.url)
    gtk_editable_set_text(saslAccountEntry.opaque, form.saslAccount)
    gtk_editable_set_text(passwordEntry.opaque, "")
    gtk_editable_set_text(clientCertificateEntry.opaque, form.clientCertificate)
    showCertificateFingerprint()
    removeNetworkButton.isSensitive = networkEditor.selected != nil
    accountProblem.isVisible = false
  }

  func connectNetworkControls() {
    Signal.connect(connectButton.pointer, "clicked") { [unowned self] in applyNetwork() }
    for entry in [
      networkNameEntry, accountEntry, saslAccountEntry, passwordEntry, clientCertificateEntry,
    ] {
      Signal.connect(entry.pointer, "activate") { [unowned self] in applyNetwork() }
    }
    Signal.connect(clientCertificateEntry.pointer, "changed") { [unowned self] in
      showCertificateFingerprint()
    }
    Signal.connect(newNetworkButton.pointer, "clicked") { [unowned self] in
      networkEditor.startNew()
      showNetworkList()
      showNetworkForm()
      gtk_widget_grab_focus(accountEntry.widget)
    }
    Signal.connect(removeNetworkButton.pointer, "clicked") { [unowned self] in
      networkEditor.remove()
      showNetworkList()
      showNetworkForm()
      update { $0.networks = networkEditor.networks }
    }
    Signal.connect(networkList.pointer, "row-selected") { [weak self] (row: Signal.Pointer?) in
      guard let self, !showingNetworks, let row else { return }
      networkEditor.select(Int(gtk_list_box_row_get_index(cast(row))))
      showNetworkForm()
    }
    Signal.connect(quitMessageEntry.pointer, "changed") { [unowned self] in
      let message = string(gtk_editable_get_text(quitMessageEntry.opaque)) ?? ""
      update { $0.quitMessage = message }
    }
    // Used from the next connection on: a real name cannot change while signed in.
    Signal.connect(realNameEntry.pointer, "changed") { [unowned self] in
      let name = string(gtk_editable_get_text(realNameEntry.opaque)) ?? ""
      update { $0.realName = name }
    }
  }

  /// Reads the form into the selected (or a new) network; nothing changes when the URL is
  /// wrong.
  func applyNetwork() {
    let text = { (entry: Widget) in string(gtk_editable_get_text(entry.opaque)) ?? "" }
    let password = text(passwordEntry)
    if let problem = networkEditor.apply(
      name: text(networkNameEntry), url: text(accountEntry), saslAccount: text(saslAccountEntry),
      clientCertificate: text(clientCertificateEntry), defaultNick: LaunchOptions.loginName)
    {
      gtk_label_set_text(accountProblem.opaque, problem)
      accountProblem.isVisible = true
      return
    }
    // The password first: the change that follows connects with it.
    if !password.isEmpty, let index = networkEditor.selected {
      onPassword(networkEditor.networks[index], password)
    }
    showNetworkList()
    showNetworkForm()
    update { $0.networks = networkEditor.networks }
  }

  /// Under the certificate's path: its fingerprint, for `NickServ CERT ADD`, or why the file
  /// cannot be used. Nothing while the field is empty.
  func showCertificateFingerprint() {
    let path = (string(gtk_editable_get_text(clientCertificateEntry.opaque)) ?? "")
      .trimmingCharacters(in: .whitespaces)
    certificateFingerprint.isVisible = !path.isEmpty
    guard !path.isEmpty else { return }
    let expanded = (path as NSString).expandingTildeInPath
    let text: String
    switch ClientCertificate.fingerprint(ofFile: expanded) {
    case .success(let hex):
      text = localized("SHA-256 fingerprint: {fingerprint}", ["fingerprint": hex])
    case .failure(let error):
      text = error.sentence
    }
    // A label's accessible name is its text (GTK 4.8): screen readers read the fingerprint.
    gtk_label_set_text(certificateFingerprint.opaque, text)
  }
}
