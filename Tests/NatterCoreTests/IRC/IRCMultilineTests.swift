import Foundation
import Testing

@testable import NatterCore

/// `draft/multiline` (SPEC §13), after the spec's examples.
@Suite struct IRCMultilineTests {
  static let multiline = "draft/multiline=max-bytes=4096,max-lines=24"
  static let caps = IRCScript.allCaps + " " + multiline
  private let time = "2026-11-29T18:55:41.000Z"

  private func registered(caps: String = Self.caps) -> IRCScript {
    var script = IRCScript()
    script.register(caps: caps)
    return script
  }

  private func confirmed(_ events: [IRCEvent]) -> [String] {
    events.compactMap { event in
      if case .echoConfirmed(let id, _, _) = event { return id }
      return nil
    }
  }

  /// Drops the connection and connects again with `caps` (values and all), up to the welcome.
  private func reconnect(_ script: inout IRCScript, caps: String = Self.caps) {
    script.feed(.disconnected(reason: "gone"))
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :\(caps)")
    let names = caps.split(separator: " ").map { $0.split(separator: "=")[0] }
    script.server(":irc.test CAP * ACK :\(names.joined(separator: " "))")
    script.server(":irc.test 001 me :Welcome")
  }

  @Test func theCapabilityIsRequestedAndItsLimitsKept() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :batch draft/multiline=max-bytes=4096,max-lines=24,x=1")
    #expect(script.takeWritten().last == "CAP REQ :batch draft/multiline")
    script.server(":irc.test CAP * ACK :batch draft/multiline")
    #expect(
      script.connection.session.multilineBatches
        == IRCMultilineLimits(maxBytes: 4096, maxLines: 24))
    script.server(":irc.test CAP * DEL :draft/multiline")
    #expect(script.connection.session.multilineBatches == nil)
  }

  @Test func theComposerCanAskWhetherAPasteGoesAsOneBatch() {
    let paste = IRCOutgoing(id: "m", target: "#natter", body: "1\n2\n3\n4\n5\n6")
    var plain = registered(caps: IRCScript.allCaps)
    #expect(plain.connection.multilineLimits == nil)
    #expect(plain.connection.lineCount(of: paste) == 6)
    plain = registered()
    #expect(plain.connection.multilineLimits == IRCMultilineLimits(maxBytes: 4096, maxLines: 24))
  }

  @Test func limitsAreReadWithinBounds() {
    #expect(IRCMultilineLimits(capabilityValue: "max-lines=5") == nil)  // max-bytes is required
    #expect(
      IRCMultilineLimits(capabilityValue: "max-bytes=100")
        == IRCMultilineLimits(maxBytes: 100, maxLines: IRCMultilineLimits.maxLinesBound))
    let huge = IRCMultilineLimits(capabilityValue: "max-bytes=99999999999,max-lines=100000")
    #expect(huge?.maxBytes == IRCMultilineLimits.maxBytesBound)
    #expect(huge?.maxLines == IRCMultilineLimits.maxLinesBound)
    #expect(IRCMultilineLimits(capabilityValue: "max-bytes=-3,max-lines=x") == nil)
  }

  @Test func theSpecsSendingExampleLineForLine() {
    let message = IRCOutgoing(id: "m", target: "#channel", body: "hello\nhow is everyone?")
    let limits = IRCMultilineLimits(maxBytes: 40_000, maxLines: 10)
    let batches = IRCMultilinePlan.batches(
      message, maxBytes: 9 + IRCMultilinePlan.margin, limits: limits)
    #expect(batches == ["hello\nhow is everyone?"])
    #expect(
      IRCMultilinePlan.lines(
        batches?.first ?? "", target: "#channel", reference: "123", tags: [:], maxBytes: 9) == [
          "BATCH +123 draft/multiline #channel",
          "@batch=123 PRIVMSG #channel hello",
          "@batch=123 PRIVMSG #channel :how is ",
          "@batch=123;draft/multiline-concat PRIVMSG #channel everyone?",
          "BATCH -123",
        ])
  }

  @Test func aMultiLineMessageGoesOutAsOneBatchWithItsTagsOnTheOpeningLine() {
    var script = registered()
    script.feed(
      .send(
        IRCOutgoing(
          id: "m1", target: "#natter", body: "one\n\nthree", tags: ["a"], replyTo: "p1",
          replyToSender: "bob")))
    #expect(
      script.takeWritten() == [
        "@+draft/reply=p1;+natter.org/id=m1;+natter.org/tags=a;label=n1 "
          + "BATCH +natter1 draft/multiline #natter",
        "@batch=natter1 PRIVMSG #natter :bob: one",
        "@batch=natter1 PRIVMSG #natter :",
        "@batch=natter1 PRIVMSG #natter :three #a",
        "BATCH -natter1",
      ])
  }

  @Test func blankLinesAtEitherEndAreLeftOutAndOneLineStaysAPrivmsg() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "\n\nonly\n\n")))
    #expect(script.takeWritten() == ["@+natter.org/id=m1;label=n1 PRIVMSG #natter only"])
  }

  @Test func aLongSingleLineGoesAsOneBatchWithContinuations() {
    var script = registered()
    let words = Array(repeating: "word", count: 200).joined(separator: " ")  // 999 bytes
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: words)))
    let lines = script.takeWritten()
    #expect(lines.first?.hasSuffix("BATCH +natter1 draft/multiline #natter") == true)
    let body = lines.dropFirst().dropLast()
    #expect(body.count == 3)
    #expect(body.dropFirst().allSatisfy { $0.hasPrefix("@batch=natter1;draft/multiline-concat ") })
    // Joined as the receiver joins them, the pieces are the line again.
    let texts = body.compactMap { try? IRCMessage(parsing: $0).params.last }
    #expect(texts.joined() == words)
    #expect(texts.dropLast().allSatisfy { $0.hasSuffix(" ") })
  }

  @Test func actionsStayCTCPLines() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "a\nb", isAction: true)))
    #expect(script.takeWritten().allSatisfy { $0.contains("PRIVMSG #natter :\u{1}ACTION") })
  }

  @Test func withoutTheCapabilityLinesGoOutOneByOne() {
    var script = registered(caps: IRCScript.allCaps)
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    #expect(
      script.takeWritten() == [
        "@+natter.org/id=m1;+natter.org/part=1;label=n1 PRIVMSG #natter one",
        "@+natter.org/id=m1;+natter.org/part=2;label=n2 PRIVMSG #natter two",
      ])
  }

  @Test func moreLinesThanABatchTakesGoAsSeveralInOrderPacedAsWholeBatches() {
    var script = registered()
    let body = (1...30).map { "line \($0)" }.joined(separator: "\n")
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: body)))
    let first = script.takeWritten()
    #expect(first.count == 24 + 2)
    #expect(first.first?.contains("+natter.org/part=1") == true)
    #expect(first[first.count - 2] == "@batch=natter1 PRIVMSG #natter :line 24")
    // The batch took 24 lines of a burst of 5: the next waits until that is paid back.
    script.advance(47)
    #expect(script.takeWritten().isEmpty)
    script.advance(1)
    let second = script.takeWritten()
    #expect(second.count == 6 + 2)
    #expect(second.first?.contains("+natter.org/part=2") == true)
    #expect(second.first?.contains("BATCH +natter2 draft/multiline #natter") == true)
    #expect(second[1] == "@batch=natter2 PRIVMSG #natter :line 25")
    #expect(second.last == "BATCH -natter2")
  }

  @Test func maxBytesSplitsBatchesCountingTheLineBreaks() {
    let line = String(repeating: "x", count: 300)
    let message = IRCOutgoing(
      id: "m", target: "#natter",
      body: Array(repeating: line, count: 20).joined(separator: "\n"))
    let batches = IRCMultilinePlan.batches(
      message, maxBytes: 400, limits: IRCMultilineLimits(maxBytes: 4096, maxLines: 24))
    #expect(batches?.map { $0.split(separator: "\n").count } == [13, 7])
    #expect(batches?.allSatisfy { $0.utf8.count <= 4096 } == true)
  }

  @Test func aServerWithTinyBatchesStillGetsEveryBatchWithinItsBytes() {
    let message = IRCOutgoing(id: "m", target: "#natter", body: "a fairly long line\nand more")
    let batches = IRCMultilinePlan.batches(
      message, maxBytes: 400, limits: IRCMultilineLimits(maxBytes: 8, maxLines: 24))
    #expect(batches?.allSatisfy { $0.utf8.count <= 8 } == true)
    #expect(batches?.joined() == "a fairly long lineand more")
  }

  @Test func theEchoedBatchConfirmsByItsLabel() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    _ = script.takeWritten()
    script.server("@label=n1;msgid=x1;time=\(time) :me!u@h BATCH +s1 draft/multiline #natter")
    script.server("@batch=s1 :me!u@h PRIVMSG #natter one")
    #expect(script.takeEvents().isEmpty)
    script.server("@batch=s1 :me!u@h PRIVMSG #natter two")
    script.server("BATCH -s1")
    #expect(
      script.takeEvents() == [
        .echoConfirmed(id: "m1", msgid: "x1", time: IRCServerTime.parse(time))
      ])
    #expect(script.connection.pending.isEmpty)
  }

  @Test func anEchoWrappedInALabelledResponseConfirmsByTheOuterLabel() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    script.feed(.send(IRCOutgoing(id: "m2", target: "#natter", body: "one\ntwo")))
    _ = script.takeWritten()
    // The second's echo first: the same text, so only the label can tell them apart.
    script.server("@label=n2 :irc.test BATCH +lr labeled-response")
    script.server("@batch=lr;msgid=x2 :me!u@h BATCH +s2 draft/multiline #natter")
    script.server("@batch=s2 :me!u@h PRIVMSG #natter one")
    script.server("@batch=s2 :me!u@h PRIVMSG #natter two")
    script.server("BATCH -s2")
    script.server(":irc.test BATCH -lr")
    #expect(confirmed(script.takeEvents()) == ["m2"])
    #expect(script.connection.pending.map(\.message.id) == ["m1"])
    #expect(script.connection.multiline.footprint == 0)
  }

  @Test func withoutLabelsTheEchoedTextConfirms() {
    var script = registered(caps: "message-tags batch echo-message " + Self.multiline)
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    _ = script.takeWritten()
    script.server("@msgid=x1 :me!u@h BATCH +s1 draft/multiline #natter")
    script.server("@batch=s1 :me!u@h PRIVMSG #natter one")
    script.server("@batch=s1 :me!u@h PRIVMSG #natter two")
    script.server("BATCH -s1")
    #expect(confirmed(script.takeEvents()) == ["m1"])
  }

  @Test func theSpecsReceivingExampleIsOneMessage() {
    var script = registered()
    script.server(
      "@msgid=xxx;account=account;time=\(time);+draft/reply=p1;+natter.org/tags=a "
        + ":n!u@h BATCH +123 draft/multiline #natter")
    script.server("@batch=123 :n!u@h PRIVMSG #natter hello")
    script.server("@batch=123 :n!u@h PRIVMSG #natter :how is ")
    script.server("@batch=123;draft/multiline-concat :n!u@h PRIVMSG #natter :everyone? #a")
    #expect(script.takeEvents().isEmpty)
    script.server("BATCH -123")
    let events = script.takeEvents()
    guard events.count == 1, case .message(let message) = events[0] else {
      Issue.record("not one message: \(events)")
      return
    }
    #expect(message.body == "hello\nhow is everyone?")
    #expect(message.tags == ["a"] && message.replyTo == "p1")
    #expect(message.msgid == "xxx" && message.time == IRCServerTime.parse(time))
    #expect(message.sender == "n" && message.conversation == "#natter")
  }

  @Test func aLineForAnotherTargetIsNotPartOfTheBatch() {
    var script = registered()
    script.server(":n!u@h BATCH +1 draft/multiline #natter")
    script.server("@batch=1 :n!u@h PRIVMSG #natter a")
    script.server("@batch=1 :n!u@h PRIVMSG #other b")
    script.server("BATCH -1")
    guard case .message(let message) = script.takeEvents().first else { return }
    #expect(message.body == "a")
  }

  @Test func aMultiLineMessageInHistoryJoinsTheHistory() {
    var script = registered()
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server("@batch=h;msgid=a1 :n!u@h BATCH +m draft/multiline #natter")
    script.server("@batch=m :n!u@h PRIVMSG #natter one")
    script.server("@batch=m :n!u@h PRIVMSG #natter two")
    script.server("BATCH -m")
    script.server("@batch=h;msgid=a2 :n!u@h PRIVMSG #natter three")
    script.server(":irc.test BATCH -h")
    let events = script.takeEvents()
    guard case .history(let target, let messages) = events.last else {
      Issue.record("no history: \(events)")
      return
    }
    #expect(target == "#natter" && messages.map(\.body) == ["one\ntwo", "three"])
    #expect(messages.first?.msgid == "a1")
  }

  @Test func anUnfinishedBatchIsShownAsFarAsItCameWhenTheConnectionEnds() {
    var script = registered()
    script.server(":n!u@h BATCH +1 draft/multiline #natter")
    script.server("@batch=1 :n!u@h PRIVMSG #natter half")
    script.feed(.disconnected(reason: "gone"))
    let bodies = script.takeEvents().compactMap { event -> String? in
      if case .message(let message) = event { return message.body }
      return nil
    }
    #expect(bodies == ["half"])
  }

  @Test func receivedBatchesStayBounded() {
    var script = registered()
    for batch in 0..<50 {
      script.server(":n!u@h BATCH +b\(batch) draft/multiline #natter")
    }
    for line in 0..<1_000 {
      script.server(
        "@batch=b49 :n!u@h PRIVMSG #natter :\(String(repeating: "y", count: 400)) \(line)")
    }
    #expect(
      script.connection.multiline.footprint <= IRCMultilineInbox.maxOpen
        + IRCMultilineInbox.maxLines)
    script.server("BATCH -b49")
    guard case .message(let message) = script.takeEvents().last else { return }
    #expect(message.body.utf8.count <= IRCMultilineInbox.maxBytes)
  }

  @Test func anIgnoredPersonsBatchVanishes() {
    var account = IRCAccount(nick: "me", channels: [IRCAccount.Channel("#natter")])
    account.ignored = ["n!*@*"]
    var script = IRCScript(account: account)
    script.register(caps: Self.caps)
    script.server(":n!u@h BATCH +1 draft/multiline #natter")
    script.server("@batch=1 :n!u@h PRIVMSG #natter a")
    script.server("BATCH -1")
    #expect(script.takeEvents().isEmpty)
  }

  @Test func aRefusedBatchFailsItsMessage() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    _ = script.takeWritten()
    script.server(
      "@label=n1 :irc.test FAIL BATCH MULTILINE_MAX_LINES 24 :Multiline batch max-lines exceeded")
    guard case .messageFailed(let id, let reason) = script.takeEvents().first else {
      Issue.record("not failed")
      return
    }
    #expect(id == "m1" && reason.contains("max-lines exceeded"))
    #expect(script.connection.pending.isEmpty)
  }

  @Test func aBatchCutByADroppedConnectionIsInDoubtAndTheHistorySettlesIt() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    script.feed(.send(IRCOutgoing(id: "m2", target: "#natter", body: "after")))
    _ = script.takeWritten()
    reconnect(&script)
    // Nothing to #natter goes out before its history says what arrived.
    #expect(!script.takeWritten().contains { $0.contains("PRIVMSG") || $0.contains("BATCH") })
    script.server(":me!u@h JOIN #natter")
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server("@batch=h;msgid=x1;+natter.org/id=m1 :me!u@h BATCH +m draft/multiline #natter")
    script.server("@batch=m :me!u@h PRIVMSG #natter one")
    script.server("@batch=m :me!u@h PRIVMSG #natter two")
    script.server("BATCH -m")
    script.server(":irc.test BATCH -h")
    #expect(confirmed(script.takeEvents()).contains("m1"))
    let written = script.takeWritten()
    #expect(!written.contains { $0.contains("natter.org/id=m1") })
    #expect(written.contains { $0.contains("natter.org/id=m2") })
  }

  @Test func aBatchTheHistoryDoesNotShowGoesOutOnceMore() {
    var script = registered()
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo")))
    _ = script.takeWritten()
    reconnect(&script)
    script.server(":me!u@h JOIN #natter")
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server(":irc.test BATCH -h")
    let again = script.takeWritten().filter { $0.contains("BATCH") || $0.contains("PRIVMSG") }
    #expect(again.count == 4 && again.first?.contains("BATCH +natter") == true)
    #expect(again.first?.contains("+natter.org/id=m1") == true)
  }

  @Test func aKeptBatchOnAServerWithoutMultilineIsPlannedAgainAsLines() {
    let entry = IRCOutboxEntry(
      message: IRCOutgoing(id: "m1", target: "#natter", body: "one\ntwo"),
      texts: ["one\ntwo"], batched: true)
    var script = IRCScript(pending: [entry])
    script.register(caps: IRCScript.allCaps)
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server(":irc.test BATCH -h")
    #expect(
      script.takeWritten() == [
        "@+natter.org/id=m1;+natter.org/part=1;label=n1 PRIVMSG #natter one",
        "@+natter.org/id=m1;+natter.org/part=2;label=n2 PRIVMSG #natter two",
      ])
  }

  @Test func aHalfConfirmedBatchedMessageFailsOnAServerWithoutMultiline() {
    let entry = IRCOutboxEntry(
      message: IRCOutgoing(id: "m1", target: "#natter", body: "body"),
      texts: ["a\nb", "c\nd"], confirmedLines: 1, batched: true)
    var script = IRCScript(pending: [entry])
    script.register(caps: IRCScript.allCaps)
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server(":irc.test BATCH -h")
    #expect(
      script.takeEvents().contains { event in
        if case .messageFailed(let id, _) = event { return id == "m1" }
        return false
      })
    #expect(script.takeWritten().isEmpty)
  }
}
