/// The keys Natter's keymap knows; every other key goes to the widget.
public enum Key: String, Equatable, Hashable, Sendable, CaseIterable {
  case enter, up, down, left, right, escape, backspace, delete
  case pageUp, pageDown, home, end, tab, space, comma, question, period
  case t, l, f, w, q, z, k, n, r, e, c
  case f9, f10, menu
  case one, two, three, four, five, six, seven, eight, nine

  /// The digit keys 1…9 (Alt+1 opens the first conversation), in order.
  public static let digits: [Key] = [.one, .two, .three, .four, .five, .six, .seven, .eight, .nine]

  /// The number on a digit key, else nil.
  public var digit: Int? { Key.digits.firstIndex(of: self).map { $0 + 1 } }

  /// The GDK key name, as used in GTK accelerator strings (`Return`, `Page_Up`, `question`).
  public var gdkName: String {
    switch self {
    case .enter: return "Return"
    case .up: return "Up"
    case .down: return "Down"
    case .left: return "Left"
    case .right: return "Right"
    case .escape: return "Escape"
    case .backspace: return "BackSpace"
    case .delete: return "Delete"
    case .pageUp: return "Page_Up"
    case .pageDown: return "Page_Down"
    case .home: return "Home"
    case .end: return "End"
    case .tab: return "Tab"
    case .space: return "space"
    case .comma: return "comma"
    case .question: return "question"
    case .period: return "period"
    case .t, .l, .f, .w, .q, .z, .k, .n, .r, .e, .c: return rawValue
    case .f9: return "F9"
    case .f10: return "F10"
    case .menu: return "Menu"
    default: return String(digit ?? 0)
    }
  }

  /// The key as a person reads it (`Enter`, `Page Up`, `?`, `T`).
  public var label: String {
    switch self {
    case .enter: return localized("Enter")
    case .backspace: return localized("Backspace")
    case .pageUp: return localized("Page Up")
    case .pageDown: return localized("Page Down")
    case .comma: return ","
    case .question: return "?"
    case .period: return "."
    case .space: return localized("Space")
    case .f9: return "F9"
    case .f10: return "F10"
    case .menu: return localized("Menu")
    case .one, .two, .three, .four, .five, .six, .seven, .eight, .nine: return gdkName
    default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }
  }

  /// The key for a GDK key name (from `gdk_keyval_name`), folding keypad and shifted variants.
  public init?(gdkName name: String) {
    switch name {
    case "Return", "KP_Enter", "ISO_Enter": self = .enter
    case "KP_Up": self = .up
    case "KP_Down": self = .down
    case "KP_Left": self = .left
    case "KP_Right": self = .right
    case "KP_Delete": self = .delete
    case "KP_Page_Up", "Prior": self = .pageUp
    case "KP_Page_Down", "Next": self = .pageDown
    case "KP_Home": self = .home
    case "KP_End": self = .end
    case "ISO_Left_Tab", "KP_Tab": self = .tab
    case "KP_Space": self = .space
    case "T", "L", "F", "W", "Q", "Z", "K", "N", "R", "E", "C":
      self.init(gdkName: name.lowercased())
    case "KP_1", "KP_2", "KP_3", "KP_4", "KP_5", "KP_6", "KP_7", "KP_8", "KP_9":
      self.init(gdkName: String(name.dropFirst(3)))
    default:
      guard let key = Key.allCases.first(where: { $0.gdkName == name }) else { return nil }
      self = key
    }
  }
}
