/// What Ctrl+Z right after a hashtag conversion restores.
public struct ConversionUndo: Equatable, Sendable {
  /// The text to put back, `#` included, exactly as typed (the consumed delimiter is not).
  public let text: String
  /// Where to insert it, in Unicode scalars; the caret goes right after it.
  public let offset: Int
  /// The chip the conversion added and the undo removes; nil when it was a duplicate.
  public let addedChip: String?

  /// The caret offset after restoring.
  public var caretAfterRestore: Int { offset + text.unicodeScalars.count }
}
