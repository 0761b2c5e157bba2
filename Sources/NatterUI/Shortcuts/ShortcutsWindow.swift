import CGtk
import GtkKit
import NatterCore

/// The Keyboard Shortcuts window (Ctrl+? and the primary menu), made from `Keymap.listedShortcuts` so
/// it can never disagree with the keys the app handles.
///
/// GtkShortcutsWindow and its sections, groups and shortcuts are configured only through
/// properties, and `g_object_new` is variadic; GtkBuilder XML generated from the keymap builds
/// the whole tree in one call instead.
@MainActor
enum ShortcutsWindow {
  /// Shows a new shortcuts window over `parent`; GTK owns it and destroys it when closed
  /// (Escape closes it).
  @discardableResult
  static func present(transientFor parent: UnsafeMutablePointer<GtkWindow>?)
    -> UnsafeMutablePointer<GtkWindow>?
  {
    guard let window = make() else { return nil }
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    if let parent { Widget.giveApplicationKeys(to: window, over: parent) }
    gtk_window_present(window)
    return window
  }

  /// A new, unshown shortcuts window, or nil (logged) when GTK rejects the generated XML.
  static func make(shortcuts: [Shortcut] = Keymap.listedShortcuts)
    -> UnsafeMutablePointer<GtkWindow>?
  {
    let xml = builderXML(for: shortcuts)
    guard let made = gtk_builder_new() else { return nil }
    let builder = Object(adopting: raw(made))
    defer { withExtendedLifetime(builder) {} }
    var error: UnsafeMutablePointer<GError>?
    guard gtk_builder_add_from_string(builder.opaque, xml, gssize(xml.utf8.count), &error) != 0
    else {
      let reason = GLibError.take(&error) ?? localized("unknown error")
      Log.warning("could not build the shortcuts window: \(reason)")
      return nil
    }
    guard let object = gtk_builder_get_object(builder.opaque, "shortcuts") else { return nil }
    // The builder's reference goes with the builder; GTK's toplevel list keeps the window.
    return cast(UnsafeMutableRawPointer(object))
  }

  /// GtkBuilder XML for a shortcuts window with one group per keymap section, in table order.
  static func builderXML(for shortcuts: [Shortcut]) -> String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <interface>
        <object class="GtkShortcutsWindow" id="shortcuts">
          <property name="modal">1</property>
          <property name="title">\(Markup.escape(localized("Keyboard Shortcuts")))</property>
          <child>
            <object class="GtkShortcutsSection">
              <property name="section-name">shortcuts</property>
              <property name="max-height">16</property>

      """
    for section in Shortcut.Section.allCases {
      let rows = shortcuts.filter { $0.section == section }
      guard !rows.isEmpty else { continue }
      xml += """
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(Markup.escape(section.title))</property>

        """
      for shortcut in rows {
        xml += """
                      <child>
                        <object class="GtkShortcutsShortcut">
                          <property name="title">\(Markup.escape(shortcut.title))</property>
                          <property name="accelerator">\(Markup.escape(shortcut.listedAccelerator))</property>
                        </object>
                      </child>

          """
      }
      xml += """
                  </object>
                </child>

        """
    }
    xml += """
            </object>
          </child>
        </object>
      </interface>

      """
    return xml
  }
}
