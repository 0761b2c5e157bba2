extension ComposerController {
  /// Whether a composer command can do anything now; the view enables its `composer.*`
  /// actions (and so their buttons and menu items) from this alone. Commands of other scopes
  /// (`win.*`, `app.*`) are not the composer's to judge and are always available here.
  /// While a long paste goes in (`pasting`), the text is not whole yet: nothing to send.
  public func isAvailable(
    _ action: KeyAction, tagEntryOpen: Bool = false, pasting: Bool = false
  ) -> Bool {
    switch action {
    case .send: return canSend && !pasting
    case .editLastMessage: return isEmpty && !isEditing
    case .cancelEdit: return isEditing
    case .closePopover, .confirmTag: return tagEntryOpen
    case .undoConversion: return canUndoConversion
    case .removeLastChip, .focusChipRow: return !chips.isEmpty
    case .leaveChipRow, .previousChip, .nextChip, .removeFocusedChip:
      return chips.focusedIndex != nil
    case .newline, .addTag, .convertHashtag: return true
    case .closeSearch, .focusComposer, .scrollPageUp, .scrollPageDown, .scrollToOldest,
      .scrollToNewest, .search, .showShortcuts, .preferences, .closeWindow, .quit, .quickSwitcher,
      .conversation1, .conversation2, .conversation3, .conversation4, .conversation5,
      .conversation6, .conversation7, .conversation8, .conversation9, .previousConversation,
      .nextConversation, .toggleSidebar, .closeConversation, .previousMatch, .nextMatch,
      .closeSwitcher, .cancelDialog, .connectNetwork, .openSearchResult:
      return true
    case .completeNick, .previousEmoji, .nextEmoji, .insertEmoji, .dismissEmoji, .emojiChooser:
      return true
    case .cancelReply: return isReplying
    case .selectMessages, .previousMessage, .nextMessage, .previousMessagePage, .nextMessagePage,
      .leaveMessages, .replyToMessage, .reactToMessage, .copyMessage, .activateMessage,
      .messageMenu:
      return true
    }
  }
}
