import Foundation

/// The composer's rules: what may be sent, hashtag conversion, chips, editing and the draft.
///
/// The view owns the GtkTextBuffer and forwards every change to `textInserted(_:at:)` and
/// `textDeleted(_:at:)`, including the changes it makes while performing this controller's
/// effects. The controller never holds the text: it keeps counts, so `canSend` and `overLimitBy`
/// cost O(1) and each edit costs O(length of the change). All offsets, lengths and the limit
/// count Unicode scalars, the unit of GtkTextIter character offsets.
public struct ComposerController: Sendable {
  /// The most Unicode scalars a message may have.
  public static let characterLimit = MessageRules.characterLimit

  /// The local user's name, put on every outgoing message.
  public let sender: String
  private let clock: @Sendable () -> Date
  private let makeID: @Sendable () -> String

  /// The chips under the text.
  public internal(set) var chips = ChipRow()
  /// Tags used before, for the Add-tag entry; seed it from the store.
  public var tagHistory = TagCompletion()
  /// The message being edited, or nil when composing a new one.
  public internal(set) var editing: Message?
  /// The message the next one answers (`R` on a selected message, SPEC §13), or nil.
  public internal(set) var replyingTo: Message?
  /// What Ctrl+Z would restore, while the last edit was a hashtag conversion.
  public internal(set) var pendingUndo: ConversionUndo?
  /// The conversion's own deletion, which must not cancel the undo when it is echoed back.
  var awaitedEcho: ConversionUndo?
  var tally = TextTally()

  /// A composer for `sender`; `clock` stamps messages and `makeID` names them.
  public init(
    sender: String,
    clock: @escaping @Sendable () -> Date = { Date() },
    makeID: @escaping @Sendable () -> String = Message.newID
  ) {
    self.sender = sender
    self.clock = clock
    self.makeID = makeID
  }

  // MARK: State the view shows

  /// The number of Unicode scalars in the text.
  public var characterCount: Int { tally.scalars }
  /// The number of scalars in the text that are not whitespace or newlines.
  public var visibleCharacterCount: Int { tally.visible }
  /// True when the text is empty (the placeholder shows).
  public var isTextEmpty: Bool { tally.scalars == 0 }
  /// True when there is neither text nor a chip; Up then edits the last own message.
  public var isEmpty: Bool { isTextEmpty && chips.isEmpty }
  /// Whether the placeholder `Message` is shown.
  public var showsPlaceholder: Bool { isTextEmpty }
  /// True while editing a sent message.
  public var isEditing: Bool { editing != nil }
  /// Send is enabled: a non-whitespace character and at most `characterLimit` scalars.
  public var canSend: Bool { tally.visible > 0 && tally.scalars <= Self.characterLimit }
  /// How many scalars over the limit the text is; 0 when within it.
  public var overLimitBy: Int { max(0, tally.scalars - Self.characterLimit) }
  /// The inline notice shown while over the limit, else nil.
  public var limitNotice: String? {
    guard overLimitBy > 0 else { return nil }
    let count = Self.grouped(tally.scalars)
    let over = Self.grouped(overLimitBy)
    return localized(
      "{count} characters: {over} over the limit of {limit}",
      ["count": count, "over": over, "limit": Self.grouped(Self.characterLimit)])
  }
  /// Whether Ctrl+Z would undo a hashtag conversion now.
  public var canUndoConversion: Bool { pendingUndo != nil }

  // MARK: Edits reported by the view

  /// The buffer gained `text` at scalar `offset`. Costs O(text).
  public mutating func textInserted(_ text: String, at offset: Int) {
    tally.add(text)
    pendingUndo = nil
    awaitedEcho = nil
  }

  /// The buffer lost `text` (read before deletion) at scalar `offset`. Costs O(text).
  public mutating func textDeleted(_ text: String, at offset: Int) {
    tally.remove(text)
    if let echo = awaitedEcho, echo.text == text, echo.offset == offset {
      awaitedEcho = nil  // the conversion's own deletion: the undo stays available
    } else {
      pendingUndo = nil
      awaitedEcho = nil
    }
  }

  // MARK: Draft

  /// The draft to save, given the buffer's text.
  ///
  /// An edit in progress is not a draft: restored after a restart it would come back as a new
  /// message and be sent twice, so an edit saves as empty.
  public func draft(text: String) -> Draft {
    isEditing ? Draft() : Draft(text: text, chips: chips.tags)
  }

  /// Loads a saved draft: its text (caret at the end) and its chips.
  public mutating func restore(_ draft: Draft) -> [ComposerEffect] {
    chips = ChipRow(tags: draft.chips)
    editing = nil
    pendingUndo = nil
    awaitedEcho = nil
    var effects: [ComposerEffect] = [
      .setText(draft.text), .placeCaret(offset: draft.text.unicodeScalars.count),
      .setChips(chips.tags),
    ]
    // Another conversation's draft: a reply to a message of the one left makes no sense here.
    if replyingTo != nil {
      replyingTo = nil
      effects.append(.showReply(nil))
    }
    return effects
  }

  /// The key context fields the composer knows; the view adds the widget's own.
  public func keyContext(
    focus: FocusArea, caretAtStart: Bool, hasSelection: Bool,
    sendKey: SendKey, searchOpen: Bool = false, popoverOpen: Bool = false,
    emojiCompletionShown: Bool = false
  ) -> KeyContext {
    var context = KeyContext(
      focus: focus, composerEmpty: isEmpty, caretAtStart: caretAtStart,
      hasSelection: hasSelection, sendKey: sendKey,
      isEditing: isEditing, hasChips: !chips.isEmpty, canUndoConversion: canUndoConversion,
      searchOpen: searchOpen, popoverOpen: popoverOpen, isReplying: isReplying)
    context.emojiCompletionShown = emojiCompletionShown
    return context
  }

  // MARK: Sending

  /// Enter (or Ctrl+Enter) with the buffer's whole `text`: converts a trailing hashtag, then sends.
  ///
  /// Sends a new message (`.send`, delivery `.pending` until stored) or, while editing, the
  /// edited one (`.replace`: same id, sender and time, `edited` set; nothing if unchanged), then
  /// clears text and chips and keeps focus in the composer. If only a hashtag was typed it becomes a chip and nothing
  /// is sent. Returns no effects when Send is disabled.
  public mutating func send(text: String) -> [ComposerEffect] {
    guard canSend else { return [] }
    var effects: [ComposerEffect] = []
    var body = TextTally.trimmed(text)
    // `/join #natter`: a command's channel is not a tag.
    if !SlashCommand.isCommandLine(body), let match = HashtagScanner.trailingHashtag(in: body) {
      let trailingBlanks = text.unicodeScalars.reversed().prefix(while: TextTally.isBlank).count
      let offset = text.unicodeScalars.count - trailingBlanks - match.length
      let conversion = convert(match, at: offset)
      effects += conversion.effects
      if !conversion.passesKeyToWidget {
        body = TextTally.trimmed(String(body.unicodeScalars.dropLast(match.length)))
        if TextTally(body).visible == 0 { return effects }
      }
    }
    pendingUndo = nil
    awaitedEcho = nil
    let tags = chips.tags
    tagHistory.record(tags)
    if var message = editing {
      // An edit that changes nothing is just closed: the message is not marked edited.
      if message.body != body || message.tags != tags {
        message.body = body
        message.tags = tags
        message.edited = true
        effects.append(.replace(message))
      }
    } else {
      let message = Message(
        id: makeID(), sender: sender, sentAt: clock(), body: body, tags: tags, edited: false,
        delivery: .pending, replyTo: replyingTo?.msgid)
      effects.append(.send(message))
    }
    editing = nil
    if replyingTo != nil {
      replyingTo = nil
      effects.append(.showReply(nil))
    }
    chips.removeAll()
    effects += [.setText(""), .setChips([]), .focus(.composer)]
    return effects
  }

  // MARK: Hashtag conversion

  /// Space, Tab or comma was pressed: converts the hashtag ending at the caret into a chip.
  ///
  /// - Parameters:
  ///   - window: the text just before the caret, at least `HashtagScanner.lookbehind` scalars
  ///     of it (or all of it when shorter).
  ///   - windowStartsText: whether `window` begins at offset 0.
  ///   - caret: the caret's scalar offset.
  ///   - commandLine: the text is a slash command (`SlashCommand.isCommandLine`), whose
  ///     `#channel` stays text.
  /// - Returns: the conversion, consuming the key; or `passToWidget` when there is no
  ///   hashtag, or when the row is full (then with a notice; the text stays, the key is typed).
  public mutating func delimiterTyped(
    before window: String, windowStartsText: Bool, caret: Int, commandLine: Bool = false
  ) -> ComposerResponse {
    guard !commandLine,
      let match = HashtagScanner.hashtag(endingAt: window, windowStartsText: windowStartsText)
    else { return .passToWidget }
    return convert(match, at: caret - match.length)
  }

  /// Ctrl+Z right after a conversion: puts `#tag` back as typed, caret after it, and drops the
  /// chip it made.
  public mutating func undoConversion() -> [ComposerEffect] {
    guard let undo = pendingUndo else { return [] }
    pendingUndo = nil
    awaitedEcho = nil
    var effects: [ComposerEffect] = [
      .insertText(undo.text, offset: undo.offset), .placeCaret(offset: undo.caretAfterRestore),
    ]
    if let chip = undo.addedChip, let removed = chips.remove(tag: chip) {
      effects.append(.removeChip(removed))
    }
    return effects
  }

  private mutating func convert(_ match: HashtagMatch, at offset: Int) -> ComposerResponse {
    let added: String?
    switch chips.add(match.tag) {
    case .added(let spelling):
      added = spelling
    case .duplicate:
      added = nil
    case .full:
      return ComposerResponse(
        effects: [.showNotice(Self.fullNotice)], passesKeyToWidget: true)
    }
    tagHistory.record(match.tag)
    let undo = ConversionUndo(text: match.typed, offset: offset, addedChip: added)
    pendingUndo = undo
    awaitedEcho = undo
    var effects: [ComposerEffect] = [.deleteText(offset: offset, length: match.length)]
    if let added { effects.append(.addChip(added)) }
    return ComposerResponse(effects: effects)
  }

  /// `n` with thousands separated by commas, e.g. 100,001.
  static func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }

  /// The notice when a 21st chip is refused.
  public static let fullNotice = localized("A message can have at most 20 tags")
}
