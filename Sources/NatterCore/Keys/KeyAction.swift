/// A command a key can trigger; a key with no action goes to the focused widget.
///
/// How the view performs each: composer commands call the `ComposerController` method named
/// here and perform the returned effects; window and app commands activate `actionName`.
public enum KeyAction: String, Equatable, Hashable, Sendable, CaseIterable {
  /// `send(text:)` with the buffer's text.
  case send
  /// Insert "\n" at the caret, replacing any selection (as typing would).
  case newline
  /// `beginEditing(lastOwn:)` with the store's last message from the local user.
  case editLastMessage
  /// `cancelEditing()`.
  case cancelEdit
  /// Close the search bar, which clears the filter.
  case closeSearch
  /// Close the Add-tag popover without adding.
  case closePopover
  /// Open the Add-tag popover, completing from `tagCompletions(prefix:)`.
  case addTag
  /// `addTag(fromEntry:)` with the entry's text.
  case confirmTag
  /// `delimiterTyped(before:windowStartsText:caret:)`; its response says whether to type the key.
  case convertHashtag
  /// `undoConversion()`.
  case undoConversion
  /// `removeLastChip()`.
  case removeLastChip
  /// `focusChipRow()`.
  case focusChipRow
  /// `leaveChipRow()`.
  case leaveChipRow
  /// `focusPreviousChip()`.
  case previousChip
  /// `focusNextChip()`.
  case nextChip
  /// `removeFocusedChip()`.
  case removeFocusedChip
  /// Focus the composer's text.
  case focusComposer
  /// Scroll the transcript a page; focus stays where it is.
  case scrollPageUp, scrollPageDown
  /// Scroll the transcript to the oldest or newest message (`TranscriptPolicy.jumpToLatest()`).
  case scrollToOldest, scrollToNewest
  /// Open the search bar.
  case search
  /// Open the keyboard shortcuts window, built from `Keymap.shortcuts`.
  case showShortcuts
  case preferences, closeWindow, quit
  /// `Connect to a network…` (SPEC §11).
  case connectNetwork
  /// Open the quick switcher (`Switch to`, SPEC §10).
  case quickSwitcher
  /// Open the nth conversation of the sidebar (Alt+1 … Alt+9).
  case conversation1, conversation2, conversation3, conversation4, conversation5
  case conversation6, conversation7, conversation8, conversation9
  /// Open the previous or next conversation of the sidebar, wrapping.
  case previousConversation, nextConversation
  /// Show or hide the sidebar.
  case toggleSidebar
  /// Leave the open conversation (a channel is parted, a private chat closed); not `Notes`.
  case closeConversation
  /// `NickCompleter.tab(...)` with the conversation's members; Tab again cycles.
  case completeNick
  /// The quick switcher's previous or next match.
  case previousMatch, nextMatch
  /// Put the quick switcher away; focus goes back to the composer.
  case closeSwitcher
  /// Answer a dialog's question with its cancel button.
  case cancelDialog
  /// Show the search result with the focus in its conversation, at that message.
  case openSearchResult
  /// `cancelReply()`: the next message answers nothing.
  case cancelReply
  /// Alt+Up in the composer's text: the keyboard goes to the newest message (SPEC §13).
  case selectMessages
  /// `MessageSelection.move(_:)` by one row or a page.
  case previousMessage, nextMessage, previousMessagePage, nextMessagePage
  /// Back to the composer, its draft as it was.
  case leaveMessages
  /// `MessageAction.reply`, `.react`, `.copyText` on the selected message.
  case replyToMessage, reactToMessage, copyMessage
  /// Enter on the selected message: `MessageAction.enterAction(for:)`.
  case activateMessage
  /// The selected message's menu (`MessageAction.available(for:)`).
  case messageMenu
  /// `EmojiCompletion.moveHighlight(by:)`: the previous or next emoji offered for `:name`.
  case previousEmoji, nextEmoji
  /// `EmojiCompletion.insertHighlighted()`: the highlighted emoji replaces `:name`.
  case insertEmoji
  /// `EmojiCompletion.dismiss()`: the completions go away, the text stays.
  case dismissEmoji
  /// GTK's emoji chooser at the caret (Ctrl+. is the text view's own binding).
  case emojiChooser

  /// The Alt+n action for the nth conversation (1…9).
  public static func conversation(_ n: Int) -> KeyAction? {
    let all: [KeyAction] = [
      .conversation1, .conversation2, .conversation3, .conversation4, .conversation5,
      .conversation6, .conversation7, .conversation8, .conversation9,
    ]
    return (1...9).contains(n) ? all[n - 1] : nil
  }

  /// Which conversation of the sidebar an Alt+n action opens (1…9), else nil.
  public var conversationPosition: Int? {
    (1...9).first { KeyAction.conversation($0) == self }
  }

  /// The GAction's detailed name, scope included (`composer.add-tag`, `app.quit`).
  public var actionName: String {
    switch self {
    case .send: return "composer.send"
    case .newline: return "composer.newline"
    case .editLastMessage: return "composer.edit-last"
    case .cancelEdit: return "composer.cancel-edit"
    case .closeSearch: return "win.close-search"
    case .closePopover: return "composer.close-tag-entry"
    case .addTag: return "composer.add-tag"
    case .confirmTag: return "composer.confirm-tag"
    case .convertHashtag: return "composer.convert-hashtag"
    case .undoConversion: return "composer.undo-conversion"
    case .removeLastChip: return "composer.remove-last-chip"
    case .focusChipRow: return "composer.focus-chips"
    case .leaveChipRow: return "composer.leave-chips"
    case .previousChip: return "composer.previous-chip"
    case .nextChip: return "composer.next-chip"
    case .removeFocusedChip: return "composer.remove-focused-chip"
    case .focusComposer: return "win.focus-composer"
    case .scrollPageUp: return "win.scroll-page-up"
    case .scrollPageDown: return "win.scroll-page-down"
    case .scrollToOldest: return "win.scroll-oldest"
    case .scrollToNewest: return "win.scroll-newest"
    case .search: return "win.search"
    case .showShortcuts: return "win.shortcuts"
    case .preferences: return "app.preferences"
    case .connectNetwork: return "app.connect-network"
    case .closeWindow: return "win.close"
    case .quit: return "app.quit"
    case .quickSwitcher: return "win.switch-conversation"
    case .conversation1, .conversation2, .conversation3, .conversation4, .conversation5,
      .conversation6, .conversation7, .conversation8, .conversation9:
      return "win.conversation-\(conversationPosition ?? 0)"
    case .previousConversation: return "win.previous-conversation"
    case .nextConversation: return "win.next-conversation"
    case .toggleSidebar: return "win.toggle-sidebar"
    case .closeConversation: return "win.close-conversation"
    case .completeNick: return "composer.complete-nick"
    case .previousMatch: return "switcher.previous"
    case .nextMatch: return "switcher.next"
    case .closeSwitcher: return "switcher.close"
    case .cancelDialog: return "dialog.cancel"
    case .openSearchResult: return "transcript.open-result"
    case .cancelReply: return "composer.cancel-reply"
    case .selectMessages: return "composer.select-messages"
    case .previousMessage: return "transcript.previous-message"
    case .nextMessage: return "transcript.next-message"
    case .previousMessagePage: return "transcript.previous-message-page"
    case .nextMessagePage: return "transcript.next-message-page"
    case .leaveMessages: return "transcript.leave-messages"
    case .replyToMessage: return "transcript.reply"
    case .reactToMessage: return "transcript.react"
    case .copyMessage: return "transcript.copy-text"
    case .activateMessage: return "transcript.activate-message"
    case .messageMenu: return "transcript.message-menu"
    case .previousEmoji: return "composer.previous-emoji"
    case .nextEmoji: return "composer.next-emoji"
    case .insertEmoji: return "composer.insert-emoji"
    case .dismissEmoji: return "composer.dismiss-emoji"
    case .emojiChooser: return "composer.emoji-chooser"
    }
  }
}
