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

  @Test func theLimitNoticeWinsOverEditing() {
    var composer = ComposerController(sender: "me")
    _ = composer.beginEditing(lastOwn: mine)
    composer.textInserted(
      String(repeating: "x", count: ComposerController.characterLimit + 1), at: 0)
    #expect(composer.statusNotice == composer.limitNotice)
    #expect(composer.statusNotice?.contains("100,001") == true)
  }
}
