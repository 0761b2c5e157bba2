import Foundation
import Testing

@testable import NatterCore

/// `MessageRules` is the one definition of a valid message; the composer, which keeps running
/// counts instead of calling it, must agree with it on every text.
@Suite struct MessageRulesTests {
  static let bodies: [String] = [
    "", " ", "\n\t \u{2003}", "x", " x ", "\u{200B}", "e\u{301}",
    String(repeating: "a", count: MessageRules.characterLimit),
    String(repeating: "a", count: MessageRules.characterLimit + 1),
    String(repeating: "é", count: MessageRules.characterLimit - 1) + "\u{301}\u{301}",
    String(repeating: " ", count: MessageRules.characterLimit + 5),
  ]

  @Test(arguments: bodies)
  func theComposerCanSendExactlyTheBodiesTheRulesAccept(body: String) {
    var composer = ComposerController(sender: "me")
    composer.textInserted(body, at: 0)
    #expect(composer.canSend == MessageRules.violations(id: "id", body: body, tags: []).isEmpty)
  }

  @Test func theComposerAndChipRowUseTheRulesLimits() {
    #expect(ComposerController.characterLimit == MessageRules.characterLimit)
    #expect(ChipRow.capacity == MessageRules.tagLimit)
    var row = ChipRow()
    for n in 0..<(MessageRules.tagLimit + 5) { row.add("t\(n)") }
    #expect(row.count == MessageRules.tagLimit)
    #expect(MessageRules.violations(id: "i", body: "b", tags: row.tags).isEmpty)
    #expect(
      MessageRules.violations(id: "i", body: "b", tags: row.tags + ["more"])
        == [.tooManyTags(count: MessageRules.tagLimit + 1)])
  }

  /// A tag is valid exactly when the Add-tag entry would make a chip of it.
  @Test(arguments: [
    "swift", "Ünï", "a_1", "", "two words", "#x", "123", "_", "C#",
    String(repeating: "a", count: 65),
  ])
  func aTagIsValidExactlyWhenTheAddTagEntryAcceptsIt(tag: String) {
    var composer = ComposerController(sender: "me")
    let chipped = composer.addTag(fromEntry: tag).contains { effect in
      if case .addChip = effect { return true }
      return false
    }
    // The entry strips one leading "#", which an imported tag must not have.
    let valid = MessageRules.violations(id: "i", body: "b", tags: [tag]).isEmpty
    #expect(valid == (chipped && !tag.hasPrefix("#")))
  }

  @Test func namesEveryProblemOfAMessage() {
    #expect(
      MessageRules.violations(id: " ", body: "", tags: ["ok", "OK", "no way"])
        == [.blankID, .blankBody, .duplicateTag("OK"), .invalidTag("no way")])
    #expect(MessageViolation.bodyTooLong(characters: 1_234_567).reason.contains("1,234,567"))
  }
}
