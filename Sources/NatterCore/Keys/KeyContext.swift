/// The state a key is pressed in, which decides what it does.
public struct KeyContext: Equatable, Sendable {
  /// Where keyboard focus is.
  public var focus: FocusArea
  /// No text and no chips in the composer.
  public var composerEmpty: Bool
  /// The caret is at offset 0.
  public var caretAtStart: Bool
  /// The composer's text has a selection.
  public var hasSelection: Bool
  /// The "Ctrl+Enter sends" preference.
  public var sendKey: SendKey
  /// A sent message is being edited.
  public var isEditing: Bool
  /// The chip row holds at least one chip.
  public var hasChips: Bool
  /// The last edit was a hashtag conversion that Ctrl+Z can undo.
  public var canUndoConversion: Bool
  /// The search bar is open.
  public var searchOpen: Bool
  /// The Add-tag popover is open.
  public var popoverOpen: Bool
  /// Tab would complete a nickname (`NickCompleter.wantsTab`): a word that is not a hashtag
  /// before the caret in a conversation with members, or a completion to cycle.
  public var canCompleteNick: Bool = false
  /// The next message answers a selected one (the reply bar shows): Escape cancels that first.
  public var isReplying: Bool = false
  /// `:name` completions are shown (`EmojiCompletion.isShown`): Up, Down, Tab, Enter and
  /// Escape are theirs.
  public var emojiCompletionShown: Bool = false

  /// A context; the defaults describe an empty, focused composer.
  public init(
    focus: FocusArea = .composer, composerEmpty: Bool = true, caretAtStart: Bool = true,
    hasSelection: Bool = false, sendKey: SendKey = .enter,
    isEditing: Bool = false, hasChips: Bool = false, canUndoConversion: Bool = false,
    searchOpen: Bool = false, popoverOpen: Bool = false, isReplying: Bool = false
  ) {
    self.isReplying = isReplying
    self.focus = focus
    self.composerEmpty = composerEmpty
    self.caretAtStart = caretAtStart
    self.hasSelection = hasSelection
    self.sendKey = sendKey
    self.isEditing = isEditing
    self.hasChips = hasChips
    self.canUndoConversion = canUndoConversion
    self.searchOpen = searchOpen
    self.popoverOpen = popoverOpen
  }
}
