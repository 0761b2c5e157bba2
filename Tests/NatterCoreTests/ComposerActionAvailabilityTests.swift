import Foundation
import Testing

@testable import NatterCore

@Suite("ComposerController.isAvailable")
struct ComposerActionAvailabilityTests {
  private let mine = Message(
    id: "m1", sender: "me", sentAt: Date(timeIntervalSince1970: 0), body: "sent")

  @Test func anEmptyComposerCanEditButNotSendOrTouchChips() {
    let composer = ComposerController(sender: "me")
    #expect(!composer.isAvailable(.send))
    #expect(composer.isAvailable(.editLastMessage))
    #expect(!composer.isAvailable(.cancelEdit))
    #expect(!composer.isAvailable(.removeLastChip))
    #expect(!composer.isAvailable(.focusChipRow))
    #expect(!composer.isAvailable(.undoConversion))
    #expect(composer.isAvailable(.addTag))
  }

  @Test func textEnablesSendAndDisablesEditing() {
    var composer = ComposerController(sender: "me")
    composer.textInserted("hi", at: 0)
    #expect(composer.isAvailable(.send))
    #expect(!composer.isAvailable(.editLastMessage))
  }

  @Test func chipsAndConversionsEnableTheirCommands() {
    var composer = ComposerController(sender: "me")
    composer.textInserted("#swift", at: 0)
    _ = composer.delimiterTyped(before: "#swift", windowStartsText: true, caret: 6)
    composer.textDeleted("#swift", at: 0)
    #expect(composer.isAvailable(.undoConversion))
    #expect(composer.isAvailable(.removeLastChip))
    #expect(composer.isAvailable(.focusChipRow))
    #expect(!composer.isAvailable(.nextChip), "no chip has focus yet")
    _ = composer.focusChipRow()
    #expect(composer.isAvailable(.nextChip))
    #expect(composer.isAvailable(.removeFocusedChip))
    #expect(!composer.isAvailable(.editLastMessage), "a chip is content too")
  }

  @Test func editingEnablesCancel() {
    var composer = ComposerController(sender: "me")
    _ = composer.beginEditing(lastOwn: mine)
    #expect(composer.isAvailable(.cancelEdit))
    #expect(!composer.isAvailable(.editLastMessage))
  }

  @Test func tagEntryCommandsFollowTheEntry() {
    let composer = ComposerController(sender: "me")
    #expect(!composer.isAvailable(.confirmTag))
    #expect(composer.isAvailable(.confirmTag, tagEntryOpen: true))
    #expect(composer.isAvailable(.closePopover, tagEntryOpen: true))
  }

  @Test func nothingIsSentWhilePasting() {
    var composer = ComposerController(sender: "me")
    composer.textInserted("half a paste", at: 0)
    #expect(!composer.isAvailable(.send, pasting: true))
    #expect(composer.isAvailable(.send, pasting: false))
    #expect(composer.isAvailable(.newline, pasting: true), "only sending waits")
  }

  @Test func otherScopesAreNotTheComposersToJudge() {
    let composer = ComposerController(sender: "me")
    for action in KeyAction.allCases where !action.actionName.hasPrefix("composer.") {
      #expect(composer.isAvailable(action), "\(action)")
    }
  }
}
