/// The keys Natter's keymap knows; every other key goes to the widget.
public enum Key: String, Equatable, Hashable, Sendable, CaseIterable {
  case enter, up, down, left, right, escape, backspace, delete
  case pageUp, pageDown, home, end, tab, space, comma, question
  case t, l, f, w, q, z

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
    case .t, .l, .f, .w, .q, .z: return rawValue
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
    case .space: return localized("Space")
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
    case "T", "L", "F", "W", "Q", "Z": self.init(gdkName: name.lowercased())
    default:
      guard let key = Key.allCases.first(where: { $0.gdkName == name }) else { return nil }
      self = key
    }
  }
}
