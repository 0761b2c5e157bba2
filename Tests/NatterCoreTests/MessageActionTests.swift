import Foundation
import Testing

@testable import NatterCore

@Suite struct MessageActionTests {
  private let channel = "ircs://irc.example.net/#natter"

  private func message(
    _ body: String = "hello", msgid: String? = "m1", in conversation: String? = nil,
    kind: Message.Kind = .message, replyTo: String? = nil
  ) -> Message {
    Message(
      sender: "bob", sentAt: Date(timeIntervalSince1970: 0), body: body,
      conversation: conversation ?? channel, msgid: msgid, kind: kind, replyTo: replyTo)
  }

  @Test func aServerMessageCanBeAnsweredReactedToAndCopied() {
    #expect(MessageAction.available(for: message()) == [.reply, .react, .copyText])
  }

  @Test func withoutAMsgidOrInNotesOnlyCopy() {
    #expect(MessageAction.available(for: message(msgid: nil)) == [.copyText])
    #expect(MessageAction.available(for: message(in: Message.notes)) == [.copyText])
  }

  @Test func aStatusLineIsReadAndCopiedButNotAnswered() {
    let line = message("alice joined https://example.org", kind: .status)
    #expect(MessageAction.available(for: line) == [.copyText])
    #expect(MessageAction.enterAction(for: line) == nil)
  }

  @Test func enterOpensTheFirstLinkElseShowsTheParent() {
    let linked = message("see https://a.example/x and http://b.example")
    #expect(MessageAction.link(of: linked) == "https://a.example/x")
    #expect(MessageAction.available(for: linked).contains(.openLink))
    #expect(MessageAction.enterAction(for: linked) == .openLink)
    let reply = message("yes", replyTo: "m0")
    #expect(MessageAction.available(for: reply).last == .showParent)
    #expect(MessageAction.enterAction(for: reply) == .showParent)
    #expect(MessageAction.enterAction(for: message("no link, ftp://x.example")) == nil)
  }

  @Test func aFoldedMessageOffersItWholeAndEnterOpensItWithoutALink() {
    let long = message((1...40).map { "line \($0)" }.joined(separator: "\n"))
    #expect(MessageAction.available(for: long) == [.reply, .react, .copyText, .showWhole])
    #expect(MessageAction.enterAction(for: long) == .showWhole)
    let linked = message(String(repeating: "word ", count: 200) + "https://a.example/x")
    #expect(MessageAction.available(for: linked).suffix(2) == [.openLink, .showWhole])
    #expect(MessageAction.enterAction(for: linked) == .openLink, "SPEC §13: Enter opens its link")
    #expect(!MessageAction.available(for: message()).contains(.showWhole))
    #expect(MessageAction.showWhole.title == "Show more", "the row's own button's words")
  }

  @Test func aRefusedMessageOffersRetryFirstAndEnterSendsItAgain() {
    var refused = message("see https://a.example/x", msgid: nil)
    refused.delivery = .failed
    #expect(MessageAction.available(for: refused) == [.retry, .copyText, .openLink])
    #expect(MessageAction.enterAction(for: refused) == .retry)
    #expect(MessageAction.retry.title == "Retry", "the row's own button's words")
    refused.delivery = .pending
    #expect(!MessageAction.available(for: refused).contains(.retry))
    #expect(MessageAction.enterAction(for: refused) == .openLink)
  }

  @Test func copyTakesThePlainBody() {
    var formatted = message("bold")
    formatted.formatted = "\u{02}bold\u{02}"
    #expect(MessageAction.copiedText(of: formatted) == "bold")
    #expect(MessageAction.copiedText(of: message("/me waves", kind: .action)) == "/me waves")
  }

  @Test func aRowReadsSenderTextAndTime() {
    #expect(MessageReading.accessibleName(of: message(), time: "14:05") == "bob: hello, 14:05")
    let action = message("waves", kind: .action)
    #expect(MessageReading.accessibleName(of: action, time: "14:05") == "* bob waves, 14:05")
    let long = message(String(repeating: "a", count: 5_000))
    #expect(MessageReading.accessibleName(of: long, time: "1").count < 600)
  }
}
