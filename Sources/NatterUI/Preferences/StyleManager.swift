import CGtk
import GtkKit
import NatterCore

/// Applies the light or dark style: GtkSettings' `gtk-application-prefer-dark-theme`, set from
/// the user's choice or, when following the system, from the freedesktop `color-scheme` read
/// over the XDG Settings portal and kept current through its `SettingChanged` signal.
///
/// Everything works without a portal or a session bus: following the system is then light.
/// The portal is asked asynchronously so that a slow or activating portal never delays the
/// first window.
@MainActor
final class StyleManager {
  private static let portalName = "org.freedesktop.portal.Desktop"
  private static let portalPath = "/org/freedesktop/portal/desktop"
  private static let settingsInterface = "org.freedesktop.portal.Settings"
  private static let appearanceNamespace = "org.freedesktop.appearance"
  private static let colorSchemeKey = "color-scheme"

  /// The session bus connection, or nil when the app runs without one. Referenced: the
  /// application lets go of its own at shutdown, which can come before this is dropped, and
  /// unsubscribing from a freed connection was a critical at every Ctrl+W on this machine.
  private let connection: OpaquePointer?
  private var subscription: guint = 0

  /// The portal's `color-scheme` (0 no preference, 1 dark, 2 light); nil without a portal.
  private(set) var systemColorScheme: UInt32?

  /// The user's choice; setting it applies it at once.
  var style: Settings.Style = .followSystem {
    didSet { apply() }
  }

  /// Called after the style is applied (tests and the window wait on it).
  var onApplied: (Bool) -> Void = { _ in }

  init(connection: OpaquePointer?) {
    self.connection = connection
    guard let connection else {
      Log.debug("no session bus: following the system style means light")
      return
    }
    g_object_ref(raw(connection))
    subscription = AsyncCall.subscribe(
      connection, sender: Self.portalName, interface: Self.settingsInterface,
      member: "SettingChanged", path: Self.portalPath, arg0: Self.appearanceNamespace
    ) { [weak self] changed in self?.settingChanged(changed) }
    readColorScheme(on: connection)
  }

  isolated deinit {
    // The subscription holds its closure (a weak reference to this) until unsubscribed.
    guard let connection else { return }
    if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
    g_object_unref(raw(connection))
  }

  /// Whether the dark variant is in use now.
  var isDark: Bool { style.prefersDark(systemColorScheme: systemColorScheme) }

  private func apply() {
    let dark = isDark
    let property = "gtk-application-prefer-dark-theme"
    // Setting it, even to the value it has, makes GTK re-parse the whole theme: 10-15 ms of
    // start-up on this machine. Only a change is worth that.
    if let settings = gtk_settings_get_default(),
      Bool(gboolean: natter_object_get_boolean(raw(settings), property)) != dark
    {
      natter_object_set_boolean(raw(settings), property, dark.gboolean)
    }
    onApplied(dark)
  }

  /// Asks the portal once; until it answers (or if it never does) the style stays as applied.
  private func readColorScheme(on connection: OpaquePointer) {
    var arguments: [OpaquePointer?] = [
      g_variant_new_string(Self.appearanceNamespace), g_variant_new_string(Self.colorSchemeKey),
    ]
    let parameters = g_variant_new_tuple(&arguments, 2)
    // Kept until the reply: the callback may run after the app dropped this manager.
    let read = AsyncCall.ready { [self] source, result in readFinished(source, result) }
    g_dbus_connection_call(
      connection, Self.portalName, Self.portalPath, Self.settingsInterface, "Read", parameters,
      nil, G_DBUS_CALL_FLAGS_NONE, 2000, nil, read.callback, read.data)
  }

  private func readFinished(_ connection: OpaquePointer?, _ result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    guard let reply = g_dbus_connection_call_finish(connection, result, &error) else {
      let reason = GLibError.take(&error) ?? "no reply"
      Log.debug("no settings portal (\(reason)); following the system style means light")
      return
    }
    defer { g_variant_unref(reply) }
    update(Self.colorScheme(in: reply, at: 0))
  }

  /// `SettingChanged(s namespace, s key, v value)`.
  private func settingChanged(_ parameters: OpaquePointer) {
    guard string(g_variant_get_type_string(parameters)) == "(ssv)",
      let key = g_variant_get_child_value(parameters, 1)
    else { return }
    let name = string(g_variant_get_string(key, nil))
    g_variant_unref(key)
    guard name == Self.colorSchemeKey else { return }
    update(Self.colorScheme(in: parameters, at: 2))
  }

  private func update(_ scheme: UInt32?) {
    guard let scheme else { return }
    Log.debug("system color-scheme is \(scheme)")
    systemColorScheme = scheme
    apply()
  }

  /// The `u` inside child `index` of `tuple`. `Read` wraps the value in two variants (a
  /// portal quirk kept for compatibility), `SettingChanged` in one; both are unwrapped.
  private static func colorScheme(in tuple: OpaquePointer, at index: Int) -> UInt32? {
    guard g_variant_n_children(tuple) > index,
      var value = g_variant_get_child_value(tuple, gsize(index))
    else { return nil }
    while string(g_variant_get_type_string(value)) == "v", let inner = g_variant_get_variant(value)
    {
      g_variant_unref(value)
      value = inner
    }
    defer { g_variant_unref(value) }
    guard string(g_variant_get_type_string(value)) == "u" else { return nil }
    return g_variant_get_uint32(value)
  }
}
