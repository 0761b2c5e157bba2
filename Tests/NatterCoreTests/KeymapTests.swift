import Testing

@testable import NatterCore

@Suite struct KeymapTests {
  private func action(
    _ key: Key, _ modifiers: KeyModifiers = [], _ context: KeyContext = KeyContext()
  ) -> KeyAction? {
    Keymap.action(for: key, modifiers: modifiers, in: context)
  }

  private let typing = KeyContext(composerEmpty: false, caretAtStart: false)

  @Test func enterSendsAndShiftEnterMakesANewLine() {
    #expect(action(.enter, [], typing) == .send)
    #expect(action(.enter, .shift, typing) == .newline)
    #expect(action(.enter, .control, typing) == .send)
    #expect(action(.enter, .alt, typing) == nil)
  }

  @Test func ctrlEnterPreferenceMakesEnterANewLine() {
    var context = typing
    context.sendKey = .controlEnter
    #expect(action(.enter, [], context) == .newline)
    #expect(action(.enter, .control, context) == .send)
    #expect(action(.enter, .shift, context) == .newline)
  }

  @Test func upEditsOnlyInAnEmptyComposer() {
    #expect(action(.up, [], KeyContext(composerEmpty: true)) == .editLastMessage)
    #expect(action(.up, [], typing) == nil)
    #expect(action(.up, [], KeyContext(composerEmpty: true, isEditing: true)) == nil)
    #expect(action(.up, .shift, KeyContext(composerEmpty: true)) == nil)
  }

  @Test func escapeCancelsEditThenClosesPopoverOrSearchElseNothing() {
    #expect(action(.escape, [], KeyContext(isEditing: true, searchOpen: true)) == .cancelEdit)
    #expect(action(.escape, [], KeyContext(searchOpen: true, popoverOpen: true)) == .closePopover)
    #expect(action(.escape, [], KeyContext(searchOpen: true)) == .closeSearch)
    #expect(action(.escape, [], KeyContext()) == nil)
    #expect(action(.escape, [], KeyContext(focus: .search)) == .closeSearch)
    #expect(action(.escape, [], KeyContext(focus: .transcript, searchOpen: true)) == .closeSearch)
    #expect(action(.escape, [], KeyContext(focus: .transcript)) == nil)
    #expect(action(.escape, [], KeyContext(focus: .tagEntry)) == .closePopover)
  }

  @Test func enterOnASearchResultOpensItOnlyWhileSearching() {
    let results = KeyContext(focus: .transcript, searchOpen: true)
    #expect(action(.enter, [], results) == .openSearchResult)
    #expect(action(.enter, .shift, results) == nil)
    #expect(action(.enter, [], KeyContext(focus: .transcript)) == nil)
    // In the composer Enter still sends while the search is open.
    #expect(action(.enter, [], KeyContext(searchOpen: true)) == .send)
  }

  @Test func tagEntryConfirmsWithEnter() {
    #expect(action(.enter, [], KeyContext(focus: .tagEntry)) == .confirmTag)
    #expect(action(.enter, .shift, KeyContext(focus: .tagEntry)) == nil)
    #expect(action(.tab, [], KeyContext(focus: .tagEntry)) == nil)
    #expect(action(.t, .control, KeyContext(focus: .tagEntry)) == nil)
  }

  @Test func backspaceRemovesLastChipOnlyAtTheStartWithoutSelection() {
    let atStart = KeyContext(composerEmpty: false, caretAtStart: true, hasChips: true)
    #expect(action(.backspace, [], atStart) == .removeLastChip)
    var selected = atStart
    selected.hasSelection = true
    #expect(action(.backspace, [], selected) == nil)
    #expect(action(.backspace, [], KeyContext(caretAtStart: false, hasChips: true)) == nil)
    #expect(action(.backspace, [], KeyContext(caretAtStart: true, hasChips: false)) == nil)
  }

  @Test func altDownAndUpMoveIntoAndOutOfTheChipRow() {
    #expect(action(.down, .alt, KeyContext(hasChips: true)) == .focusChipRow)
    #expect(action(.down, .alt, KeyContext(hasChips: false)) == nil)
    let row = KeyContext(focus: .chipRow, hasChips: true)
    #expect(action(.up, .alt, row) == .leaveChipRow)
    #expect(action(.escape, [], row) == .leaveChipRow)
    #expect(action(.left, [], row) == .previousChip)
    #expect(action(.right, [], row) == .nextChip)
    #expect(action(.delete, [], row) == .removeFocusedChip)
    #expect(action(.backspace, [], row) == .removeFocusedChip)
    #expect(action(.pageDown, [], row) == .scrollPageDown)
    #expect(action(.up, [], row) == nil)
  }

  @Test func delimitersAskForHashtagConversionUnlessSelecting() {
    for key in [Key.space, .tab, .comma] {
      #expect(action(key, [], typing) == .convertHashtag)
      #expect(action(key, .shift, typing) == nil)
    }
    var selecting = typing
    selecting.hasSelection = true
    #expect(action(.space, [], selecting) == nil)
  }

  @Test func ctrlZUndoesOnlyAConversion() {
    #expect(action(.z, .control, KeyContext(canUndoConversion: true)) == .undoConversion)
    #expect(action(.z, .control, KeyContext()) == nil)
  }

  @Test func pageKeysScrollTheTranscriptFromTheComposer() {
    #expect(action(.pageUp, [], typing) == .scrollPageUp)
    #expect(action(.pageDown, [], typing) == .scrollPageDown)
    #expect(action(.pageUp, [], KeyContext(focus: .transcript)) == nil)
  }

  /// Window-wide shortcuts have one route, the application accelerators made from the table:
  /// the keymap never answers them as well, in any context, and no context key shares them.
  @Test func globalShortcutsAreOnlyAccelerators() {
    let contexts = FocusArea.allCases.map { KeyContext(focus: $0, searchOpen: true) }
    let global = Keymap.shortcuts.filter(\.isGlobal)
    for shortcut in global {
      for context in contexts {
        #expect(action(shortcut.key, shortcut.modifiers, context) == nil, "\(shortcut.label)")
      }
      let registered = Keymap.globalAccelerators.first { $0.actionName == shortcut.actionName }
      #expect(registered?.accelerators.contains(shortcut.accelerator) == true)
    }
    let globalKeys = Set(global.map(\.label))
    for shortcut in Keymap.shortcuts where !shortcut.isGlobal {
      #expect(!globalKeys.contains(shortcut.label), "\(shortcut.label) is also global")
    }
    #expect(action(.home, [], typing) == nil)
  }

  @Test func everyContextShortcutResolvesToItsActionInSomeContext() {
    let contexts: [KeyContext] = FocusArea.allCases.flatMap { focus in
      [
        KeyContext(focus: focus, composerEmpty: true, caretAtStart: true, hasChips: true),
        KeyContext(focus: focus, searchOpen: true),
        KeyContext(
          focus: focus, composerEmpty: false, sendKey: .enter, isEditing: true,
          canUndoConversion: true),
        {
          var context = KeyContext(focus: focus, composerEmpty: false, caretAtStart: false)
          context.canCompleteNick = true
          return context
        }(),
        KeyContext(focus: focus, isReplying: true),
        {
          var context = KeyContext(focus: focus, composerEmpty: false, caretAtStart: false)
          context.emojiCompletionShown = true
          return context
        }(),
      ]
    }
    for shortcut in Keymap.shortcuts where !shortcut.isGlobal {
      let resolved = contexts.map {
        Keymap.action(for: shortcut.key, modifiers: shortcut.modifiers, in: $0)
      }
      #expect(resolved.contains(shortcut.action), "\(shortcut.label)")
    }
  }

  @Test func tableHasEverySpecRow() {
    let labels = Set(Keymap.shortcuts.map(\.label))
    let specRows = [
      "Enter", "Shift+Enter", "Ctrl+Enter", "Up", "Escape", "Ctrl+T", "Backspace", "Alt+Down",
      "Alt+Up", "Ctrl+L", "Page Up", "Page Down", "Ctrl+Home", "Ctrl+End", "Ctrl+F", "Ctrl+?",
      "Ctrl+,", "Ctrl+W", "Ctrl+Q", "Ctrl+K", "Alt+1", "Alt+9", "Ctrl+Page Up",
      "Ctrl+Page Down", "F9", "Tab",
    ]
    for row in specRows { #expect(labels.contains(row), "\(row)") }
    #expect(Set(Keymap.shortcuts.map(\.section)) == Set(Shortcut.Section.allCases))
  }

  @Test func acceleratorsUseGtkSyntax() {
    let byAction = Dictionary(
      Keymap.shortcuts.filter(\.isGlobal).map { ($0.actionName, $0.accelerator) },
      uniquingKeysWith: { first, _ in first })
    #expect(byAction["composer.add-tag"] == "<Control>t")
    #expect(byAction["win.search"] == "<Control>f")
    #expect(byAction["win.shortcuts"] == "<Control>question")
    #expect(byAction["app.preferences"] == "<Control>comma")
    #expect(byAction["win.close"] == "<Control>w")
    #expect(byAction["app.quit"] == "<Control>q")
    #expect(byAction["win.focus-composer"] == "<Control>l")
    #expect(byAction["win.scroll-oldest"] == "<Control>Home")
    #expect(byAction["win.scroll-newest"] == "<Control>End")
    let shiftEnter = Keymap.shortcuts.first { $0.action == .newline }
    #expect(shiftEnter?.accelerator == "<Shift>Return")
    #expect(KeyModifiers([.control, .shift, .alt]).gtkPrefix == "<Control><Shift><Alt>")
    #expect(KeyModifiers([.control, .shift, .alt]).labelPrefix == "Ctrl+Shift+Alt+")
  }

  @Test func globalAcceleratorsGroupByActionName() {
    let global = Keymap.globalAccelerators
    #expect(global.count == Set(global.map(\.actionName)).count)
    #expect(global.first { $0.actionName == "app.quit" }?.accelerators == ["<Control>q"])
    #expect(global.allSatisfy { !$0.accelerators.isEmpty })
  }

  @Test func actionNamesAreScopedAndUnique() {
    let names = KeyAction.allCases.map(\.actionName)
    #expect(Set(names).count == names.count)
    for name in names {
      let scope = name.split(separator: ".").first.map(String.init)
      #expect(
        ["app", "win", "composer", "switcher", "dialog", "transcript"].contains(scope), "\(name)")
    }
  }

  @Test func altUpInTheTextSelectsMessagesButInTheChipRowReturnsToTheText() {
    #expect(action(.up, .alt, typing) == .selectMessages)
    #expect(action(.up, .alt, KeyContext()) == .selectMessages)
    #expect(action(.up, .alt, KeyContext(focus: .chipRow, hasChips: true)) == .leaveChipRow)
  }

  @Test func aSelectedMessageTakesItsKeysFromTheTable() {
    let message = KeyContext(focus: .message)
    #expect(action(.up, [], message) == .previousMessage)
    #expect(action(.down, [], message) == .nextMessage)
    #expect(action(.pageUp, [], message) == .previousMessagePage)
    #expect(action(.pageDown, [], message) == .nextMessagePage)
    #expect(action(.escape, [], message) == .leaveMessages)
    #expect(action(.r, [], message) == .replyToMessage)
    #expect(action(.e, [], message) == .reactToMessage)
    #expect(action(.c, [], message) == .copyMessage)
    #expect(action(.enter, [], message) == .activateMessage)
    #expect(action(.menu, [], message) == .messageMenu)
    #expect(action(.f10, .shift, message) == .messageMenu)
    #expect(action(.r, .shift, message) == nil)
    #expect(action(.c, .control, message) == nil, "Ctrl+C copies a selection in the label")
    #expect(action(.r, [], typing) == nil, "R in the composer is a letter")
    let rows = Keymap.shortcuts.filter { $0.section == .messages }.map(\.label)
    for label in ["Alt+Up", "Up", "Down", "R", "E", "C", "Enter", "Menu", "Shift+F10", "Escape"] {
      #expect(rows.contains(label), "\(label)")
    }
  }

  @Test func escapeWhileReplyingCancelsTheReply() {
    #expect(action(.escape, [], KeyContext(isReplying: true)) == .cancelReply)
    #expect(action(.escape, [], KeyContext(isEditing: true, isReplying: true)) == .cancelReply)
  }

  @Test func theSwitcherAndDialogsTakeTheirKeysFromTheTable() {
    let switcher = KeyContext(focus: .switcher)
    #expect(action(.up, [], switcher) == .previousMatch)
    #expect(action(.down, [], switcher) == .nextMatch)
    #expect(action(.escape, [], switcher) == .closeSwitcher)
    #expect(action(.enter, [], switcher) == nil, "the entry activates the match")
    #expect(action(.up, .shift, switcher) == nil)
    let dialog = KeyContext(focus: .dialog)
    #expect(action(.escape, [], dialog) == .cancelDialog)
    #expect(action(.enter, [], dialog) == nil, "the default button answers")
    #expect(action(.escape, .control, dialog) == nil)
  }

  @Test func markdownTableListsEveryShortcut() {
    let table = Keymap.markdownTable()
    #expect(table.hasPrefix("| Keys | Action |\n|---|---|\n"))
    #expect(table.contains("| Ctrl+T | Add tag |"))
    #expect(table.contains("| Ctrl+? | Keyboard shortcuts |"))
    #expect(table.split(separator: "\n").count == Keymap.listedShortcuts.count + 2)
    #expect(table.contains("| Alt+1 … Alt+9 | The nth conversation in the sidebar |"))
    #expect(!table.contains("| Alt+2 "))
  }

  @Test func gdkNamesRoundTripAndVariantsFold() {
    for key in Key.allCases { #expect(Key(gdkName: key.gdkName) == key) }
    #expect(Key(gdkName: "KP_Enter") == .enter)
    #expect(Key(gdkName: "ISO_Left_Tab") == .tab)
    #expect(Key(gdkName: "T") == .t)
    #expect(Key(gdkName: "KP_Page_Up") == .pageUp)
    #expect(Key(gdkName: "KP_Up") == .up)
    #expect(Key(gdkName: "KP_Down") == .down)
    #expect(Key(gdkName: "KP_Left") == .left)
    #expect(Key(gdkName: "KP_Right") == .right)
    #expect(Key(gdkName: "KP_Delete") == .delete)
    #expect(Key(gdkName: "KP_Page_Down") == .pageDown)
    #expect(Key(gdkName: "KP_Home") == .home)
    #expect(Key(gdkName: "KP_End") == .end)
    #expect(Key(gdkName: "KP_Space") == .space)
    #expect(Key(gdkName: "a") == nil)
    #expect(Key.pageUp.label == "Page Up" && Key.t.label == "T" && Key.space.label == "Space")
    #expect(Key(gdkName: "R") == .r && Key(gdkName: "Menu") == .menu && Key.f10.label == "F10")
  }
}
