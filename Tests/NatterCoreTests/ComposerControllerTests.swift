import Foundation
import SeededRandom
import Testing

@testable import NatterCore

@Suite struct ComposerControllerTests {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)

  private func makeBuffer(sender: String = "ana") -> BufferSimulator {
    BufferSimulator(
      ComposerController(sender: sender, clock: { Self.now }, makeID: { "id-1" }))
  }

  // MARK: Send enablement and limit

  @Test func sendNeedsANonWhitespaceCharacter() {
    let buffer = makeBuffer()
    #expect(!buffer.controller.canSend)
    buffer.type(" \n\t\u{00A0}\u{3000}")
    #expect(!buffer.controller.canSend)
    buffer.type("x")
    #expect(buffer.controller.canSend)
    buffer.delete(offset: buffer.scalars.count - 1, length: 1)
    #expect(!buffer.controller.canSend)
  }

  @Test func exactlyOneHundredThousandCharactersMaySend() {
    let buffer = makeBuffer()
    buffer.type(String(repeating: "a", count: 100_000))
    #expect(buffer.controller.canSend)
    #expect(buffer.controller.overLimitBy == 0)
    #expect(buffer.controller.limitNotice == nil)
    buffer.type("b")
    #expect(!buffer.controller.canSend)
    #expect(buffer.controller.overLimitBy == 1)
    #expect(buffer.controller.limitNotice == "100,001 characters: 1 over the limit of 100,000")
    let sentNothing = buffer.controller.send(text: buffer.text).isEmpty
    #expect(sentNothing)
  }

  @Test func limitCountsUnicodeScalars() {
    let buffer = makeBuffer()
    // Each decomposed é is two scalars, each flag emoji two scalars.
    buffer.type(String(repeating: "e\u{301}", count: 50_000))
    #expect(buffer.controller.characterCount == 100_000)
    #expect(buffer.controller.canSend)
    buffer.type("🇳🇿")
    #expect(buffer.controller.overLimitBy == 2)
  }

  @Test func pastingMegabytesCountsInOneStep() {
    let buffer = makeBuffer()
    let paste = String(repeating: "word ", count: 1_000_000)
    buffer.type(paste)
    #expect(buffer.controller.characterCount == 5_000_000)
    #expect(buffer.controller.visibleCharacterCount == 4_000_000)
    #expect(buffer.controller.overLimitBy == 4_900_000)
  }

  @Test func placeholderShowsOnlyWhileTextIsEmpty() {
    let buffer = makeBuffer()
    #expect(buffer.controller.showsPlaceholder)
    buffer.type(" ")
    #expect(!buffer.controller.showsPlaceholder)
  }

  // MARK: Sending

  @Test func sendTrimsOuterWhitespaceAttachesChipsAndResets() {
    let buffer = makeBuffer()
    buffer.type("#swift")
    buffer.typeDelimiter(" ")
    buffer.type("  \n hello\n  world \t\n")
    buffer.pressEnterToSend()
    let message = Message(
      id: "id-1", sender: "ana", sentAt: Self.now, body: "hello\n  world", tags: ["swift"],
      edited: false, delivery: .pending)
    #expect(buffer.sent == [message])
    #expect(buffer.text == "")
    #expect(buffer.shownChips == [])
    #expect(buffer.controller.chips.isEmpty)
    #expect(buffer.controller.characterCount == 0)
    #expect(!buffer.controller.canSend)
    #expect(buffer.focus == .composer)
  }

  @Test func sendEffectsStoreBeforeClearing() {
    var composer = ComposerController(sender: "ana", clock: { Self.now }, makeID: { "m" })
    composer.textInserted("hi", at: 0)
    let effects = composer.send(text: "hi")
    #expect(
      effects == [
        .send(Message(id: "m", sender: "ana", sentAt: Self.now, body: "hi", delivery: .pending)),
        .setText(""), .setChips([]), .focus(.composer),
      ])
  }

  @Test func enterConvertsATrailingHashtagBeforeSending() {
    let buffer = makeBuffer()
    buffer.type("release notes #Swift  ")
    buffer.pressEnterToSend()
    #expect(buffer.sent.first?.body == "release notes")
    #expect(buffer.sent.first?.tags == ["Swift"])
    #expect(buffer.controller.tagHistory.recent.first == "Swift")
  }

  @Test func enterWithOnlyAHashtagMakesAChipAndSendsNothing() {
    let buffer = makeBuffer()
    buffer.type("#café")
    buffer.pressEnterToSend()
    #expect(buffer.sent.isEmpty)
    #expect(buffer.text == "")
    #expect(buffer.shownChips == ["café"])
    buffer.undo()
    #expect(buffer.text == "#café")
    #expect(buffer.shownChips == [])
  }

  @Test func enterWithAFullRowSendsTheHashtagAsText() {
    let buffer = makeBuffer()
    buffer.apply(buffer.controller.restore(Draft(text: "", chips: (1...20).map { "t\($0)" })))
    buffer.type("hello #more")
    buffer.pressEnterToSend()
    #expect(buffer.notices == [ComposerController.fullNotice])
    #expect(buffer.sent.first?.body == "hello #more")
    #expect(buffer.sent.first?.tags.count == 20)
  }

  @Test func senderAndClockComeFromOutside() {
    let buffer = BufferSimulator(
      ComposerController(
        sender: "Bob", clock: { Date(timeIntervalSince1970: 5) }, makeID: { "x" }))
    buffer.type("hi")
    buffer.pressEnterToSend()
    #expect(buffer.sent.first?.sender == "Bob")
    #expect(buffer.sent.first?.sentAt == Date(timeIntervalSince1970: 5))
    let composer = ComposerController(sender: "c")
    var copy = composer
    copy.textInserted("x", at: 0)
    guard case .send(let message) = copy.send(text: "x").first else {
      Issue.record("expected a message")
      return
    }
    #expect(UUID(uuidString: message.id) != nil)
  }

  // MARK: Hashtag conversion

  @Test func spaceAfterHashtagMakesChipAndConsumesTheSpace() {
    let buffer = makeBuffer()
    buffer.type("see #swift")
    buffer.typeDelimiter(" ")
    #expect(buffer.text == "see ")
    #expect(buffer.shownChips == ["swift"])
    #expect(buffer.controller.characterCount == 4)
  }

  @Test func tabAndCommaConvertToo() {
    let buffer = makeBuffer()
    buffer.type("#a")
    buffer.typeDelimiter("\t")
    buffer.type("#b")
    buffer.typeDelimiter(",")
    #expect(buffer.text == "")
    #expect(buffer.shownChips == ["a", "b"])
  }

  @Test func nonHashtagsStayTextAndTheDelimiterIsTyped() {
    let buffer = makeBuffer()
    for word in ["C#", "a#b", "##x", "#123", "#", "plain"] {
      buffer.type(word)
      buffer.typeDelimiter(" ")
    }
    #expect(buffer.text == "C# a#b ##x #123 # plain ")
    #expect(buffer.shownChips.isEmpty)
  }

  @Test func unicodeHashtagsConvert() {
    let buffer = makeBuffer()
    for word in ["#café", "#日本語", "#שלום", "#cafe\u{301}x"] {
      buffer.type(word)
      buffer.typeDelimiter(" ")
    }
    #expect(buffer.shownChips == ["café", "日本語", "שלום", "caféx"])
    #expect(buffer.text == "")
  }

  @Test func duplicateHashtagIsRemovedWithoutASecondChip() {
    let buffer = makeBuffer()
    buffer.type("#Swift")
    buffer.typeDelimiter(" ")
    buffer.type("#SWIFT")
    buffer.typeDelimiter(" ")
    #expect(buffer.shownChips == ["Swift"])
    #expect(buffer.text == "")
    buffer.undo()
    #expect(buffer.text == "#SWIFT")
    #expect(buffer.shownChips == ["Swift"])
  }

  @Test func twentyFirstHashtagIsRefusedWithANoticeAndTheTextStays() {
    let buffer = makeBuffer()
    for index in 1...20 {
      buffer.type("#t\(index)")
      buffer.typeDelimiter(" ")
    }
    #expect(buffer.shownChips.count == 20)
    buffer.type("#t21")
    buffer.typeDelimiter(" ")
    #expect(buffer.text == "#t21 ")
    #expect(buffer.notices == [ComposerController.fullNotice])
    #expect(buffer.shownChips.count == 20)
  }

  @Test func conversionMidTextRemovesOnlyTheTag() {
    let buffer = makeBuffer()
    buffer.type("ab cd")
    buffer.moveCaret(to: 2)
    buffer.type(" #x")
    buffer.typeDelimiter(" ")
    #expect(buffer.text == "ab  cd")
    #expect(buffer.caret == 3)
  }

  @Test func conversionLooksOnlyAtTheWindowBeforeTheCaret() {
    let buffer = makeBuffer()
    buffer.type(String(repeating: "lorem ipsum ", count: 20_000) + "#tail")
    let window = buffer.window
    #expect(window.text.unicodeScalars.count == HashtagScanner.lookbehind)
    buffer.typeDelimiter(" ")
    #expect(buffer.shownChips == ["tail"])
  }

  // MARK: Undo of a conversion

  @Test func undoRightAfterConversionRestoresTheTextAndRemovesTheChip() {
    let buffer = makeBuffer()
    buffer.type("hi #Cafe\u{301}")
    buffer.typeDelimiter(" ")
    #expect(buffer.controller.canUndoConversion)
    #expect(
      buffer.controller.pendingUndo
        == ConversionUndo(text: "#Cafe\u{301}", offset: 3, addedChip: "Café"))
    buffer.undo()
    #expect(buffer.text == "hi #Cafe\u{301}")
    #expect(buffer.caret == 9)
    #expect(buffer.shownChips.isEmpty)
    #expect(buffer.controller.chips.isEmpty)
    #expect(!buffer.controller.canUndoConversion)
    #expect(buffer.controller.undoConversion() == [])
  }

  @Test func anyOtherEditClearsTheUndo() {
    let buffer = makeBuffer()
    buffer.type("#a")
    buffer.typeDelimiter(" ")
    buffer.type("x")
    #expect(!buffer.controller.canUndoConversion)

    buffer.type(" #b")
    buffer.typeDelimiter(" ")
    buffer.delete(offset: 0, length: 1)
    #expect(!buffer.controller.canUndoConversion)

    buffer.type("#c")
    buffer.typeDelimiter(" ")
    buffer.apply(buffer.controller.removeLastChip())
    #expect(!buffer.controller.canUndoConversion)
  }

  @Test func deletingTheSameTextElsewhereIsNotMistakenForTheEcho() {
    var composer = ComposerController(sender: "a")
    composer.textInserted("#a #a", at: 0)
    let response = composer.delimiterTyped(before: "#a #a", windowStartsText: true, caret: 5)
    #expect(response.effects.first == .deleteText(offset: 3, length: 2))
    composer.textDeleted("#a", at: 0)
    #expect(!composer.canUndoConversion)
  }

  // MARK: Chips from the keyboard and the entry

  @Test func backspaceCommandRemovesTheLastChip() {
    let buffer = makeBuffer()
    buffer.apply(buffer.controller.restore(Draft(text: "x", chips: ["a", "b"])))
    buffer.apply(buffer.controller.removeLastChip())
    #expect(buffer.shownChips == ["a"])
    buffer.apply(buffer.controller.removeLastChip())
    #expect(buffer.controller.removeLastChip() == [])
  }

  @Test func chipRowFocusMovesAndRemovesWithTheKeyboard() {
    let buffer = makeBuffer()
    buffer.apply(buffer.controller.restore(Draft(text: "", chips: ["a", "b", "c"])))
    buffer.apply(buffer.controller.focusChipRow())
    #expect(buffer.focusedChip == 2)
    buffer.apply(buffer.controller.focusPreviousChip())
    #expect(buffer.focusedChip == 1)
    buffer.apply(buffer.controller.focusNextChip())
    buffer.apply(buffer.controller.focusNextChip())
    #expect(buffer.focusedChip == 2)
    buffer.apply(buffer.controller.removeFocusedChip())
    #expect(buffer.shownChips == ["a", "b"])
    #expect(buffer.focusedChip == 1)
    buffer.apply(buffer.controller.leaveChipRow())
    #expect(buffer.focus == .composer)
    #expect(buffer.controller.chips.focusedIndex == nil)
    #expect(buffer.controller.focusPreviousChip() == [])
    #expect(buffer.controller.focusNextChip() == [])
    #expect(buffer.controller.removeFocusedChip() == [])
  }

  @Test func removingTheLastFocusedChipReturnsFocusToTheText() {
    let buffer = makeBuffer()
    buffer.apply(buffer.controller.restore(Draft(text: "", chips: ["only"])))
    buffer.apply(buffer.controller.focusChipRow())
    buffer.apply(buffer.controller.removeFocusedChip())
    #expect(buffer.focus == .composer)
    #expect(buffer.controller.focusChipRow() == [])
  }

  @Test func removeButtonRemovesThatChip() {
    let buffer = makeBuffer()
    buffer.apply(buffer.controller.restore(Draft(text: "", chips: ["a", "b"])))
    buffer.apply(buffer.controller.removeChip("A"))
    #expect(buffer.shownChips == ["b"])
    #expect(buffer.controller.removeChip("zz") == [])
    buffer.apply(buffer.controller.focusChipRow())
    buffer.apply(buffer.controller.removeChip("b"))
    #expect(buffer.focus == .composer)
  }

  @Test func tagEntryAddsValidTagsAndClosesOrExplains() {
    let buffer = makeBuffer()
    buffer.apply(buffer.controller.addTag(fromEntry: " #Swift "))
    #expect(buffer.shownChips == ["Swift"])
    #expect(buffer.tagEntryClosed)
    #expect(buffer.controller.tagHistory.recent == ["Swift"])
    #expect(buffer.controller.addTag(fromEntry: "swift") == [.closeTagEntry, .focus(.composer)])
    #expect(
      buffer.controller.addTag(fromEntry: "12") == [
        .showNotice(ComposerController.invalidTagNotice)
      ])
    #expect(
      buffer.controller.addTag(fromEntry: "a b") == [
        .showNotice(ComposerController.invalidTagNotice)
      ])
    for index in 2...20 { buffer.apply(buffer.controller.addTag(fromEntry: "t\(index)")) }
    #expect(buffer.shownChips.count == 20)
    #expect(
      buffer.controller.addTag(fromEntry: "t21") == [
        .showNotice(ComposerController.fullNotice), .closeTagEntry, .focus(.composer),
      ])
  }

  @Test func tagCompletionsSkipTagsAlreadyAdded() {
    var composer = ComposerController(sender: "a")
    composer.tagHistory = TagCompletion(recent: ["swiftui", "swift", "gtk"])
    _ = composer.addTag(fromEntry: "swift")
    #expect(composer.tagCompletions(prefix: "sw") == ["swiftui"])
    #expect(composer.tagCompletions(prefix: "", limit: 1) == ["swiftui"])
  }

  // MARK: Editing

  @Test func upInEmptyComposerLoadsTheLastOwnMessage() {
    let buffer = makeBuffer()
    let old = Message(
      id: "m1", sender: "ana", sentAt: Self.now - 60, body: "helo", tags: ["a"])
    buffer.apply(buffer.controller.beginEditing(lastOwn: old))
    #expect(buffer.controller.isEditing)
    #expect(buffer.text == "helo")
    #expect(buffer.caret == 4)
    #expect(buffer.shownChips == ["a"])
    buffer.delete(offset: 3, length: 1)
    buffer.type("lo")
    buffer.pressEnterToSend()
    #expect(
      buffer.replaced == [
        Message(
          id: "m1", sender: "ana", sentAt: Self.now - 60, body: "hello", tags: ["a"],
          edited: true)
      ])
    #expect(buffer.sent.isEmpty)
    #expect(!buffer.controller.isEditing)
    #expect(buffer.text == "")
  }

  @Test func sendingAnUnchangedEditReplacesNothing() {
    let buffer = makeBuffer()
    let mine = Message(id: "m", sender: "ana", sentAt: Self.now, body: "same", tags: ["t"])
    buffer.apply(buffer.controller.beginEditing(lastOwn: mine))
    buffer.type("  ")
    buffer.pressEnterToSend()
    #expect(buffer.replaced.isEmpty && buffer.sent.isEmpty)
    #expect(!buffer.controller.isEditing)
    #expect(buffer.text == "")
  }

  @Test func editingIsRefusedUnlessEmptyAndOwn() {
    let buffer = makeBuffer()
    let mine = Message(sender: "ana", sentAt: Self.now, body: "x")
    #expect(buffer.controller.beginEditing(lastOwn: nil) == [])
    #expect(
      buffer.controller.beginEditing(lastOwn: Message(sender: "bob", sentAt: Self.now, body: "x"))
        == [])
    buffer.type("draft")
    #expect(buffer.controller.beginEditing(lastOwn: mine) == [])
    buffer.delete(offset: 0, length: 5)
    buffer.apply(buffer.controller.addTag(fromEntry: "a"))
    #expect(buffer.controller.beginEditing(lastOwn: mine) == [])
  }

  @Test func escapeCancelsTheEditAndEmptiesTheComposer() {
    let buffer = makeBuffer()
    let mine = Message(sender: "ana", sentAt: Self.now, body: "x", tags: ["t"])
    buffer.apply(buffer.controller.beginEditing(lastOwn: mine))
    buffer.apply(buffer.controller.cancelEditing())
    #expect(!buffer.controller.isEditing)
    #expect(buffer.text == "")
    #expect(buffer.shownChips == [])
    #expect(buffer.controller.isEmpty)
    #expect(buffer.controller.cancelEditing() == [])
  }

  // MARK: Draft

  @Test func draftRoundTripsTextAndChips() {
    let buffer = makeBuffer()
    buffer.type("unsent #tag")
    buffer.typeDelimiter(" ")
    buffer.type("more")
    let draft = buffer.controller.draft(text: buffer.text)
    #expect(draft == Draft(text: "unsent more", chips: ["tag"]))

    let restored = makeBuffer()
    restored.apply(restored.controller.restore(draft))
    #expect(restored.text == "unsent more")
    #expect(restored.caret == 11)
    #expect(restored.shownChips == ["tag"])
    #expect(restored.controller.characterCount == 11)
    #expect(restored.controller.canSend)
  }

  @Test func keyContextCarriesComposerState() {
    let buffer = makeBuffer()
    buffer.type("#a")
    buffer.typeDelimiter(" ")
    let context = buffer.controller.keyContext(
      focus: .composer, caretAtStart: true, hasSelection: false,
      sendKey: .controlEnter)
    #expect(
      context
        == KeyContext(
          focus: .composer, composerEmpty: false, caretAtStart: true, sendKey: .controlEnter,
          hasChips: true, canUndoConversion: true))
  }

  // MARK: Randomized against a reference model

  @Test func randomEditsKeepCountsAndChipsInStepWithAReference() {
    var rng = SeededGenerator(seed: 2026)
    let buffer = makeBuffer()
    let pieces = [
      "a", "Z", " ", "\n", "\t", "#", "#x", "#café", "e\u{301}", "日本", "שלום", "🎉", "👩‍👩‍👧",
      "\u{00A0}", "\u{200F}", ",", "1", "_", "hello world",
    ]
    var undoable: (text: String, chips: [String])?
    for step in 0..<4000 {
      let before = (buffer.text, buffer.shownChips)
      switch Int.random(in: 0..<10, using: &rng) {
      case 0...3:
        let count = buffer.scalars.count
        buffer.moveCaret(to: Int.random(in: 0...count, using: &rng))
        buffer.type(pieces.randomElement(using: &rng) ?? "a")
      case 4, 5:
        let count = buffer.scalars.count
        guard count > 0 else { break }
        let offset = Int.random(in: 0..<count, using: &rng)
        buffer.delete(
          offset: offset, length: Int.random(in: 1...min(4, count - offset), using: &rng))
      case 6, 7:
        buffer.typeDelimiter([" ", "\t", ","].randomElement(using: &rng) ?? " ")
        if buffer.controller.canUndoConversion { undoable = before }
      case 8:
        let canUndo = buffer.controller.canUndoConversion
        buffer.undo()
        if canUndo, let undoable {
          #expect(buffer.text == undoable.text, "step \(step)")
          #expect(buffer.shownChips == undoable.chips, "step \(step)")
        }
      default:
        if Int.random(in: 0..<8, using: &rng) == 0 {
          let sendable = Self.referenceCanSend(buffer.text)
          let sentBefore = buffer.sent.count
          buffer.pressEnterToSend()
          if !sendable { #expect(buffer.sent.count == sentBefore, "step \(step)") }
        } else {
          buffer.apply(buffer.controller.removeLastChip())
        }
      }
      if !buffer.controller.canUndoConversion { undoable = nil }
      let reference = TextTally(buffer.text)
      #expect(buffer.controller.characterCount == buffer.text.unicodeScalars.count, "step \(step)")
      #expect(buffer.controller.visibleCharacterCount == reference.visible, "step \(step)")
      #expect(buffer.controller.canSend == Self.referenceCanSend(buffer.text), "step \(step)")
      #expect(buffer.shownChips == buffer.controller.chips.tags, "step \(step)")
      #expect(buffer.controller.chips.count <= ChipRow.capacity)
    }
    #expect(!buffer.sent.isEmpty)
  }

  private static func referenceCanSend(_ text: String) -> Bool {
    !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      && text.unicodeScalars.count <= 100_000
  }
}
