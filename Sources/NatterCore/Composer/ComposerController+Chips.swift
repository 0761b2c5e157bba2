/// The chip row's keyboard and button commands, and the Add-tag entry.
extension ComposerController {
  /// The chip at `index` has keyboard focus now (nil: none has), however it got there.
  public mutating func chipFocused(at index: Int?) {
    chips.focus(at: index)
  }

  /// Backspace at the very start of the text (no selection): removes the newest chip.
  public mutating func removeLastChip() -> [ComposerEffect] {
    guard let removed = chips.removeLast() else { return [] }
    pendingUndo = nil
    return [.removeChip(removed)]
  }

  /// A chip's remove button: removes that chip; focus returns to the text if the row empties.
  public mutating func removeChip(_ tag: String) -> [ComposerEffect] {
    let wasFocused = chips.focusedIndex != nil
    guard let removed = chips.remove(tag: tag) else { return [] }
    pendingUndo = nil
    return [.removeChip(removed)] + focusAfterRemoval(wasFocused: wasFocused)
  }

  /// Alt+Down: focus moves onto the newest chip.
  public mutating func focusChipRow() -> [ComposerEffect] {
    guard chips.focusNewest(), let index = chips.focusedIndex else { return [] }
    return [.focusChip(index: index)]
  }

  /// Left in the chip row.
  public mutating func focusPreviousChip() -> [ComposerEffect] {
    chips.focusPrevious()
    return chips.focusedIndex.map { [.focusChip(index: $0)] } ?? []
  }

  /// Right in the chip row.
  public mutating func focusNextChip() -> [ComposerEffect] {
    chips.focusNext()
    return chips.focusedIndex.map { [.focusChip(index: $0)] } ?? []
  }

  /// Delete or Backspace on a focused chip: removes it and focuses its neighbour, or the text.
  public mutating func removeFocusedChip() -> [ComposerEffect] {
    guard let removed = chips.removeFocused() else { return [] }
    pendingUndo = nil
    return [.removeChip(removed)] + focusAfterRemoval(wasFocused: true)
  }

  /// Escape or Alt+Up in the chip row: focus returns to the text.
  public mutating func leaveChipRow() -> [ComposerEffect] {
    chips.clearFocus()
    return [.focus(.composer)]
  }

  /// Enter in the Add-tag entry: adds `text` (with or without `#`) as a chip.
  ///
  /// An invalid tag keeps the entry open with a notice; otherwise the entry closes and focus
  /// returns to the text (a duplicate is ignored; a 21st tag is refused with a notice).
  public mutating func addTag(fromEntry text: String) -> [ComposerEffect] {
    let body = Hashtag.strippingHash(TextTally.trimmed(text))
    guard let tag = HashtagScanner.validTag(body) else {
      return [.showNotice(Self.invalidTagNotice)]
    }
    let close: [ComposerEffect] = [.closeTagEntry, .focus(.composer)]
    switch chips.add(tag) {
    case .added(let spelling):
      pendingUndo = nil
      tagHistory.record(spelling)
      return [.addChip(spelling)] + close
    case .duplicate:
      return close
    case .full:
      return [.showNotice(Self.fullNotice)] + close
    }
  }

  /// Completions for the Add-tag entry's text, most recent first, without tags already added.
  public func tagCompletions(prefix: String, limit: Int = 10) -> [String] {
    tagHistory.completions(prefix: prefix, limit: limit + chips.count)
      .filter { !chips.contains($0) }
      .prefix(limit)
      .map { $0 }
  }

  /// The notice when the Add-tag entry holds something that is not a tag.
  public static let invalidTagNotice =
    localized("A tag is 1–64 letters, digits or _ with at least one letter")

  private func focusAfterRemoval(wasFocused: Bool) -> [ComposerEffect] {
    guard wasFocused else { return [] }
    if let index = chips.focusedIndex { return [.focusChip(index: index)] }
    return [.focus(.composer)]
  }
}
