/// One row of the keyboard shortcut table: the shortcuts window, GTK accelerators and README.
public struct Shortcut: Equatable, Sendable {
  /// A group in the shortcuts window.
  public enum Section: Equatable, Sendable, CaseIterable {
    case composer, tags, transcript, messages, conversations, application

    /// The group's heading in the user's language.
    public var title: String {
      switch self {
      case .composer: localized("Composer")
      case .tags: localized("Tags")
      case .transcript: localized("Transcript")
      case .messages: localized("Selected message")
      case .conversations: localized("Conversations")
      case .application: localized("Application")
      }
    }
  }

  /// The key pressed.
  public let key: Key
  /// The modifiers held with it.
  public let modifiers: KeyModifiers
  /// What the keys do, as shown in the shortcuts window (`Add tag`).
  public let title: String
  /// The shortcuts-window group it is listed in.
  public let section: Section
  /// What it does.
  public let action: KeyAction
  /// Whether the app registers it with `gtk_application_set_accels_for_action`; the others act
  /// only in their context and are dispatched by the key controller through `Keymap`.
  public let isGlobal: Bool
  /// Whether it has a row of its own where people read the table (README, shortcuts window);
  /// Alt+2 … Alt+9 are read in Alt+1's row.
  public var isListed = true
  /// The last key of the range this row stands for where it is read (Alt+1 … Alt+9).
  public var listedThrough: Key?

  /// The accelerator in GTK syntax (`<Control>t`, `<Control>question`, `Page_Up`).
  public var accelerator: String { modifiers.gtkPrefix + key.gdkName }
  /// The keys as a person reads them (`Ctrl+T`, `Shift+Enter`, `Ctrl+?`).
  public var label: String { modifiers.labelPrefix + key.label }
  /// The keys as read in the table: `Alt+1 … Alt+9` for a range, else `label`.
  public var listedLabel: String {
    listedThrough.map { "\(label) … \(modifiers.labelPrefix)\($0.label)" } ?? label
  }
  /// The accelerator for the shortcuts window, with GtkShortcutLabel's range syntax
  /// (`<Alt>1...<Alt>9`) for a range.
  public var listedAccelerator: String {
    listedThrough.map { "\(accelerator)...\(modifiers.gtkPrefix)\($0.gdkName)" } ?? accelerator
  }
  /// The GAction it triggers (`composer.add-tag`, `win.search`, `app.quit`).
  public var actionName: String { action.actionName }
}
