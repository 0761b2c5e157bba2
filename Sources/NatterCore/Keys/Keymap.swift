/// The one keyboard table: which action a key triggers in a context, and the shortcut list.
public enum Keymap {
  /// The action for `key` with `modifiers` in `context`, or nil to let the widget have the key.
  ///
  /// This is the key's meaning when no input method is composing; `InputMethodGate` decides
  /// what happens to it while one is (Enter then commits the composition and never sends).
  /// Window-wide shortcuts (`isGlobal` rows) are not answered here: their one route is the
  /// application accelerators made from the table (`globalAccelerators`), which GTK runs in
  /// the window's capture phase, before any widget or input method sees the key.
  public static func action(
    for key: Key, modifiers: KeyModifiers, in context: KeyContext
  ) -> KeyAction? {
    switch context.focus {
    case .composer: return composerAction(for: key, modifiers: modifiers, in: context)
    case .chipRow: return chipRowAction(for: key, modifiers: modifiers)
    case .tagEntry:
      guard modifiers.isEmpty else { return nil }
      if key == .enter { return .confirmTag }
      return key == .escape ? .closePopover : nil
    case .search:
      return key == .escape && modifiers.isEmpty ? .closeSearch : nil
    case .message: return messageAction(for: key, modifiers: modifiers)
    case .transcript:
      guard modifiers.isEmpty, context.searchOpen else { return nil }
      switch key {
      case .escape: return .closeSearch
      // A result row has the focus: Enter takes the user to it (a selectable label would
      // otherwise take Enter for the window's default).
      case .enter: return .openSearchResult
      default: return nil
      }
    case .switcher:
      guard modifiers.isEmpty else { return nil }
      switch key {
      case .up: return .previousMatch
      case .down: return .nextMatch
      case .escape: return .closeSwitcher
      default: return nil
      }
    case .dialog:
      return key == .escape && modifiers.isEmpty ? .cancelDialog : nil
    }
  }

  private static func composerAction(
    for key: Key, modifiers: KeyModifiers, in context: KeyContext
  ) -> KeyAction? {
    if context.emojiCompletionShown, let action = emojiCompletionAction(for: key, modifiers) {
      return action
    }
    switch (key, modifiers) {
    case (.enter, []): return context.sendKey == .enter ? .send : .newline
    case (.enter, .shift): return .newline
    case (.enter, .control): return .send
    case (.up, []):
      return context.composerEmpty && !context.isEditing ? .editLastMessage : nil
    case (.escape, []):
      // The reply first: it is what the user set up last, and the bar above the text shows it.
      if context.isReplying { return .cancelReply }
      if context.isEditing { return .cancelEdit }
      if context.popoverOpen { return .closePopover }
      return context.searchOpen ? .closeSearch : nil
    case (.backspace, []):
      let atStart = context.caretAtStart && !context.hasSelection
      return atStart && context.hasChips ? .removeLastChip : nil
    case (.down, .alt): return context.hasChips ? .focusChipRow : nil
    case (.up, .alt): return .selectMessages
    case (.tab, []) where context.canCompleteNick && !context.hasSelection:
      return .completeNick
    case (.space, []), (.tab, []), (.comma, []):
      return context.hasSelection ? nil : .convertHashtag
    case (.z, .control): return context.canUndoConversion ? .undoConversion : nil
    case (.pageUp, []): return .scrollPageUp
    case (.pageDown, []): return .scrollPageDown
    case (.period, .control): return .emojiChooser
    default: return nil
    }
  }

  /// The keys of the `:name` completions while they show (SPEC §14): Enter inserts rather than
  /// sends, and Escape only puts them away.
  private static func emojiCompletionAction(for key: Key, _ modifiers: KeyModifiers) -> KeyAction? {
    guard modifiers.isEmpty else { return nil }
    switch key {
    case .up: return .previousEmoji
    case .down: return .nextEmoji
    case .tab, .enter: return .insertEmoji
    case .escape: return .dismissEmoji
    default: return nil
    }
  }

  /// A selected message's keys (SPEC §13); what each may do to that message is
  /// `MessageAction.available(for:)`'s to say.
  private static func messageAction(for key: Key, modifiers: KeyModifiers) -> KeyAction? {
    switch (key, modifiers) {
    case (.up, []): return .previousMessage
    case (.down, []): return .nextMessage
    case (.pageUp, []): return .previousMessagePage
    case (.pageDown, []): return .nextMessagePage
    case (.escape, []): return .leaveMessages
    case (.r, []): return .replyToMessage
    case (.e, []): return .reactToMessage
    case (.c, []): return .copyMessage
    case (.enter, []): return .activateMessage
    case (.menu, []), (.f10, .shift): return .messageMenu
    default: return nil
    }
  }

  private static func chipRowAction(for key: Key, modifiers: KeyModifiers) -> KeyAction? {
    switch (key, modifiers) {
    case (.left, []): return .previousChip
    case (.right, []): return .nextChip
    case (.delete, []), (.backspace, []): return .removeFocusedChip
    case (.escape, []), (.up, .alt): return .leaveChipRow
    case (.pageUp, []): return .scrollPageUp
    case (.pageDown, []): return .scrollPageDown
    default: return nil
    }
  }

  /// Every shortcut, in shortcuts-window order; each SPEC §5 row appears here.
  public static let shortcuts: [Shortcut] =
    [
      Shortcut(
        key: .enter, modifiers: [], title: localized("Send (with “Ctrl+Enter sends”: new line)"),
        section: .composer, action: .send, isGlobal: false),
      Shortcut(
        key: .enter, modifiers: .shift, title: localized("New line"), section: .composer,
        action: .newline,
        isGlobal: false),
      Shortcut(
        key: .enter, modifiers: .control,
        title: localized("Send (with “Ctrl+Enter sends”: the only send key)"),
        section: .composer, action: .send, isGlobal: false),
      Shortcut(
        key: .up, modifiers: [], title: localized("Edit last own message (empty composer)"),
        section: .composer, action: .editLastMessage, isGlobal: false),
      Shortcut(
        key: .escape, modifiers: [],
        title: localized("Cancel the reply or edit, close popover or search"),
        section: .composer, action: .cancelEdit, isGlobal: false),
      Shortcut(
        key: .z, modifiers: .control, title: localized("Undo tag conversion"), section: .composer,
        action: .undoConversion, isGlobal: false),
      Shortcut(
        key: .tab, modifiers: [],
        title: localized("Insert the highlighted emoji (after “:” and part of its name)"),
        section: .composer, action: .insertEmoji, isGlobal: false),
      Shortcut(
        key: .period, modifiers: .control, title: localized("Emoji chooser"), section: .composer,
        action: .emojiChooser, isGlobal: false),
      Shortcut(
        key: .t, modifiers: .control, title: localized("Add tag"), section: .tags, action: .addTag,
        isGlobal: true),
      Shortcut(
        key: .backspace, modifiers: [], title: localized("Remove last tag (caret at start)"),
        section: .tags,
        action: .removeLastChip, isGlobal: false),
      Shortcut(
        key: .down, modifiers: .alt, title: localized("Into the tag row"), section: .tags,
        action: .focusChipRow, isGlobal: false),
      Shortcut(
        key: .up, modifiers: .alt, title: localized("Out of the tag row"), section: .tags,
        action: .leaveChipRow, isGlobal: false),
      Shortcut(
        key: .left, modifiers: [], title: localized("Previous tag"), section: .tags,
        action: .previousChip,
        isGlobal: false),
      Shortcut(
        key: .right, modifiers: [], title: localized("Next tag"), section: .tags, action: .nextChip,
        isGlobal: false),
      Shortcut(
        key: .delete, modifiers: [], title: localized("Remove focused tag"), section: .tags,
        action: .removeFocusedChip, isGlobal: false),
      Shortcut(
        key: .l, modifiers: .control, title: localized("Focus the composer"), section: .transcript,
        action: .focusComposer, isGlobal: true),
      Shortcut(
        key: .pageUp, modifiers: [], title: localized("Scroll up (focus stays in the composer)"),
        section: .transcript, action: .scrollPageUp, isGlobal: false),
      Shortcut(
        key: .pageDown, modifiers: [],
        title: localized("Scroll down (focus stays in the composer)"),
        section: .transcript, action: .scrollPageDown, isGlobal: false),
      Shortcut(
        key: .home, modifiers: .control, title: localized("Oldest message"), section: .transcript,
        action: .scrollToOldest, isGlobal: true),
      Shortcut(
        key: .end, modifiers: .control, title: localized("Newest message"), section: .transcript,
        action: .scrollToNewest, isGlobal: true),
      Shortcut(
        key: .f, modifiers: .control, title: localized("Search and filter"), section: .transcript,
        action: .search, isGlobal: true),
      Shortcut(
        key: .enter, modifiers: [], title: localized("Show a search result in its conversation"),
        section: .transcript, action: .openSearchResult, isGlobal: false),
      Shortcut(
        key: .up, modifiers: .alt, title: localized("Select the newest message"),
        section: .messages, action: .selectMessages, isGlobal: false),
      Shortcut(
        key: .up, modifiers: [], title: localized("Previous message"), section: .messages,
        action: .previousMessage, isGlobal: false),
      Shortcut(
        key: .down, modifiers: [], title: localized("Next message"), section: .messages,
        action: .nextMessage, isGlobal: false),
      Shortcut(
        key: .pageUp, modifiers: [], title: localized("A page of messages up"),
        section: .messages, action: .previousMessagePage, isGlobal: false),
      Shortcut(
        key: .pageDown, modifiers: [], title: localized("A page of messages down"),
        section: .messages, action: .nextMessagePage, isGlobal: false),
      Shortcut(
        key: .r, modifiers: [], title: localized("Reply to the selected message"),
        section: .messages, action: .replyToMessage, isGlobal: false),
      Shortcut(
        key: .e, modifiers: [], title: localized("React to the selected message"),
        section: .messages, action: .reactToMessage, isGlobal: false),
      Shortcut(
        key: .c, modifiers: [], title: localized("Copy the selected message’s text"),
        section: .messages, action: .copyMessage, isGlobal: false),
      Shortcut(
        key: .enter, modifiers: [],
        title: localized("Retry a refused message, else open its link (a reply: show its parent)"),
        section: .messages, action: .activateMessage, isGlobal: false),
      Shortcut(
        key: .menu, modifiers: [], title: localized("The selected message’s menu"),
        section: .messages, action: .messageMenu, isGlobal: false),
      Shortcut(
        key: .f10, modifiers: .shift, title: localized("The selected message’s menu"),
        section: .messages, action: .messageMenu, isGlobal: false),
      Shortcut(
        key: .escape, modifiers: [], title: localized("Back to the composer, draft intact"),
        section: .messages, action: .leaveMessages, isGlobal: false),
      Shortcut(
        key: .k, modifiers: .control, title: localized("Switch to a conversation"),
        section: .conversations,
        action: .quickSwitcher, isGlobal: true),
    ]
    + Key.digits.map { key in
      Shortcut(
        key: key, modifiers: .alt, title: localized("The nth conversation in the sidebar"),
        section: .conversations, action: KeyAction.conversation(key.digit ?? 0) ?? .conversation1,
        isGlobal: true, isListed: key == .one, listedThrough: key == .one ? .nine : nil)
    } + [
      Shortcut(
        key: .pageUp, modifiers: .control, title: localized("Previous conversation"),
        section: .conversations,
        action: .previousConversation, isGlobal: true),
      Shortcut(
        key: .pageDown, modifiers: .control, title: localized("Next conversation"),
        section: .conversations,
        action: .nextConversation, isGlobal: true),
      Shortcut(
        key: .n, modifiers: .control, title: localized("Connect to a network"),
        section: .conversations, action: .connectNetwork, isGlobal: true),
      Shortcut(
        key: .f9, modifiers: [], title: localized("Show or hide the sidebar"),
        section: .conversations,
        action: .toggleSidebar, isGlobal: true),
      Shortcut(
        key: .w, modifiers: [.control, .shift], title: localized("Leave the conversation"),
        section: .conversations, action: .closeConversation, isGlobal: true),
      Shortcut(
        key: .tab, modifiers: [], title: localized("Complete a nickname (Tab again cycles)"),
        section: .conversations, action: .completeNick, isGlobal: false),
      Shortcut(
        key: .up, modifiers: [], title: localized("Previous match in “Switch to”"),
        section: .conversations, action: .previousMatch, isGlobal: false),
      Shortcut(
        key: .down, modifiers: [], title: localized("Next match in “Switch to”"),
        section: .conversations, action: .nextMatch, isGlobal: false),
      Shortcut(
        key: .escape, modifiers: [], title: localized("Close “Switch to”"),
        section: .conversations, action: .closeSwitcher, isGlobal: false),
      Shortcut(
        key: .escape, modifiers: [], title: localized("Cancel a question (“Leave #natter?”)"),
        section: .application, action: .cancelDialog, isGlobal: false),
      Shortcut(
        key: .question, modifiers: .control, title: localized("Keyboard shortcuts"),
        section: .application,
        action: .showShortcuts, isGlobal: true),
      Shortcut(
        key: .comma, modifiers: .control, title: localized("Preferences"), section: .application,
        action: .preferences, isGlobal: true),
      Shortcut(
        key: .w, modifiers: .control, title: localized("Close window"), section: .application,
        action: .closeWindow, isGlobal: true),
      Shortcut(
        key: .q, modifiers: .control, title: localized("Quit"), section: .application,
        action: .quit,
        isGlobal: true),
    ]

  /// The accelerators to register for each global action name, in table order: the only
  /// route for these keys, so a row added to the table works everywhere at once.
  public static var globalAccelerators: [(actionName: String, accelerators: [String])] {
    var result: [(actionName: String, accelerators: [String])] = []
    for shortcut in shortcuts where shortcut.isGlobal {
      if let index = result.firstIndex(where: { $0.actionName == shortcut.actionName }) {
        result[index].accelerators.append(shortcut.accelerator)
      } else {
        result.append((shortcut.actionName, [shortcut.accelerator]))
      }
    }
    return result
  }

  /// The rows people read (README, shortcuts window): Alt+1 … Alt+9 is one row.
  public static var listedShortcuts: [Shortcut] { shortcuts.filter(\.isListed) }

  /// The shortcut table as Markdown, for the README.
  public static func markdownTable() -> String {
    var lines = ["| Keys | Action |", "|---|---|"]
    for shortcut in listedShortcuts {
      lines.append("| \(shortcut.listedLabel) | \(shortcut.title) |")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
