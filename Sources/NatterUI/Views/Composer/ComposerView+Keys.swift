import CGtk
import GtkKit
import NatterCore

extension ComposerView {
  // MARK: Actions and keys

  /// One `composer.*` action per composer command of the keymap, so each is a named action
  /// (buttons, accelerators, menus) with its enabled state in one place.
  func makeActions() {
    let prefix = "composer."
    for action in KeyAction.allCases where action.actionName.hasPrefix(prefix) {
      let name = String(action.actionName.dropFirst(prefix.count))
      let gaction = Action(name, in: actions.pointer) { [unowned self] in
        _ = run(action, fromKey: false)
      }
      composerActions.append((action, gaction))
    }
  }

  func connectKeys() {
    guard let keys = gtk_event_controller_key_new() else { return }
    // Capture phase: the composer decides before the text view or its input method sees
    // anything (InputMethodGate says why the input method must not see every key).
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    filterWithInputMethod = { [unowned self] event in
      guard let event else { return false }
      return gtk_text_view_im_context_filter_keypress(textView.typed(), event) != 0
    }
    Signal.connectKeyPressed(raw(keys)) { [unowned self] keyval, state in
      guard let key = KeyEvent.key(keyval) else { return false }
      return handleTextKey(
        key, KeyEvent.modifiers(state), event: gtk_event_controller_get_current_event(keys))
    }
    gtk_widget_add_controller(textView.widget, keys)
  }

  /// Handles `key` as if typed into the text, for tests that cannot synthesise key events;
  /// a composing input method gets it through `filterWithInputMethod`.
  func pressForTesting(_ key: Key, modifiers: KeyModifiers = []) {
    _ = handleTextKey(key, modifiers, event: nil)
  }

  /// One key pressed in the text: Natter's now, the input method's first, or the text view's.
  func handleTextKey(_ key: Key, _ modifiers: KeyModifiers, event: OpaquePointer?) -> Bool {
    var context = controller.keyContext(
      focus: .composer, caretAtStart: buffer.caretOffset == 0, hasSelection: buffer.hasSelection,
      sendKey: sendKey, searchOpen: isSearchOpen(), popoverOpen: isTagEntryOpen,
      emojiCompletionShown: emoji.isShown)
    if key == .tab {
      context.canCompleteNick = completer.wantsTab(
        before: textBeforeCaret(NickCompleter.lookbehind), hasMembers: !members().isEmpty)
    }
    switch inputMethod.route(Keymap.action(for: key, modifiers: modifiers, in: context)) {
    case .widget:
      return false
    case .perform(let action):
      return run(action, fromKey: true)
    case .inputMethod:
      // The input method ends its composition with the key; what the key means to Natter
      // follows the commit. The text view must not have the key as well: it would hand it to
      // the input method a second time.
      keyAwaitingCommit = key
      isFilteringKey = true
      _ = filterWithInputMethod(event)
      isFilteringKey = false
      runAfterCommit()
      return true
    }
  }

  /// The input method's composition changed.
  func inputMethodPreeditChanged(_ preedit: String) {
    inputMethod.preeditChanged(preedit)
    refresh()
  }

  /// Text arrived in the buffer. An input method that answered a key asynchronously ends its
  /// preedit and commits in separate steps: the key's follow-up waits for the committed text,
  /// then runs once this change is complete.
  func followCommitIfAwaited() {
    guard inputMethod.isWaitingForCommit, !inputMethod.isComposing, !isFilteringKey else {
      return
    }
    MainLoop.idle { [weak self] in self?.runAfterCommit() }
  }

  /// Natter's part of a key that ended a composition, once the composition is committed.
  private func runAfterCommit() {
    switch inputMethod.finishKey() {
    case .newline?:
      _ = run(.newline, fromKey: false)
    case .convertHashtag?:
      convertHashtagAfterCommit(typing: keyAwaitingCommit.flatMap(Self.delimiter(typedBy:)))
    default:
      break
    }
  }

  /// The character a delimiter key types.
  private static func delimiter(typedBy key: Key) -> Character? {
    switch key {
    case .space: " "
    case .comma: ","
    default: nil
    }
  }

  /// A delimiter key that ended a composition: the hashtag before the caret becomes a chip.
  /// Some input methods type the delimiter themselves after the commit, others drop it, so it
  /// is consumed when a chip is made and typed once when none is.
  private func convertHashtagAfterCommit(typing delimiter: Character?) {
    var caret = buffer.caretOffset
    let typedByInputMethod =
      delimiter.map { caret > 0 && buffer.text(from: caret - 1, to: caret) == String($0) }
      ?? false
    if typedByInputMethod { caret -= 1 }
    let start = max(0, caret - HashtagScanner.lookbehind)
    let response = controller.delimiterTyped(
      before: buffer.text(from: start, to: caret), windowStartsText: start == 0, caret: caret,
      commandLine: isCommandLine)
    guard !response.passesKeyToWidget else {
      if let delimiter, !typedByInputMethod {
        gtk_text_buffer_insert_interactive_at_cursor(buffer.buffer, String(delimiter), -1, 1)
      }
      perform(response.effects)
      return
    }
    // The chip's text goes first, then the delimiter that now stands where the text began.
    let removed = response.effects.compactMap { effect -> (Int, Int)? in
      if case .deleteText(let offset, let length) = effect { return (offset, length) }
      return nil
    }
    perform(response.effects)
    if typedByInputMethod {
      let shift = removed.reduce(0) { $1.0 < caret ? $0 + $1.1 : $0 }
      buffer.irreversibly { buffer.delete(offset: caret - shift, length: 1) }
    }
  }

  /// Handles `key` as if pressed on a focused chip, for tests.
  func pressInChipRowForTesting(_ key: Key, modifiers: KeyModifiers = []) {
    _ = handleChipRowKey(key, modifiers)
  }

  func handleChipRowKey(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
    // Tab or a click may have moved focus onto a chip without the row's own keys.
    controller.chipFocused(at: chipRow.focusedIndex)
    let context = controller.keyContext(
      focus: .chipRow, caretAtStart: false, hasSelection: false, sendKey: sendKey)
    guard let action = Keymap.action(for: key, modifiers: modifiers, in: context) else {
      return false
    }
    return run(action, fromKey: true)
  }

  /// Carries out one command, from a key or from its `composer.*` action; returns whether it
  /// was handled (false lets the key through to the widget).
  func run(_ action: KeyAction, fromKey: Bool) -> Bool {
    switch action {
    case .send:
      send()
    case .newline:
      // From a key the text view inserts it itself, replacing any selection.
      if fromKey { return false }
      gtk_text_buffer_insert_interactive_at_cursor(buffer.buffer, "\n", -1, 1)
    case .editLastMessage:
      let effects = controller.beginEditing(lastOwn: lastOwnMessage())
      perform(effects)
      return !effects.isEmpty
    case .cancelEdit:
      perform(controller.cancelEditing())
    case .addTag:
      tagEntry.open()
      updateActionStates()
    case .closePopover:
      tagEntry.close()
    case .confirmTag:
      tagEntry.confirm()
    case .convertHashtag:
      let caret = buffer.caretOffset
      let start = max(0, caret - HashtagScanner.lookbehind)
      let response = controller.delimiterTyped(
        before: buffer.text(from: start, to: caret), windowStartsText: start == 0, caret: caret,
        commandLine: isCommandLine)
      perform(response.effects)
      return !response.passesKeyToWidget
    case .undoConversion:
      perform(controller.undoConversion())
    case .removeLastChip:
      perform(controller.removeLastChip())
    case .focusChipRow:
      perform(controller.focusChipRow())
    case .leaveChipRow:
      perform(controller.leaveChipRow())
    case .previousChip:
      perform(controller.focusPreviousChip())
    case .nextChip:
      perform(controller.focusNextChip())
    case .removeFocusedChip:
      perform(controller.removeFocusedChip())
    case .scrollPageUp, .scrollPageDown:
      onScroll(action)
    case .closeSearch, .focusComposer, .scrollToOldest, .scrollToNewest, .search, .showShortcuts,
      .preferences, .closeWindow, .quit, .quickSwitcher, .conversation1, .conversation2,
      .conversation3, .conversation4, .conversation5, .conversation6, .conversation7,
      .conversation8, .conversation9, .previousConversation, .nextConversation, .toggleSidebar,
      .closeConversation, .connectNetwork:
      return activateAction(action.actionName, from: widget)
    case .completeNick:
      return completeNick()
    case .previousEmoji, .nextEmoji, .insertEmoji, .dismissEmoji, .emojiChooser:
      return runEmoji(action)
    case .cancelReply:
      perform(controller.cancelReply())
    case .selectMessages:
      return onSelectMessages()
    case .previousMatch, .nextMatch, .closeSwitcher, .cancelDialog, .openSearchResult,
      .previousMessage, .nextMessage, .previousMessagePage, .nextMessagePage, .leaveMessages,
      .replyToMessage, .reactToMessage, .copyMessage, .activateMessage, .messageMenu:
      return false  // the switcher's, dialogs', results' and messages' own keys
    }
    return true
  }

  /// Whether the text is a slash command, whose `#channel` stays text.
  var isCommandLine: Bool { SlashCommand.isCommandLine(buffer.text(from: 0, to: 2)) }

  /// The last `count` characters before the caret (fewer at the start).
  func textBeforeCaret(_ count: Int) -> String {
    let caret = buffer.caretOffset
    return buffer.text(from: max(0, caret - count), to: caret)
  }

  /// Tab after part of a nickname: completes it from the conversation's members, or cycles;
  /// with no match Tab does what it does elsewhere (a `#tag` becomes a chip).
  func completeNick() -> Bool {
    let caret = buffer.caretOffset
    guard
      let edit = completer.tab(
        before: textBeforeCaret(NickCompleter.lookbehind), caret: caret, members: members(),
        recentSpeakers: recentSpeakers())
    else { return run(.convertHashtag, fromKey: true) }
    isCompleting = true
    buffer.delete(offset: edit.offset, length: edit.length)
    buffer.insert(edit.text, at: edit.offset)
    buffer.placeCaret(at: edit.offset + edit.text.unicodeScalars.count)
    isCompleting = false
    return true
  }

  /// Every `composer.*` action's enabled state, from the controller alone (one place).
  func updateActionStates() {
    let entryOpen = isTagEntryOpen
    for (action, gaction) in composerActions {
      gaction.isEnabled = controller.isAvailable(
        action, tagEntryOpen: entryOpen, pasting: isPasting)
    }
  }

  /// Sends the text; a long one to a channel asks first (`linesToConfirm`), and is sent with
  /// `confirmed` once the user says so. Cancelled, the draft stays exactly as it was.
  func send(confirmed: Bool = false) {
    // Enter reaches here without the action: the same rule the action's enabled state follows.
    guard controller.isAvailable(.send, pasting: isPasting) else { return }
    let text = buffer.text
    if !confirmed, let lines = linesToConfirm(text) {
      let generation = edits
      askToSend(lines) { [weak self] yes in
        // Only the text that was asked about: an edit meanwhile asks again on the next Enter.
        guard let self, yes, edits == generation else { return }
        send(confirmed: true)
        focusText()
      }
      return
    }
    let before = controller
    let effects = controller.send(text: text)
    replyBeingSent = before.replyingTo
    defer { replyBeingSent = nil }
    for effect in effects {
      let stored: Bool
      switch effect {
      case .send(let message): stored = onSend(message)
      case .replace(let message): stored = onReplace(message)
      default: continue
      }
      // Not stored: nothing in the composer changes, so not a word is lost.
      guard stored else {
        controller = before
        return
      }
    }
    isSettingText = true
    perform(effects)
    isSettingText = false
    if effects.contains(where: { if case .send = $0 { true } else { false } }) {
      onTextChanged("", true)
    }
  }
}
