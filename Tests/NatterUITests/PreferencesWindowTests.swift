import CGtk
import GtkKit
import NatterCore
import NatterSession
import TestSupport
import Testing

@testable import NatterUI

@MainActor
@Suite("PreferencesWindow")
struct PreferencesWindowTests {
  @Test func controlsShowTheGivenSettings() throws {
    try #require(GtkTestEnvironment.start())
    let settings = Settings(sendKey: .controlEnter, maxLines: 7, style: .dark)
    let window = PreferencesWindow(settings: settings, transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    #expect(gtk_check_button_get_active(window.controlEnterButton.typed()) != 0)
    #expect(gtk_check_button_get_active(window.enterButton.typed()) == 0)
    #expect(gtk_spin_button_get_value_as_int(window.maxLinesButton.opaque) == 7)
    #expect(gtk_drop_down_get_selected(window.styleDropDown.opaque) == 2)
  }

  @Test func everyChangeIsReportedOnceAndAtOnce() throws {
    try #require(GtkTestEnvironment.start())
    let window = PreferencesWindow(settings: Settings(), transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    var reported: [Settings] = []
    window.onChange = { reported.append($0) }

    gtk_check_button_set_active(window.controlEnterButton.typed(), 1)
    #expect(reported == [Settings(sendKey: .controlEnter)])
    gtk_spin_button_set_value(window.maxLinesButton.opaque, 10)
    gtk_drop_down_set_selected(window.styleDropDown.opaque, 1)
    #expect(reported.last == Settings(sendKey: .controlEnter, maxLines: 10, style: .light))
    #expect(reported.count == 3)
    gtk_spin_button_set_value(window.maxLinesButton.opaque, 42)  // the spin button clamps
    #expect(window.settings.maxLines == 10)
    #expect(reported.count == 3)
  }

  @Test func theFormattingSwitchShowsAndChangesTheSetting() throws {
    try #require(GtkTestEnvironment.start())
    var settings = Settings()
    settings.showsFormatting = false
    let window = PreferencesWindow(settings: settings, transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    #expect(gtk_switch_get_active(window.formattingSwitch.opaque) == 0)
    #expect(
      gtk_test_accessible_has_property(
        window.formattingSwitch.opaque, GTK_ACCESSIBLE_PROPERTY_LABEL) != 0)
    var reported: [Settings] = []
    window.onChange = { reported.append($0) }
    gtk_switch_set_active(window.formattingSwitch.opaque, 1)
    #expect(reported == [Settings()])
  }

  @Test func theTypingSwitchShowsAndChangesTheSetting() throws {
    try #require(GtkTestEnvironment.start())
    let window = PreferencesWindow(settings: Settings(), transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    #expect(gtk_switch_get_active(window.typingSwitch.opaque) != 0)
    #expect(
      natter_test_accessible_label_is(window.typingSwitch.opaque, "Send typing notifications")
        != 0)
    var reported: [Settings] = []
    window.onChange = { reported.append($0) }
    gtk_switch_set_active(window.typingSwitch.opaque, 0)
    var off = Settings()
    off.sendsTyping = false
    #expect(reported == [off])
  }

  @Test func spellingLanguagesAreTheInstalledDictionariesAndTheLastStaysTicked() throws {
    try #require(GtkTestEnvironment.start())
    var settings = Settings()
    settings.spellingLanguages = ["en_US"]
    let window = PreferencesWindow(settings: settings, transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    #expect(gtk_switch_get_active(window.spellingSwitch.opaque) != 0)
    #expect(natter_test_accessible_label_is(window.spellingSwitch.opaque, "Check spelling") != 0)
    var reported: [Settings] = []
    window.onChange = { reported.append($0) }
    window.showDictionaries(["de_DE", "en_US", "ko_KR"])
    let titles = window.languageButtons.map {
      String(cString: gtk_check_button_get_label($0.typed()))
    }
    #expect(titles == ["German (Germany)", "English (United States)", "Korean"])
    let ticked = { window.languageButtons.map { gtk_check_button_get_active($0.typed()) != 0 } }
    #expect(ticked() == [false, true, false])
    #expect(gtk_widget_get_visible(window.dictionaryNotice.widget) == 0)

    gtk_check_button_set_active(window.languageButtons[2].typed(), 1)
    #expect(reported.last?.spellingLanguages == ["en_US", "ko_KR"])
    gtk_check_button_set_active(window.languageButtons[1].typed(), 0)
    gtk_check_button_set_active(window.languageButtons[2].typed(), 0)
    // Korean is the last one ticked: it stays, and nothing more is reported.
    #expect(reported.map(\.spellingLanguages) == [["en_US", "ko_KR"], ["ko_KR"]])
    #expect(ticked() == [false, false, true])

    gtk_switch_set_active(window.spellingSwitch.opaque, 0)
    #expect(reported.last?.checksSpelling == false)
    #expect(window.languageButtons.allSatisfy { gtk_widget_get_sensitive($0.widget) == 0 })
  }

  @Test func withoutADictionaryPreferencesSaysWhyNothingIsChecked() throws {
    try #require(GtkTestEnvironment.start())
    var settings = Settings()
    settings.spellingLanguages = ["en_US", "de_DE"]
    let window = PreferencesWindow(settings: settings, transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    // Before Enchant has looked, nothing is claimed.
    #expect(gtk_widget_get_visible(window.dictionaryNotice.widget) == 0)
    window.showDictionaries([])
    #expect(window.languageButtons.isEmpty)
    #expect(gtk_widget_get_visible(window.dictionaryNotice.widget) != 0)
    let text = { String(cString: gtk_label_get_text(window.dictionaryNotice.opaque)) }
    #expect(text().contains("hunspell-en-us"))
    window.showDictionaries(["en_US"])
    #expect(text() == "No dictionary is installed for German (Germany); the others are checked.")
  }

  @Test func controlsHaveAccessibleLabelsAndRadioRoles() throws {
    try #require(GtkTestEnvironment.start())
    let window = PreferencesWindow(settings: Settings(), transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    for control in [
      window.enterButton, window.controlEnterButton, window.maxLinesButton, window.styleDropDown,
    ] {
      #expect(
        gtk_test_accessible_has_property(control.opaque, GTK_ACCESSIBLE_PROPERTY_LABEL) != 0)
    }
    #expect(gtk_test_accessible_has_role(window.enterButton.opaque, GTK_ACCESSIBLE_ROLE_RADIO) != 0)
    #expect(gtk_window_get_modal(window.window) != 0)
  }

  @Test func transientForTheGivenWindow() throws {
    try #require(GtkTestEnvironment.start())
    let parent = Widget(gtk_window_new())
    defer { gtk_window_destroy(parent.typed()) }
    let window = PreferencesWindow(settings: Settings(), transientFor: parent.typed())
    defer { gtk_window_destroy(window.window) }
    #expect(gtk_window_get_transient_for(window.window) == parent.typed())
  }

  @Test func theNetworkSectionAppliesAValidAccountAndSaysWhatIsWrongWithABadOne() throws {
    try #require(GtkTestEnvironment.start())
    let window = PreferencesWindow(settings: Settings(), transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    var reported: [Settings] = []
    var passwords: [String] = []
    window.onChange = { reported.append($0) }
    window.onPassword = { network, password in
      passwords.append(password)
      #expect(network.url.host == "irc.example.net")
    }
    window.present()  // an unmapped button does not click
    MainLoop.iterate(until: { gtk_widget_get_mapped(window.connectButton.widget) != 0 }, seconds: 5)

    gtk_editable_set_text(window.accountEntry.opaque, "ircs://alice@irc.example.net:70000/#a")
    window.applyNetwork()
    #expect(reported.isEmpty)
    #expect(window.accountProblem.isVisible)
    #expect(
      string(gtk_label_get_text(window.accountProblem.opaque))?.contains("65535") == true)

    gtk_editable_set_text(window.accountEntry.opaque, "ircs://alice@irc.example.net/#a,#b")
    gtk_editable_set_text(window.saslAccountEntry.opaque, "alice")
    gtk_editable_set_text(window.passwordEntry.opaque, "s3cret")
    // Activating a button clicks it after its press animation.
    gtk_widget_activate(window.connectButton.widget)
    MainLoop.iterate(until: { !passwords.isEmpty }, seconds: 5)
    #expect(!window.accountProblem.isVisible)
    #expect(passwords == ["s3cret"])
    #expect(reported.last?.networks.map(\.url.channels) == [["#a", "#b"]])
    #expect(reported.last?.networks.first?.saslAccount == "alice")
    // The password never reaches the settings, and the field forgets it.
    #expect(reported.last.map { !$0.keyFileText.contains("s3cret") } == true)
    #expect(string(gtk_editable_get_text(window.passwordEntry.opaque)) == "")
  }

  @Test func theNetworkSectionShowsTheSavedAccount() throws {
    try #require(GtkTestEnvironment.start())
    var settings = Settings()
    settings.networks = [
      NetworkAccount(
        url: try IRCServerURL(parsing: "irc://bob@127.0.0.1:6690/#x", defaultNick: "x"))
    ]
    let window = PreferencesWindow(settings: settings, transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    #expect(
      string(gtk_editable_get_text(window.accountEntry.opaque))
        == "irc://bob@127.0.0.1:6690/#x")
    for control in [window.accountEntry, window.saslAccountEntry, window.passwordEntry] {
      #expect(
        gtk_test_accessible_has_property(control.opaque, GTK_ACCESSIBLE_PROPERTY_LABEL) != 0)
    }
  }

  @Test func theQuitMessageShowsAndIsReportedAsItIsTyped() throws {
    try #require(GtkTestEnvironment.start())
    var settings = Settings()
    settings.quitMessage = "bye"
    let window = PreferencesWindow(settings: settings, transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    var reported: [Settings] = []
    window.onChange = { reported.append($0) }
    let entry = window.quitMessageEntry
    #expect(string(gtk_editable_get_text(entry.opaque)) == "bye")
    #expect(natter_test_accessible_label_is(entry.opaque, "Quit message") != 0)
    #expect(natter_test_accessible_label_is(entry.opaque, "Quit") == 0)

    var position: Int32 = 3
    gtk_editable_insert_text(entry.opaque, ", see you", -1, &position)
    #expect(reported.last?.quitMessage == "bye, see you")
    #expect(window.settings.quitMessage == "bye, see you")
    // Nothing else changes with it: no account, no reconnect.
    #expect(reported.last.map { $0.networks.isEmpty && $0.sendKey == .enter } == true)
    gtk_editable_set_text(entry.opaque, "")
    #expect(reported.last?.quitMessage == "")
  }

  @Test func theNetworkListAddsSelectsTurnsOffAndRemovesNetworks() throws {
    try #require(GtkTestEnvironment.start())
    var settings = Settings()
    settings.networks = [
      NetworkAccount(
        url: try IRCServerURL(parsing: "ircs://me@irc.alpha.example/#gtk", defaultNick: "x"),
        name: "Libera.Chat")
    ]
    let window = PreferencesWindow(settings: settings, transientFor: nil)
    defer { gtk_window_destroy(window.window) }
    var reported: [Settings] = []
    window.onChange = { reported.append($0) }
    window.present()  // an unmapped button does not click
    MainLoop.iterate(until: { gtk_widget_get_mapped(window.connectButton.widget) != 0 }, seconds: 5)
    #expect(string(gtk_editable_get_text(window.networkNameEntry.opaque)) == "Libera.Chat")
    #expect(window.networkSwitches.count == 1)

    // New network: the form empties, and Connect adds a second network after the first.
    gtk_widget_activate(window.newNetworkButton.widget)
    MainLoop.iterate(until: { window.networkEditor.selected == nil }, seconds: 5)
    #expect(string(gtk_editable_get_text(window.accountEntry.opaque)) == "")
    gtk_editable_set_text(window.accountEntry.opaque, "ircs://me@irc.beta.example/#debian")
    window.applyNetwork()
    #expect(reported.last?.networks.map(\.name) == ["Libera.Chat", "irc.beta.example"])
    #expect(window.networkSwitches.count == 2)
    #expect(window.networkEditor.selected == 1)

    // A row's switch turns that network off, and only that one.
    gtk_check_button_set_active(window.networkSwitches[0].typed(), 0)
    #expect(reported.last?.networks.map(\.isEnabled) == [false, true])

    // Selecting the first row shows it; Remove takes it away and shows its neighbour.
    let first = gtk_list_box_get_row_at_index(window.networkList.opaque, 0)
    gtk_list_box_select_row(window.networkList.opaque, first)
    #expect(string(gtk_editable_get_text(window.networkNameEntry.opaque)) == "Libera.Chat")
    gtk_widget_activate(window.removeNetworkButton.widget)
    MainLoop.iterate(until: { reported.last?.networks.count == 1 }, seconds: 5)
    #expect(reported.last?.networks.map(\.url.host) == ["irc.beta.example"])
    #expect(
      string(gtk_editable_get_text(window.accountEntry.opaque))
        == "ircs://me@irc.beta.example/#debian")
  }
}

/// `Connect to a network…`: the search, the keys, the custom server and what `Connect` gives.
@MainActor
@Suite struct ConnectDialogTests {
  /// A dialog on screen: an unmapped button does not click.
  private func presented() -> ConnectDialog {
    let dialog = ConnectDialog(transientFor: nil)
    dialog.present()
    MainLoop.iterate(until: { gtk_widget_get_mapped(dialog.connectButton.widget) != 0 }, seconds: 5)
    return dialog
  }

  @Test func searchUpDownAndConnectGiveTheChosenNetwork() throws {
    try #require(GtkTestEnvironment.start())
    let dialog = presented()
    defer { gtk_window_destroy(dialog.window) }
    var connected: [NetworkAccount] = []
    dialog.onConnect = { connected.append($0) }
    #expect(string(gtk_editable_get_text(dialog.nickEntry.opaque)) == LaunchOptions.loginName)
    gtk_editable_set_text(dialog.searchEntry.opaque, "oftc")
    MainLoop.iterate(
      until: { gtk_list_box_get_row_at_index(dialog.choices.opaque, 2) == nil }, seconds: 5)
    #expect(!dialog.problemShown)
    gtk_editable_set_text(dialog.nickEntry.opaque, "alice")
    gtk_editable_set_text(dialog.channelsEntry.opaque, "#debian")
    dialog.connect()
    #expect(connected.map(\.name) == ["OFTC"])
    #expect(connected.first?.url.channels == ["#debian"] && connected.first?.url.nick == "alice")
  }

  /// Enter on a network in the list (its row activated) connects to that one.
  @Test func activatingANetworkConnectsToIt() throws {
    try #require(GtkTestEnvironment.start())
    let dialog = presented()
    defer { gtk_window_destroy(dialog.window) }
    var connected: [NetworkAccount] = []
    dialog.onConnect = { connected.append($0) }
    let oftc = try #require(gtk_list_box_get_row_at_index(dialog.choices.opaque, 1))
    #expect(natter_test_accessible_label_is(opaque(oftc), "OFTC") != 0)
    #expect(
      gtk_list_box_get_activate_on_single_click(dialog.choices.opaque) == 0,
      "a single click only chooses, leaving the fields to fill in")
    gtk_widget_activate(cast(oftc))
    #expect(connected.map(\.name) == ["OFTC"])
  }

  @Test func aCustomServerIsAskedForAndABadOneSaysWhy() throws {
    try #require(GtkTestEnvironment.start())
    let dialog = presented()
    defer { gtk_window_destroy(dialog.window) }
    var connected: [NetworkAccount] = []
    dialog.onConnect = { connected.append($0) }
    gtk_editable_set_text(dialog.searchEntry.opaque, "no such network")
    MainLoop.iterate(until: { dialog.customServerShown }, seconds: 5)
    #expect(dialog.customServerShown)
    gtk_editable_set_text(dialog.serverEntry.opaque, "127.0.0.1:99999")
    dialog.connect()
    #expect(connected.isEmpty && dialog.problemShown)
    gtk_editable_set_text(dialog.serverEntry.opaque, "127.0.0.1:6667")
    gtk_check_button_set_active(dialog.tlsButton.typed(), 0)
    dialog.connect()
    #expect(connected.first.map { "\($0.url)" } == "irc://\(LaunchOptions.loginName)@127.0.0.1/")
  }
}
