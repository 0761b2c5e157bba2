import Foundation
import Testing

@testable import NatterCore

@Suite struct ReplyAndReactionTests {
  private func parent(_ body: String = "first line\nsecond") -> Message {
    Message(
      sender: "bob", sentAt: Date(timeIntervalSince1970: 0), body: body,
      conversation: "ircs://irc.example.net/#natter", msgid: "p1")
  }

  @Test func theBarAndTheQuoteShowTheParentsFirstLine() {
    #expect(ReplyQuote.bar(for: parent()) == "Replying to bob: first line")
    #expect(ReplyQuote.quote(of: parent()) == "↳ bob: first line")
    #expect(ReplyQuote.quote(of: parent("\n\n  later  \nmore")) == "↳ bob: later")
    #expect(ReplyQuote.quote(of: nil) == "↳ Message not loaded")
    let long = ReplyQuote.firstLine(of: parent(String(repeating: "x", count: 1_000)))
    #expect(long.count == ReplyQuote.maxQuoted + 1 && long.hasSuffix("…"))
    let exact = String(repeating: "y", count: ReplyQuote.maxQuoted)
    #expect(ReplyQuote.firstLine(of: parent(exact + "\nmore")) == exact, "not cut at the limit")
    #expect(ReplyQuote.firstLine(of: parent(" \n\t\n")) == "")
  }

  @Test func aReplyGoesOutWithItsParentAndEndsTheReply() {
    let simulator = BufferSimulator(ComposerController(sender: "me"))
    simulator.apply(simulator.controller.beginReply(to: parent()))
    #expect(simulator.replyBar == "Replying to bob: first line")
    #expect(simulator.focus == .composer)
    simulator.type("sure")
    simulator.pressEnterToSend()
    #expect(simulator.sent.first?.replyTo == "p1")
    #expect(simulator.replyBar == nil)
    #expect(!simulator.controller.isReplying)
  }

  @Test func cancellingKeepsTheDraft() {
    let simulator = BufferSimulator(ComposerController(sender: "me"))
    simulator.type("draft #tag")
    simulator.typeDelimiter(" ")
    simulator.apply(simulator.controller.beginReply(to: parent()))
    simulator.apply(simulator.controller.cancelReply())
    #expect(simulator.replyBar == nil)
    #expect(simulator.text == "draft ")
    #expect(simulator.shownChips == ["tag"])
    #expect(simulator.controller.cancelReply().isEmpty, "nothing left to cancel")
  }

  @Test func aMessageWithoutMsgidCannotBeAnswered() {
    var controller = ComposerController(sender: "me")
    var local = parent()
    local.msgid = nil
    #expect(controller.beginReply(to: local).isEmpty)
    #expect(!controller.isReplying)
  }

  @Test func anotherConversationsDraftEndsTheReply() {
    var controller = ComposerController(sender: "me")
    _ = controller.beginReply(to: parent())
    let effects = controller.restore(Draft(text: "elsewhere", chips: []))
    #expect(effects.contains(.showReply(nil)))
    #expect(!controller.isReplying)
  }

  @Test func escapeCancelsTheReplyBeforeAnythingElse() {
    var context = KeyContext(isEditing: true, searchOpen: true, popoverOpen: true)
    context.isReplying = true
    #expect(Keymap.action(for: .escape, modifiers: [], in: context) == .cancelReply)
    var controller = ComposerController(sender: "me")
    _ = controller.beginReply(to: parent())
    let fromController = controller.keyContext(
      focus: .composer, caretAtStart: true, hasSelection: false, sendKey: .enter)
    #expect(fromController.isReplying)
    #expect(controller.isAvailable(.cancelReply))
    #expect(!ComposerController(sender: "me").isAvailable(.cancelReply))
  }

  @Test func chipsShowCountsWhoAndWhetherTheyAreMine() {
    var message = parent()
    message.reactions = [
      ReactionGroup(emoji: "👍", senders: ["bob", "carol"], includesMe: false),
      ReactionGroup(emoji: "🎉", senders: ["me"], includesMe: true),
      ReactionGroup(emoji: "😢", senders: [], includesMe: false),
    ]
    let chips = ReactionChip.chips(of: message)
    #expect(chips.map(\.label) == ["👍 2", "🎉 1"])
    #expect(chips[0].tooltip == "bob, carol" && !chips[0].isOwn && !chips[0].removes)
    #expect(chips[1].isOwn && chips[1].removes)
    #expect(chips[0].accessibleName == "👍 2")
    #expect(ReactionChip.removes("🎉", on: message))
    #expect(!ReactionChip.removes("👍", on: message))
    #expect(!ReactionChip.removes("❤️", on: message))
  }

  @Test func quickReactionsAreSixAndNumbered() {
    #expect(QuickReactions.emoji.count == 6)
    #expect(QuickReactions.emoji(forDigit: 1) == "👍")
    #expect(QuickReactions.emoji(forDigit: 6) == "😢")
    #expect(QuickReactions.emoji(forDigit: 7) == nil && QuickReactions.emoji(forDigit: 0) == nil)
    #expect(QuickReactions.buttonName("👍") == "React with 👍")
  }
}
