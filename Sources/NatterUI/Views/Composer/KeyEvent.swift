import CGtk
import NatterCore

/// Translates GDK key values and modifier masks into the keymap's terms.
enum KeyEvent {
  static func key(_ keyval: UInt32) -> Key? {
    guard let name = gdk_keyval_name(keyval) else { return nil }
    return Key(gdkName: String(cString: name))
  }

  static func modifiers(_ state: GdkModifierType) -> KeyModifiers {
    var modifiers: KeyModifiers = []
    if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
    if state.rawValue & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alt) }
    return modifiers
  }
}
