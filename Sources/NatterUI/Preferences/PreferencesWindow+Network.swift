import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterSession

/// The Network section: the IRC account as the `--connect` URL, the SASL account and its
/// password (SPEC §9). `Connect` (or Enter in a field) applies it; a URL that does not parse
/// says why under the field and changes nothing. The quit message below it is saved as it is
/// typed, like the composer settings: it changes no connection.
extension PreferencesWindow {
  func addNetworkSection(to layout: UnsafeMutablePointer<GtkGrid>?, from row: Int32) {
    gtk_grid_attach(layout, Self.heading(localized("Network")), 0, row, 2, 1)
    let fields: [(Widget, String, String)] = [
      (accountEntry, localized("Account"), "ircs://nick@irc.example.net/#channel"),
      (saslAccountEntry, localized("SASL account"), localized("optional")),
      (passwordEntry, localized("SASL password"), localized("kept in the keyring")),
    ]
    for (offset, (entry, title, placeholder)) in fields.enumerated() {
      entry.setAccessibleLabel(title)
      gtk_widget_set_hexpand(entry.widget, 1)
      // Narrow by default, so a long label in another language still fits in 360 px.
      gtk_editable_set_width_chars(entry.opaque, 12)
      if entry !== passwordEntry {
        gtk_entry_set_placeholder_text(entry.typed(), placeholder)
      } else {
        natter_object_set_string(entry.pointer, "placeholder-text", placeholder)
      }
      gtk_grid_attach(layout, Self.label(title), 0, row + 1 + Int32(offset), 1, 1)
      gtk_grid_attach(layout, entry.widget, 1, row + 1 + Int32(offset), 1, 1)
    }
    accountProblem.addCSSClass("error")
    gtk_label_set_wrap(accountProblem.opaque, 1)
    gtk_label_set_xalign(accountProblem.opaque, 0)
    accountProblem.isVisible = false
    gtk_grid_attach(layout, accountProblem.widget, 1, row + 4, 1, 1)
    connectButton.setAccessibleLabel(localized("Connect"))
    gtk_widget_set_halign(connectButton.widget, GTK_ALIGN_END)
    gtk_grid_attach(layout, connectButton.widget, 1, row + 5, 1, 1)

    let quitTitle = localized("Quit message")
    quitMessageEntry.setAccessibleLabel(quitTitle)
    gtk_widget_set_hexpand(quitMessageEntry.widget, 1)
    gtk_editable_set_width_chars(quitMessageEntry.opaque, 12)
    gtk_entry_set_placeholder_text(
      quitMessageEntry.typed(), localized("what others see when you quit"))
    gtk_grid_attach(layout, Self.label(quitTitle), 0, row + 6, 1, 1)
    gtk_grid_attach(layout, quitMessageEntry.widget, 1, row + 6, 1, 1)
  }

  func showNetworkValues() {
    gtk_editable_set_text(accountEntry.opaque, settings.irc.map { "\($0)" } ?? "")
    gtk_editable_set_text(saslAccountEntry.opaque, settings.saslAccount ?? "")
    gtk_editable_set_text(quitMessageEntry.opaque, settings.quitMessage)
  }

  func connectNetworkControls() {
    Signal.connect(connectButton.pointer, "clicked") { [unowned self] in applyNetwork() }
    for entry in [accountEntry, saslAccountEntry, passwordEntry] {
      Signal.connect(entry.pointer, "activate") { [unowned self] in applyNetwork() }
    }
    Signal.connect(quitMessageEntry.pointer, "changed") { [unowned self] in
      let message = string(gtk_editable_get_text(quitMessageEntry.opaque)) ?? ""
      update { $0.quitMessage = message }
    }
  }

  /// Reads the fields into the settings; nothing changes when the account URL is wrong.
  func applyNetwork() {
    let text = (string(gtk_editable_get_text(accountEntry.opaque)) ?? "")
      .trimmingCharacters(in: .whitespaces)
    let saslAccount = (string(gtk_editable_get_text(saslAccountEntry.opaque)) ?? "")
      .trimmingCharacters(in: .whitespaces)
    let password = string(gtk_editable_get_text(passwordEntry.opaque)) ?? ""
    var account: IRCServerURL?
    if !text.isEmpty {
      do {
        account = try IRCServerURL(parsing: text, defaultNick: LaunchOptions.loginName)
      } catch {
        gtk_label_set_text(accountProblem.opaque, "\(error)")
        accountProblem.isVisible = true
        return
      }
    }
    accountProblem.isVisible = false
    // The password first: the account change that follows reconnects with it.
    if !password.isEmpty {
      onPassword(password)
      gtk_editable_set_text(passwordEntry.opaque, "")
    }
    update {
      $0.irc = account
      $0.saslAccount = saslAccount.isEmpty ? nil : saslAccount
    }
  }
}
