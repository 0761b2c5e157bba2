import NatterCore

/// Plays the GTK view in tests: holds the text, performs effects, echoes every edit back.
final class BufferSimulator {
  var controller: ComposerController
  private(set) var scalars: [Unicode.Scalar] = []
  private(set) var caret = 0
  private(set) var shownChips: [String] = []
  private(set) var notices: [String] = []
  private(set) var sent: [Message] = []
  private(set) var replaced: [Message] = []
  private(set) var focus: FocusArea = .composer
  private(set) var focusedChip: Int?
  private(set) var tagEntryClosed = false

  init(_ controller: ComposerController) { self.controller = controller }

  var text: String { Self.string(scalars[...]) }

  static func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: slice)
    return String(view)
  }

  /// Inserts at the caret as the user typing or pasting would.
  func type(_ string: String) { insert(string, at: caret) }

  func insert(_ string: String, at offset: Int) {
    scalars.insert(contentsOf: string.unicodeScalars, at: offset)
    controller.textInserted(string, at: offset)
    caret = offset + string.unicodeScalars.count
  }

  func delete(offset: Int, length: Int) {
    let removed = Self.string(scalars[offset..<offset + length])
    controller.textDeleted(removed, at: offset)
    scalars.removeSubrange(offset..<offset + length)
    if caret > offset { caret = max(offset, caret - length) }
  }

  func moveCaret(to offset: Int) { caret = offset }

  /// What the view passes as the window before the caret.
  var window: (text: String, startsText: Bool) {
    let start = max(0, caret - HashtagScanner.lookbehind)
    return (Self.string(scalars[start..<caret]), start == 0)
  }

  /// Space, Tab or comma typed at the caret, through the controller as the view does it.
  func typeDelimiter(_ delimiter: String) {
    let (window, startsText) = self.window
    let response = controller.delimiterTyped(
      before: window, windowStartsText: startsText, caret: caret)
    apply(response.effects)
    if response.passesKeyToWidget { type(delimiter) }
  }

  /// The reply bar's text while it shows.
  var replyBar: String?

  func pressEnterToSend() { apply(controller.send(text: text)) }

  func undo() { apply(controller.undoConversion()) }

  func apply(_ effects: [ComposerEffect]) {
    for effect in effects {
      switch effect {
      case .deleteText(let offset, let length): delete(offset: offset, length: length)
      case .insertText(let string, let offset): insert(string, at: offset)
      case .setText(let string):
        if !scalars.isEmpty { delete(offset: 0, length: scalars.count) }
        if !string.isEmpty { insert(string, at: 0) }
      case .placeCaret(let offset): caret = offset
      case .addChip(let tag): shownChips.append(tag)
      case .removeChip(let tag): shownChips.removeAll { $0 == tag }
      case .setChips(let tags): shownChips = tags
      case .focusChip(let index):
        focus = .chipRow
        focusedChip = index
      case .focus(let area):
        focus = area
        focusedChip = nil
      case .closeTagEntry: tagEntryClosed = true
      case .showNotice(let notice): notices.append(notice)
      case .send(let message): sent.append(message)
      case .replace(let message): replaced.append(message)
      case .showReply(let parent): replyBar = parent.map(ReplyQuote.bar(for:))
      }
    }
  }
}
