/// Editing the last own message: Up loads it, Enter replaces it, Escape cancels.
extension ComposerController {
  /// Up in an empty composer: loads `lastOwn` (if it is the local user's) for editing.
  ///
  /// Returns no effects when the composer has text or chips, or there is nothing to edit.
  public mutating func beginEditing(lastOwn: Message?) -> [ComposerEffect] {
    guard isEmpty, !isEditing, let message = lastOwn, message.sender == sender else { return [] }
    editing = message
    chips = ChipRow(tags: message.tags)
    pendingUndo = nil
    awaitedEcho = nil
    return [
      .setText(message.body), .placeCaret(offset: message.body.unicodeScalars.count),
      .setChips(chips.tags),
    ]
  }

  /// Escape while editing: drops the edit and returns to an empty composer.
  public mutating func cancelEditing() -> [ComposerEffect] {
    guard isEditing else { return [] }
    editing = nil
    chips.removeAll()
    pendingUndo = nil
    awaitedEcho = nil
    return [.setText(""), .setChips([]), .focus(.composer)]
  }
}
