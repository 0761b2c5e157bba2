/// The modifier keys the keymap distinguishes; others (Super, Caps Lock) are ignored.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Control (Ctrl).
  public static let control = KeyModifiers(rawValue: 1 << 1)
  /// Alt.
  public static let alt = KeyModifiers(rawValue: 1 << 2)

  /// The GTK accelerator prefix, e.g. `<Control><Shift>`.
  public var gtkPrefix: String {
    (contains(.control) ? "<Control>" : "") + (contains(.shift) ? "<Shift>" : "")
      + (contains(.alt) ? "<Alt>" : "")
  }

  /// The readable prefix, e.g. `Ctrl+Shift+`.
  public var labelPrefix: String {
    (contains(.control) ? localized("Ctrl+") : "") + (contains(.shift) ? localized("Shift+") : "")
      + (contains(.alt) ? localized("Alt+") : "")
  }
}
