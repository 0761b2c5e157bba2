import Foundation
import Testing

@testable import NatterCore

@Suite struct MessageDisplayTests {
  private func message(
    _ body: String, kind: Message.Kind = .message, delivery: Message.Delivery = .sent,
    mention: Bool = false
  ) -> Message {
    Message(
      sender: "bob", sentAt: Date(), body: body, delivery: delivery, kind: kind,
      failureReason: delivery == .failed ? "Cannot send to #natter." : nil, mentionsMe: mention)
  }

  @Test func actionsReadAsStarNickText() {
    #expect(MessageDisplay.body(of: message("waves", kind: .action)) == "* bob waves")
    #expect(MessageDisplay.body(of: message("<b>hi</b>")) == "<b>hi</b>")
  }

  @Test func theSenderLineMarksNoticesAndSaysWhereAResultIs() {
    #expect(MessageDisplay.senderLine(of: message("hi")) == "bob")
    #expect(MessageDisplay.senderLine(of: message("hi", kind: .notice)) == "bob (notice)")
    #expect(
      MessageDisplay.senderLine(of: message("hi", kind: .notice), place: "#gtk on Libera")
        == "bob (notice) in #gtk on Libera")
  }

  @Test func deliveryNotesAndRetry() {
    #expect(MessageDisplay.deliveryNote(of: message("x")) == nil)
    #expect(
      MessageDisplay.deliveryNote(of: message("x", delivery: .pending))?.contains("Sending")
        == true)
    let failed = message("x", delivery: .failed)
    #expect(MessageDisplay.deliveryNote(of: failed) == "Cannot send to #natter.")
    #expect(MessageDisplay.offersRetry(failed))
    #expect(!MessageDisplay.offersRetry(message("x", delivery: .pending)))
  }

  @Test func mentionsAndPrivateMessagesNotifyOnlyWhileTheWindowIsNotActive() {
    let mention = message("hi alice", mention: true)
    #expect(MessageDisplay.notifies(mention, isPrivate: false, isOwn: false, windowActive: false))
    #expect(!MessageDisplay.notifies(mention, isPrivate: false, isOwn: false, windowActive: true))
    #expect(
      MessageDisplay.notifies(message("psst"), isPrivate: true, isOwn: false, windowActive: false))
    #expect(
      !MessageDisplay.notifies(
        message("chatter"), isPrivate: false, isOwn: false, windowActive: false))
    #expect(
      !MessageDisplay.notifies(
        message("You joined", kind: .status, mention: true), isPrivate: false, isOwn: false,
        windowActive: false))
    // What we sent ourselves (from another client of ours, or in a private chat) never does.
    #expect(
      !MessageDisplay.notifies(message("psst"), isPrivate: true, isOwn: true, windowActive: false))
  }

  @Test func statusLinesHaveNoHeaderAndTheNextMessageHasOne() {
    let formatter = TranscriptFormatter(
      calendar: .current, timeZone: .current, locale: Locale(identifier: "en_US"))
    let status = message("You joined #natter", kind: .status)
    let next = message("hello")
    #expect(!formatter.showsHeader(previous: nil, current: status))
    #expect(formatter.showsHeader(previous: status, current: next))
  }
}
