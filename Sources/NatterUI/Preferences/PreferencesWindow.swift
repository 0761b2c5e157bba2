import CGtk
import GtkKit
import NatterCore
import NatterSession

/// The Preferences window (Ctrl+, and the primary menu): send key, composer height, style,
/// text formatting, typing notifications, spelling and the networks.
/// Every change is reported at once through `onChange`; there is no Apply button.
@MainActor
final class PreferencesWindow: Widget {
  /// Called with the new settings after every change the user makes.
  var onChange: (Settings) -> Void = { _ in }
  /// Called when the window closes.
  var onClose: () -> Void = {}

  private(set) var settings: Settings
  // Internal, not private: the GTK tests drive the controls as a user would.
  let enterButton: Widget
  let controlEnterButton: Widget
  let maxLinesButton: Widget
  let styleDropDown: Widget
  let formattingSwitch: Widget
  /// `Send typing notifications` (`[irc] typing=`, SPEC §13).
  let typingSwitch: Widget
  /// `Check spelling` (`[spelling] check=`, SPEC §14).
  let spellingSwitch: Widget
  /// One check button per installed dictionary, in `dictionaries`' order.
  let languageBox: Widget
  private(set) var languageButtons: [Widget] = []
  /// The dictionaries Enchant found; nil until it has looked.
  private(set) var dictionaries: [String]?
  /// Why checking cannot work as chosen (no dictionary, or none for a chosen language).
  let dictionaryNotice: Widget
  /// The language buttons are being set from the settings: their toggles report nothing.
  private var showingLanguages = false
  // The Network section (PreferencesWindow+Network.swift).
  let networkList: Widget
  let networkNameEntry: Widget
  let newNetworkButton: Widget
  let removeNetworkButton: Widget
  /// Each row's switch, in the list's order.
  var networkSwitches: [Widget] = []
  /// The list is being rebuilt: its selection and switches report nothing.
  var showingNetworks = false
  var networkEditor: NetworkEditor
  let accountEntry: Widget
  let saslAccountEntry: Widget
  let passwordEntry: Widget
  let clientCertificateEntry: Widget
  /// The certificate's SHA-256 fingerprint, to register with the server, or why it is unusable.
  let certificateFingerprint: Widget
  let connectButton: Widget
  let accountProblem: Widget
  let quitMessageEntry: Widget
  let realNameEntry: Widget
  /// `Connect` with a password typed: the app keeps it in the Secret Service for that
  /// network, never in the settings.
  var onPassword: (NetworkAccount, String) -> Void = { _, _ in }

  init(settings: Settings, transientFor parent: UnsafeMutablePointer<GtkWindow>?) {
    self.settings = settings
    enterButton = Widget(Self.radioButton(label: localized("Enter")))
    controlEnterButton = Widget(Self.radioButton(label: localized("Ctrl+Enter")))
    let range = Settings.maxLinesRange
    maxLinesButton = Widget(
      gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1))
    let titles = Settings.Style.allCases.map { strdup($0.title) } + [nil]
    defer { titles.forEach { free($0) } }
    styleDropDown = Widget(
      titles.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
          gtk_drop_down_new_from_strings($0.baseAddress)
        }
      })
    formattingSwitch = Widget(gtk_switch_new())
    typingSwitch = Widget(gtk_switch_new())
    spellingSwitch = Widget(gtk_switch_new())
    languageBox = Widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
    dictionaryNotice = Widget(gtk_label_new(nil))
    networkEditor = NetworkEditor(networks: settings.networks)
    networkList = Widget(gtk_list_box_new())
    networkNameEntry = Widget(gtk_entry_new())
    newNetworkButton = Widget(gtk_button_new_with_label(localized("New network")))
    removeNetworkButton = Widget(gtk_button_new_with_label(localized("Remove")))
    accountEntry = Widget(gtk_entry_new())
    saslAccountEntry = Widget(gtk_entry_new())
    passwordEntry = Widget(gtk_password_entry_new())
    clientCertificateEntry = Widget(gtk_entry_new())
    certificateFingerprint = Widget(gtk_label_new(nil))
    connectButton = Widget(gtk_button_new_with_label(localized("Connect")))
    accountProblem = Widget(gtk_label_new(nil))
    quitMessageEntry = Widget(gtk_entry_new())
    realNameEntry = Widget(gtk_entry_new())
    super.init(gtk_window_new())

    gtk_window_set_title(window, localized("Preferences"))
    gtk_window_set_default_size(window, -1, -1)
    gtk_window_set_resizable(window, 0)
    gtk_window_set_modal(window, 1)
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_titlebar(window, gtk_header_bar_new())
    gtk_window_set_child(window, makeContent())
    showValues()
    connectControls()
    closeOnEscape()
    if let parent { Widget.giveApplicationKeys(to: window, over: parent) }
    Signal.connectReturning(pointer, "close-request") { [unowned self] in
      onClose()
      return false
    }
  }

  var window: UnsafeMutablePointer<GtkWindow> { typed() }

  func present() {
    gtk_window_present(window)
  }

  // MARK: Layout

  /// Two columns, the app's own settings beside the networks', so the window stays within an
  /// 800-pixel-high screen however many settings each side has.
  private func makeContent() -> UnsafeMutablePointer<GtkWidget>? {
    let columns = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 48)
    for edge in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { edge(columns, 24) }
    for edge in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { edge(columns, 24) }
    let general = Self.column()
    let networks = Self.column()
    gtk_widget_set_size_request(networks, 380, -1)
    gtk_box_append(cast(columns), general)
    gtk_box_append(cast(columns), networks)
    addGeneralSection(to: cast(general))
    addNetworkSection(to: cast(networks), from: 0)
    return columns
  }

  private static func column() -> UnsafeMutablePointer<GtkWidget>? {
    let grid = gtk_grid_new()
    gtk_grid_set_row_spacing(cast(grid), 12)
    gtk_grid_set_column_spacing(cast(grid), 24)
    gtk_widget_set_valign(grid, GTK_ALIGN_START)
    return grid
  }

  private func addGeneralSection(to layout: UnsafeMutablePointer<GtkGrid>?) {

    gtk_grid_attach(layout, Self.heading(localized("Composer")), 0, 0, 2, 1)

    gtk_check_button_set_group(controlEnterButton.typed(), enterButton.typed())
    enterButton.setAccessibleLabel(localized("Send with Enter"))
    enterButton.setTooltip(localized("Enter sends; Shift+Enter makes a new line"))
    controlEnterButton.setAccessibleLabel(localized("Send with Ctrl+Enter"))
    controlEnterButton.setTooltip(localized("Ctrl+Enter sends; Enter makes a new line"))
    let sendKeys = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
    gtk_box_append(cast(sendKeys), enterButton.widget)
    gtk_box_append(cast(sendKeys), controlEnterButton.widget)
    gtk_grid_attach(layout, Self.label(localized("Send key")), 0, 1, 1, 1)
    gtk_grid_attach(layout, sendKeys, 1, 1, 1, 1)

    gtk_spin_button_set_numeric(maxLinesButton.opaque, 1)
    maxLinesButton.setAccessibleLabel(localized("Composer maximum lines"))
    gtk_widget_set_halign(maxLinesButton.widget, GTK_ALIGN_START)
    gtk_grid_attach(layout, Self.label(localized("Maximum lines")), 0, 2, 1, 1)
    gtk_grid_attach(layout, maxLinesButton.widget, 1, 2, 1, 1)

    gtk_grid_attach(layout, Self.heading(localized("Appearance")), 0, 3, 2, 1)
    styleDropDown.setAccessibleLabel(localized("Style"))
    gtk_widget_set_halign(styleDropDown.widget, GTK_ALIGN_START)
    // Wide enough for the longest choice, so the control does not resize as it changes.
    gtk_widget_set_size_request(styleDropDown.widget, 160, -1)
    gtk_grid_attach(layout, Self.label(localized("Style")), 0, 4, 1, 1)
    gtk_grid_attach(layout, styleDropDown.widget, 1, 4, 1, 1)
    Self.attach(
      formattingSwitch, to: layout, row: 5, label: localized("Text formatting"),
      name: localized("Show text formatting"),
      tooltip: localized("Bold, italics and colours that others send; off shows their plain text"))
    gtk_grid_attach(layout, Self.heading(localized("Privacy")), 0, 6, 2, 1)
    Self.attach(
      typingSwitch, to: layout, row: 7, label: localized("Typing notifications"),
      name: localized("Send typing notifications"),
      tooltip: localized("Let others in a channel or chat see that you are typing"))

    gtk_grid_attach(layout, Self.heading(localized("Spelling")), 0, 8, 2, 1)
    Self.attach(
      spellingSwitch, to: layout, row: 9, label: localized("Check spelling"),
      name: localized("Check spelling"),
      tooltip: localized("Underline misspelt words in the composer"))
    languageBox.setAccessibleLabel(localized("Spelling languages"))
    let languagesLabel = Self.label(localized("Languages"))
    gtk_widget_set_valign(languagesLabel, GTK_ALIGN_START)
    gtk_grid_attach(layout, languagesLabel, 0, 10, 1, 1)
    // Hunspell's packages bring a dictionary per region (de_BE, de_LU, en_AU, en_CA, …): the list
    // scrolls past a few rows, so the window stays within an 800-pixel-high screen.
    let languageScroller = gtk_scrolled_window_new()
    let scroller = OpaquePointer(languageScroller)
    gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(scroller, 1)
    gtk_scrolled_window_set_max_content_height(scroller, 168)
    gtk_scrolled_window_set_child(scroller, languageBox.widget)
    gtk_grid_attach(layout, languageScroller, 1, 10, 1, 1)
    let notice: OpaquePointer = dictionaryNotice.opaque
    gtk_label_set_wrap(notice, 1)
    gtk_label_set_max_width_chars(notice, 36)
    gtk_label_set_xalign(notice, 0)
    gtk_widget_add_css_class(dictionaryNotice.widget, "dim-label")
    dictionaryNotice.setAccessibleLabel(localized("Spelling dictionaries"))
    gtk_widget_set_visible(dictionaryNotice.widget, 0)
    gtk_grid_attach(layout, dictionaryNotice.widget, 0, 11, 2, 1)
  }

  /// A switch in `row`, after its row label; `name` is what screen readers call it.
  private static func attach(
    _ control: Widget, to layout: UnsafeMutablePointer<GtkGrid>?, row: gint, label: String,
    name: String, tooltip: String
  ) {
    control.setAccessibleLabel(name)
    control.setTooltip(tooltip)
    gtk_widget_set_halign(control.widget, GTK_ALIGN_START)
    gtk_grid_attach(layout, Self.label(label), 0, row, 1, 1)
    gtk_grid_attach(layout, control.widget, 1, row, 1, 1)
  }

  /// The dictionaries Enchant found (it looks on its worker, so they come after the window
  /// may be open): a check button for each, and the notice when one is missing.
  func showDictionaries(_ tags: [String]) {
    guard tags != dictionaries else { return }
    dictionaries = tags
    for button in languageButtons { gtk_box_remove(languageBox.typed(), button.widget) }
    languageButtons = tags.map { tag in
      let button = Widget(gtk_check_button_new_with_label(SpellingLanguages.title(of: tag)))
      gtk_box_append(languageBox.typed(), button.widget)
      Signal.connect(button.pointer, "toggled") { [unowned self, unowned button] in
        guard !showingLanguages else { return }
        let on = Bool(gboolean: gtk_check_button_get_active(button.typed()))
        update {
          $0.spellingLanguages = SpellingLanguages.turning(
            tag, on: on, in: SpellingLanguages.chosen(by: $0))
        }
        // The last language stays ticked: `turning` kept it.
        showLanguageValues()
      }
      return button
    }
    showLanguageValues()
  }

  private func showLanguageValues() {
    showingLanguages = true
    defer { showingLanguages = false }
    let chosen = SpellingLanguages.chosen(by: settings)
    let checks = settings.checksSpelling
    for (tag, button) in zip(dictionaries ?? [], languageButtons) {
      gtk_check_button_set_active(button.typed(), chosen.contains(tag).gboolean)
      gtk_widget_set_sensitive(button.widget, checks.gboolean)
    }
    let notice = dictionaries.flatMap {
      SpellingLanguages.missingNotice(chosen: chosen, installed: $0)
    }
    gtk_label_set_text(dictionaryNotice.opaque, notice ?? "")
    gtk_widget_set_visible(dictionaryNotice.widget, (notice != nil).gboolean)
  }

  /// A GtkCheckButton that screen readers announce as a radio button. GTK 4.8 keeps the
  /// checkbox role for grouped check buttons, and the role can only be set at construction.
  private static func radioButton(label: String) -> UnsafeMutablePointer<GtkWidget>? {
    var role = GValue()
    g_value_init(&role, gtk_accessible_role_get_type())
    g_value_set_enum(&role, gint(GTK_ACCESSIBLE_ROLE_RADIO.rawValue))
    var text = GValue()
    g_value_init(&text, natter_type_string())
    g_value_set_string(&text, label)
    defer {
      g_value_unset(&role)
      g_value_unset(&text)
    }
    let values = [role, text]
    var names: [UnsafePointer<CChar>?] = [
      UnsafePointer(strdup("accessible-role")), UnsafePointer(strdup("label")),
    ]
    defer { names.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    let button = values.withUnsafeBufferPointer { values in
      g_object_new_with_properties(
        gtk_check_button_get_type(), guint(names.count), &names, values.baseAddress)
    }
    return cast(UnsafeMutableRawPointer(button))
  }

  static func heading(_ text: String) -> UnsafeMutablePointer<GtkWidget>? {
    let label = gtk_label_new(text)
    gtk_widget_add_css_class(label, "heading")
    gtk_label_set_xalign(OpaquePointer(label), 0)
    return label
  }

  /// A row label. Controls carry their own accessible label instead of a labelled-by relation
  /// to this one: GTK 4.8 would join both into names like "Style Style".
  static func label(_ text: String) -> UnsafeMutablePointer<GtkWidget>? {
    let label = gtk_label_new(text)
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_widget_add_css_class(label, "dim-label")
    return label
  }

  // MARK: Values

  private func showValues() {
    let button = settings.sendKey == .enter ? enterButton : controlEnterButton
    gtk_check_button_set_active(button.typed(), 1)
    gtk_spin_button_set_value(maxLinesButton.opaque, Double(settings.maxLines))
    let index = Settings.Style.allCases.firstIndex(of: settings.style) ?? 0
    gtk_drop_down_set_selected(styleDropDown.opaque, guint(index))
    gtk_switch_set_active(formattingSwitch.opaque, settings.showsFormatting.gboolean)
    gtk_switch_set_active(typingSwitch.opaque, settings.sendsTyping.gboolean)
    gtk_switch_set_active(spellingSwitch.opaque, settings.checksSpelling.gboolean)
    showLanguageValues()
    showNetworkValues()
  }

  private func connectControls() {
    for button in [enterButton, controlEnterButton] {
      Signal.connect(button.pointer, "toggled") { [unowned self] in
        let controlEnter = Bool(gboolean: gtk_check_button_get_active(controlEnterButton.typed()))
        update { $0.sendKey = controlEnter ? .controlEnter : .enter }
      }
    }
    Signal.connect(maxLinesButton.pointer, "value-changed") { [unowned self] in
      let lines = Int(gtk_spin_button_get_value_as_int(maxLinesButton.opaque))
      update { $0.maxLines = lines }
    }
    Signal.connect(styleDropDown.pointer, "notify::selected") {
      [unowned self] (_: Signal.Pointer?) in
      let index = Int(gtk_drop_down_get_selected(styleDropDown.opaque))
      let styles = Settings.Style.allCases
      guard styles.indices.contains(index) else { return }
      update { $0.style = styles[index] }
    }
    Signal.connect(formattingSwitch.pointer, "notify::active") {
      [unowned self] (_: Signal.Pointer?) in
      let shown = Bool(gboolean: gtk_switch_get_active(formattingSwitch.opaque))
      update { $0.showsFormatting = shown }
    }
    Signal.connect(typingSwitch.pointer, "notify::active") {
      [unowned self] (_: Signal.Pointer?) in
      let sends = Bool(gboolean: gtk_switch_get_active(typingSwitch.opaque))
      update { $0.sendsTyping = sends }
    }
    Signal.connect(spellingSwitch.pointer, "notify::active") {
      [unowned self] (_: Signal.Pointer?) in
      let checks = Bool(gboolean: gtk_switch_get_active(spellingSwitch.opaque))
      update { $0.checksSpelling = checks }
      showLanguageValues()
    }
    connectNetworkControls()
  }

  /// Applies `change` and reports the result, only when it changed something: toggling a
  /// radio group emits twice (one off, one on) and should save once.
  func update(_ change: (inout Settings) -> Void) {
    var changed = settings
    change(&changed)
    guard changed != settings else { return }
    settings = changed
    onChange(changed)
  }
}
