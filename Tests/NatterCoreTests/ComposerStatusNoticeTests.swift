import Foundation
import Testing

@testable import NatterCore

@Suite("ComposerController.statusNotice")
struct ComposerStatusNoticeTests {
  private let mine = Message(
    id: "m1", sender: "me", sentAt: Date(timeIntervalSince1970: 0), body: "sent")

  @Test func saysNothingForAnOrdinaryDraft() {
    var composer = ComposerController(sender: "me")
    composer.textInserted("hello", at: 0)
    #expect(composer.statusNotice == nil)
  }

  @Test func saysEditingWhileEditingAndStopsAfterCancel() {
    var composer = ComposerController(sender: "me")
    _ = composer.beginEditing(lastOwn: mine)
    composer.textInserted("sent", at: 0)
    #expect(composer.statusNotice == ComposerController.editingNotice)
    _ = composer.cancelEditing()
    composer.textDeleted("sent", at: 0)
    #expect(composer.statusNotice == nil)
  }

  @Test func theLongLineNoticeEndsWithTheText() {
    var composer = ComposerController(sender: "me")
    composer.textInserted(String(repeating: "x", count: 5_000), at: 0)
    #expect(composer.notice(transient: LongLineFold.notice)?.text == LongLineFold.notice)
    composer.textDeleted(String(repeating: "x", count: 5_000), at: 0)
    #expect(composer.notice(transient: LongLineFold.notice) == nil)
    #expect(composer.notice(transient: "refused")?.text == "refused", "other notices stay")
  }

  @Test func aTransientNoticeWinsAndOnlyEditingIsNotAProblem() {
    var composer = ComposerController(sender: "me")
    #expect(composer.notice(transient: nil) == nil)
    #expect(
      composer.notice(transient: ComposerController.fullNotice)
        == ComposerNotice(text: ComposerController.fullNotice, isProblem: true))
    _ = composer.beginEditing(lastOwn: mine)
    #expect(composer.notice(transient: nil)?.isProblem == false)
    composer.textInserted(
      String(repeating: "x", count: ComposerController.characterLimit + 1), at: 0)
    #expect(composer.notice(transient: nil)?.isProblem == true)
    #expect(composer.notice(transient: "refused")?.text == "refused")
  }

  @Test func theLimitNoticeWinsOverEditing() {
    var composer = ComposerController(sender: "me")
    _ = composer.beginEditing(lastOwn: mine)
    composer.textInserted(
      String(repeating: "x", count: ComposerController.characterLimit + 1), at: 0)
    #expect(composer.statusNotice == composer.limitNotice)
    #expect(composer.statusNotice?.contains("100,001") == true)
  }
}

@Suite("ComposerController drafts and chip focus")
struct ComposerDraftAndChipFocusTests {
  @Test func anEditInProgressSavesAsAnEmptyDraft() {
    var composer = ComposerController(sender: "me")
    let mine = Message(id: "m1", sender: "me", sentAt: Date(timeIntervalSince1970: 0), body: "b")
    _ = composer.beginEditing(lastOwn: mine)
    composer.textInserted("b", at: 0)
    #expect(composer.draft(text: "b edited").isEmpty)
    _ = composer.cancelEditing()
    composer.textDeleted("b", at: 0)
    #expect(composer.draft(text: "new").text == "new")
  }

  @Test func chipFocusFromOutsideTheRowKeysIsFollowed() {
    var composer = ComposerController(sender: "me")
    _ = composer.addTag(fromEntry: "one")
    _ = composer.addTag(fromEntry: "two")
    #expect(composer.removeFocusedChip().isEmpty, "no chip has focus yet")
    composer.chipFocused(at: 0)
    #expect(composer.removeFocusedChip() == [.removeChip("one"), .focusChip(index: 0)])
    composer.chipFocused(at: 7)
    #expect(composer.chips.focusedIndex == nil, "an index past the row is no focus")
  }
}
