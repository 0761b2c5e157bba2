/// The `:name` completion's state (SPEC §14): the trigger before the caret, the emoji it
/// offers, which one is highlighted, and whether the user dismissed it.
///
/// The view reports every text change and caret move with `update(trigger:table:)`, shows
/// `matches` while `isShown`, and performs the edit `insertHighlighted()` returns.
public struct EmojiCompletion: Equatable, Sendable {
  /// Replace `length` characters at `offset` with `emoji`; the caret goes after it.
  public struct Edit: Equatable, Sendable {
    public let offset: Int
    public let length: Int
    public let emoji: String

    public init(offset: Int, length: Int, emoji: String) {
      self.offset = offset
      self.length = length
      self.emoji = emoji
    }
  }

  /// The trigger before the caret, if any.
  public private(set) var trigger: EmojiTrigger?
  /// The emoji offered, best first; empty when nothing is shown.
  public private(set) var matches: [EmojiEntry] = []
  /// The position of the highlighted emoji in `matches`.
  public private(set) var highlighted = 0
  /// Where the `:` of a trigger dismissed with Escape is: it stays dismissed until it is gone.
  private var dismissedAt: Int?
  /// The trigger as it was when the text lost the focus: hidden until it changes.
  private var hiddenAs: EmojiTrigger?

  /// Nothing typed, nothing shown.
  public init() {}

  /// Whether completions are on screen: Up, Down, Tab, Enter and Escape are theirs.
  public var isShown: Bool { !matches.isEmpty }

  /// The highlighted emoji, if any is shown.
  public var highlightedEntry: EmojiEntry? {
    matches.indices.contains(highlighted) ? matches[highlighted] : nil
  }

  /// The text or the caret changed: `trigger` is `EmojiTrigger.find(...)` for the new text.
  /// `table` is read only when there is a trigger to match (the data is loaded on first need).
  public mutating func update(trigger: EmojiTrigger?, table: () -> EmojiTable) {
    let previous = matches.indices.contains(highlighted) ? matches[highlighted] : nil
    self.trigger = trigger
    guard let trigger else {
      dismissedAt = nil
      matches = []
      highlighted = 0
      return
    }
    if let dismissedAt, dismissedAt != trigger.offset { self.dismissedAt = nil }
    if hiddenAs != trigger { hiddenAs = nil }
    guard dismissedAt == nil, hiddenAs == nil else {
      matches = []
      return
    }
    matches = EmojiMatcher.matches(trigger.query, in: table())
    // Typing more keeps the highlight on the same emoji while it is still offered.
    highlighted = previous.flatMap { matches.firstIndex(of: $0) } ?? 0
  }

  /// Up (`-1`) or Down (`+1`): the highlight moves, wrapping at either end.
  public mutating func moveHighlight(by step: Int) {
    guard !matches.isEmpty else { return }
    highlighted = ((highlighted + step) % matches.count + matches.count) % matches.count
  }

  /// A row was clicked or activated.
  public mutating func highlight(_ index: Int) {
    if matches.indices.contains(index) { highlighted = index }
  }

  /// Tab or Enter: the edit that puts the highlighted emoji in place of the trigger, or nil
  /// when nothing is shown. The completion is over afterwards.
  public mutating func insertHighlighted() -> Edit? {
    guard let trigger, let entry = highlightedEntry else { return nil }
    matches = []
    highlighted = 0
    self.trigger = nil
    return Edit(offset: trigger.offset, length: trigger.length, emoji: entry.emoji)
  }

  /// The text lost the keyboard (a click elsewhere, Tab, a menu): nothing is shown until the
  /// trigger changes, so coming back shows nothing until typing goes on.
  public mutating func focusLeft() {
    guard let trigger, isShown else { return }
    hiddenAs = trigger
    matches = []
    highlighted = 0
  }

  /// Escape: nothing is shown until this trigger is gone (typing more does not bring it back).
  public mutating func dismiss() {
    guard let trigger, isShown else { return }
    dismissedAt = trigger.offset
    matches = []
    highlighted = 0
  }
}
