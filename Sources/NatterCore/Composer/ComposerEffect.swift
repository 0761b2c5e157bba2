/// One thing the composer view must do to its widgets; offsets and lengths count Unicode scalars.
///
/// The view performs effects in order. Text effects change the GtkTextBuffer, whose change
/// signals the view forwards to `ComposerController.textInserted(_:at:)` and
/// `textDeleted(_:at:)` as for any other edit: the controller's counts follow the buffer.
public enum ComposerEffect: Equatable, Sendable {
  /// Delete `length` scalars starting at `offset`.
  case deleteText(offset: Int, length: Int)
  /// Insert `text` at `offset`.
  case insertText(String, offset: Int)
  /// Replace the whole text.
  case setText(String)
  /// Put the caret at `offset` (the end of the text after `setText` when loading a draft).
  case placeCaret(offset: Int)
  /// Append a chip with this spelling to the chip row and scroll it into view.
  case addChip(String)
  /// Remove the chip with this spelling.
  case removeChip(String)
  /// Replace every chip.
  case setChips([String])
  /// Give keyboard focus to the chip at this index.
  case focusChip(index: Int)
  /// Move keyboard focus to an area.
  case focus(FocusArea)
  /// Close the Add-tag popover.
  case closeTagEntry
  /// Show a short notice to the user, e.g. why a tag was refused.
  case showNotice(String)
  /// Store this new message, then show it.
  case send(Message)
  /// Show the reply bar for this parent (`Replying to bob: …`), or hide it (nil).
  case showReply(Message?)
  /// Store this edited message in place of the one with the same id, then show it.
  case replace(Message)
}
