/// A command a key can trigger; a key with no action goes to the focused widget.
public enum KeyAction: String, Equatable, Hashable, Sendable, CaseIterable {
  case send, newline, editLastMessage, cancelEdit
  case closeSearch, closePopover
  case addTag, confirmTag, convertHashtag, undoConversion
  case removeLastChip, focusChipRow, leaveChipRow, previousChip, nextChip, removeFocusedChip
  case focusComposer
  case scrollPageUp, scrollPageDown, scrollToOldest, scrollToNewest
  case search, showShortcuts, preferences, closeWindow, quit

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
    case .closeWindow: return "win.close"
    case .quit: return "app.quit"
    }
  }
}
