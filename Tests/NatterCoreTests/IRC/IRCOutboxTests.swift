import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCOutboxTests {
  private let hello = IRCOutgoing(id: "m1", target: "#natter", body: "hello", tags: ["a", "b"])
  private let again = IRCOutgoing(id: "m2", target: "#natter", body: "again")

  private func confirmed(_ events: [IRCEvent]) -> [String] {
    events.compactMap { event in
      if case .echoConfirmed(let id, _, _) = event { return id }
      return nil
    }
  }

  @Test func waitsOfflineAndGoesOutInOrderAfterRegistration() {
    var script = IRCScript()
    script.feed(.send(hello))
    script.feed(.send(again))
    #expect(script.takeWritten().isEmpty)
    #expect(script.connection.pending.map(\.message.id) == ["m1", "m2"])
    #expect(
      script.reconnect(caps: "message-tags echo-message") == [
        "@+natter.org/id=m1;+natter.org/tags=a,b PRIVMSG #natter :hello #a #b",
        "@+natter.org/id=m2 PRIVMSG #natter again",
      ])
    #expect(script.connection.pending.count == 2)  // until their echoes come
  }

  @Test func echoByLabelConfirmsWithTheServersMsgidAndTime() {
    var script = IRCScript()
    script.register()
    script.feed(.send(hello))
    let line = script.takeWritten()
    #expect(
      line == ["@+natter.org/id=m1;+natter.org/tags=a,b;label=n1 PRIVMSG #natter :hello #a #b"])
    script.server(
      "@label=n1;msgid=abc;time=2026-11-29T18:55:41.000Z;+natter.org/tags=a,b "
        + ":me!u@h PRIVMSG #natter :hello #a #b")
    let time = IRCServerTime.parse("2026-11-29T18:55:41.000Z")
    #expect(script.takeEvents() == [.echoConfirmed(id: "m1", msgid: "abc", time: time)])
    #expect(script.connection.pending.isEmpty)
  }

  @Test func withoutLabelsTheNextEchoOfTheSameTargetAndTextConfirms() {
    var script = IRCScript()
    script.register(caps: "echo-message")
    script.feed(.send(hello))
    script.feed(.send(again))
    _ = script.takeWritten()
    // Our own line from another client is a message, not a confirmation.
    script.server(":me!u@h PRIVMSG #natter :from my phone")
    guard case .message(let other) = script.takeEvents().first else {
      Issue.record("the other client's line was not a message")
      return
    }
    #expect(other.isOwn && other.body == "from my phone")
    script.server("@msgid=x1 :me!u@h PRIVMSG #Natter :hello #a #b")
    script.server("@msgid=x2 :me!u@h PRIVMSG #natter again")
    #expect(confirmed(script.takeEvents()) == ["m1", "m2"])
  }

  @Test func eachLineIsWrittenOncePerConnection() {
    var script = IRCScript()
    script.register()
    script.feed(.send(hello))
    script.feed(.send(again))
    script.feed(.send(hello))  // the same id again is not a second message
    #expect(script.takeWritten().count == 2)
  }

  @Test func disconnectBetweenSendAndEchoHoldsTheUnconfirmedForTheHistory() {
    var script = IRCScript()
    script.register()
    script.feed(.send(hello))
    script.feed(.send(again))
    _ = script.takeWritten()
    script.server("@label=n1;msgid=x1 :me!u@h PRIVMSG #natter :hello #a #b")
    #expect(confirmed(script.takeEvents()) == ["m1"])
    script.feed(.disconnected(reason: "reset"))
    // `again` may have reached the server: it waits for the channel's history, never re-sent
    // on a guess.
    #expect(script.reconnect(caps: "message-tags echo-message labeled-response batch").isEmpty)
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server("@batch=h;msgid=o1 :bob!u@h PRIVMSG #natter :earlier")
    script.server(":irc.test BATCH -h")
    // Not in it: sent once; labels never repeat, so a stray late echo cannot confirm it.
    #expect(script.takeWritten() == ["@+natter.org/id=m2;label=n3 PRIVMSG #natter again"])
    // A second drop before the echo, and this time the history shows it arrived.
    script.feed(.disconnected(reason: "reset"))
    #expect(script.reconnect(caps: "message-tags echo-message batch").isEmpty)
    script.server(":irc.test BATCH +h2 chathistory #natter")
    script.server("@batch=h2;msgid=x2;+natter.org/id=m2 :me!u@h PRIVMSG #natter again")
    script.server(":irc.test BATCH -h2")
    #expect(confirmed(script.takeEvents()) == ["m2"])
    #expect(script.takeWritten().isEmpty)
    script.feed(.disconnected(reason: "reset"))
    #expect(script.reconnect().isEmpty)
  }

  private func failures(_ events: [IRCEvent]) -> [String: String] {
    var result: [String: String] = [:]
    for case .messageFailed(let id, let reason) in events { result[id] = reason }
    return result
  }

  /// A private message in doubt on a server with no history to ask (InspIRCd 3): failed with
  /// a sentence that says why, never written a second time; what follows it goes once.
  @Test func aPrivateMessageInDoubtWithoutHistoryFailsInsteadOfGoingTwice() {
    let psst = IRCOutgoing(id: "p1", target: "bob", body: "psst")
    let later = IRCOutgoing(id: "p2", target: "bob", body: "later")
    var script = IRCScript()
    script.register()
    script.feed(.send(psst))
    #expect(script.takeWritten().count == 1)
    script.feed(.disconnected(reason: "reset"))
    script.feed(.send(later))  // typed while offline: not in doubt
    let written = script.reconnect(caps: "message-tags echo-message labeled-response")
    #expect(written == ["@+natter.org/id=p2;label=n2 PRIVMSG bob later"])
    let failed = failures(script.takeEvents())
    #expect(failed.keys.sorted() == ["p1"])
    #expect(failed["p1"]?.contains("was not sent again") == true)
    #expect(failed["p1"]?.contains("whether it reached bob") == true)
    #expect(script.connection.pending.map(\.message.id) == ["p2"])
    script.advance(IRCConnection.doubtWait)
    #expect(script.takeWritten().isEmpty)
  }

  /// Where the server keeps private history (IRCv3 `draft/chathistory`), it is asked, and
  /// the answer decides: confirmed when there, sent once when not.
  @Test func aPrivateMessageInDoubtIsCheckedWithChathistory() {
    let psst = IRCOutgoing(id: "p1", target: "bob", body: "psst")
    let other = IRCOutgoing(id: "p3", target: "carol", body: "hi carol")
    var script = IRCScript()
    script.register()
    script.feed(.send(psst))
    script.feed(.send(other))
    _ = script.takeWritten()
    script.feed(.disconnected(reason: "reset"))
    let caps = "message-tags echo-message batch draft/chathistory"
    #expect(script.reconnect(caps: caps).isEmpty)
    let asked = script.takeEffects().compactMap { effect -> String? in
      guard case .write(let line) = effect, line.hasPrefix("CHATHISTORY") else { return nil }
      return line
    }
    #expect(asked == ["CHATHISTORY LATEST bob * 50", "CHATHISTORY LATEST carol * 50"])
    _ = script.takeEvents()
    script.server(":irc.test BATCH +c1 chathistory bob")
    script.server("@batch=c1;msgid=z1;+natter.org/id=p1 :me!u@h PRIVMSG bob psst")
    script.server(":irc.test BATCH -c1")
    script.server(":irc.test BATCH +c2 chathistory carol")
    script.server(":irc.test BATCH -c2")
    #expect(confirmed(script.takeEvents()) == ["p1"])
    #expect(script.takeWritten() == ["@+natter.org/id=p3 PRIVMSG carol :hi carol"])
  }

  @Test func aChannelMessageInDoubtWithNoHistoryComingFailsAfterTheWait() {
    var script = IRCScript()
    script.register()
    script.feed(.send(hello))
    _ = script.takeWritten()
    script.feed(.disconnected(reason: "reset"))
    #expect(script.reconnect().isEmpty)
    #expect(failures(script.takeEvents()).isEmpty)
    script.advance(IRCConnection.doubtWait)
    #expect(failures(script.takeEvents()).keys.sorted() == ["m1"])
    #expect(script.takeWritten().filter { $0.contains("PRIVMSG") }.isEmpty)
  }

  @Test func refusalFailsTheMessageWithTheServersReason() throws {
    var script = IRCScript()
    script.register(caps: "echo-message")
    script.feed(.send(hello))
    script.feed(.send(IRCOutgoing(id: "m3", target: "bob", body: "psst")))
    _ = script.takeEvents()
    script.server(":irc.test 401 me bob :No such nick/channel")
    script.server(":irc.test 404 me #natter :Cannot send to channel (+m)")
    let events = script.takeEvents()
    let failures = events.compactMap { event -> (String, String)? in
      if case .messageFailed(let id, let reason) = event { return (id, reason) }
      return nil
    }
    #expect(failures.map(\.0) == ["m3", "m1"])
    #expect(failures[1].1.contains("#natter") && failures[1].1.contains("Cannot send to channel"))
    #expect(script.connection.pending.isEmpty)
    // The reason is on the failed message only, never a second time as a status line.
    #expect(!events.contains { if case .serverError = $0 { true } else { false } })
    // A refusal that matches no message is still said.
    script.server(":irc.test 404 me #natter :Cannot send to channel (+m)")
    #expect(
      script.takeEvents().contains {
        if case .serverError(let e) = $0 { e.code == "404" } else { false }
      })
  }

  @Test func labeledRefusalFindsItsMessage() {
    var script = IRCScript()
    script.register()
    script.feed(.send(hello))
    script.feed(.send(again))
    script.server("@label=n2 :irc.test 489 me #natter :You need voice")
    let failed = script.takeEvents().compactMap { event -> String? in
      if case .messageFailed(let id, _) = event { return id }
      return nil
    }
    #expect(failed == ["m2"])
  }

  @Test func withoutEchoMessageWritingIsConfirming() {
    var script = IRCScript()
    script.register(caps: "message-tags")
    script.feed(.send(hello))
    #expect(confirmed(script.takeEvents()) == ["m1"])
    #expect(script.connection.pending.isEmpty)
  }

  @Test func multiLineMessagesConfirmLineByLineAndRestartWhereTheyStopped() throws {
    let long = IRCOutgoing(id: "m4", target: "#natter", body: "one\ntwo\nthree")
    var script = IRCScript()
    script.register()
    script.feed(.send(long))
    #expect(script.takeWritten().count == 3)
    script.server("@label=n1;msgid=first :me!u@h PRIVMSG #natter one")
    #expect(script.takeEvents() == [.deliveryProgress(id: "m4", confirmedLines: 1)])

    // The app crashes here; the store kept the outbox as JSON.
    let stored = try JSONEncoder().encode(script.connection.pending)
    let restored = try JSONDecoder().decode([IRCOutboxEntry].self, from: stored)
    var restarted = IRCScript(pending: restored)
    // Lines two and three may have reached the server before the crash: held for the history
    // that would show them; it shows line two (lines from a Natter before part numbers, so
    // counted), so only three goes out, numbered.
    #expect(restarted.reconnect(caps: "message-tags echo-message batch").isEmpty)
    restarted.server(":irc.test BATCH +h chathistory #natter")
    restarted.server("@batch=h;msgid=first;+natter.org/id=m4 :me!u@h PRIVMSG #natter one")
    restarted.server("@batch=h;msgid=second;+natter.org/id=m4 :me!u@h PRIVMSG #natter two")
    restarted.server(":irc.test BATCH -h")
    #expect(
      restarted.takeWritten() == ["@+natter.org/id=m4;+natter.org/part=3 PRIVMSG #natter three"])
    restarted.server(":me!u@h PRIVMSG #natter three")
    #expect(restarted.takeEvents().last == .echoConfirmed(id: "m4", msgid: "first", time: nil))
  }

  @Test func ownLinesInHistoryAreNotEchoes() {
    var script = IRCScript()
    script.register(caps: "echo-message batch")
    script.feed(.send(again))
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server("@batch=h;msgid=old :me!u@h PRIVMSG #natter again")
    script.server(":irc.test BATCH -h")
    #expect(script.connection.pending.map(\.message.id) == ["m2"])
    script.server("@msgid=new :me!u@h PRIVMSG #natter again")
    #expect(script.takeEvents().last == .echoConfirmed(id: "m2", msgid: "new", time: nil))
  }

  @Test func actionsGoOutAsCTCPAndTheirEchoConfirms() {
    var script = IRCScript()
    script.register(caps: "echo-message")
    script.feed(.send(IRCOutgoing(id: "m5", target: "#natter", body: "waves", isAction: true)))
    #expect(script.takeWritten() == ["PRIVMSG #natter :\u{1}ACTION waves\u{1}"])
    script.server(":me!u@h PRIVMSG #natter :\u{1}ACTION waves\u{1}")
    #expect(confirmed(script.takeEvents()) == ["m5"])
  }

  /// The app was killed after writing `hello` and before its echo: the restarted one finds it
  /// in the played-back history by its id tag, confirms it and sends it no second time.
  @Test func aMessageInDoubtThatTheHistoryShowsIsConfirmedNotResent() throws {
    var script = IRCScript()
    script.register()
    script.feed(.send(hello))
    #expect(script.takeWritten().count == 1)
    let restored = try JSONDecoder().decode(
      [IRCOutboxEntry].self, from: try JSONEncoder().encode(script.connection.pending))
    var restarted = IRCScript(pending: restored)
    restarted.feed(.send(again))  // typed after the restart: must not overtake hello
    #expect(restarted.reconnect(caps: "message-tags echo-message batch").isEmpty)
    _ = restarted.takeEvents()
    restarted.server(":irc.test BATCH +h chathistory #natter")
    restarted.server(
      "@batch=h;msgid=x1;+natter.org/id=m1;+natter.org/tags=a,b "
        + ":me!u@h PRIVMSG #natter :hello #a #b")
    restarted.server(":irc.test BATCH -h")
    let events = restarted.takeEvents()
    guard case .echoConfirmed(let id, let msgid, _) = events.first else {
      Issue.record("expected the confirmation first, got \(events)")
      return
    }
    #expect(id == "m1" && msgid == "x1")
    // The history event comes after, so the store already knows msgid x1.
    #expect(events.contains { if case .history = $0 { true } else { false } })
    #expect(restarted.takeWritten() == ["@+natter.org/id=m2 PRIVMSG #natter again"])
  }

  @Test func aMessageInDoubtMissingFromTheHistoryIsSentOnceInOrder() throws {
    var script = IRCScript()
    script.register()
    script.feed(.send(hello))
    let restored = try JSONDecoder().decode(
      [IRCOutboxEntry].self, from: try JSONEncoder().encode(script.connection.pending))
    var restarted = IRCScript(pending: restored)
    restarted.feed(.send(again))
    #expect(restarted.reconnect(caps: "message-tags echo-message batch").isEmpty)
    restarted.server(":irc.test BATCH +h chathistory #natter")
    restarted.server("@batch=h;msgid=o1 :bob!u@h PRIVMSG #natter :earlier")
    restarted.server(":irc.test BATCH -h")
    #expect(
      restarted.takeWritten() == [
        "@+natter.org/id=m1;+natter.org/tags=a,b PRIVMSG #natter :hello #a #b",
        "@+natter.org/id=m2 PRIVMSG #natter again",
      ])
    restarted.advance(IRCConnection.doubtWait)
    #expect(restarted.takeWritten().isEmpty)
  }

  @Test func messagesNeverWrittenAreNotInDoubt() throws {
    var script = IRCScript()
    script.feed(.send(hello))  // offline: stored, never written
    let restored = try JSONDecoder().decode(
      [IRCOutboxEntry].self, from: try JSONEncoder().encode(script.connection.pending))
    var restarted = IRCScript(pending: restored)
    #expect(restarted.reconnect(caps: "echo-message").count == 1)
  }

  /// A server with a longer LINELEN takes a 700-byte message in one line; its echo, as long,
  /// must parse (a fixed 512-byte limit left the message pending for ever).
  @Test func theEchoOfALineAsLongAsLINELENAllowsConfirms() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 005 me LINELEN=1024 :are supported")
    let body = String(repeating: "x", count: 700)
    script.feed(.send(IRCOutgoing(id: "m9", target: "#natter", body: body)))
    let written = script.takeWritten()
    #expect(written.count == 1 && written[0].hasSuffix(" PRIVMSG #natter \(body)"))
    script.server(
      "@label=n1;msgid=long;+natter.org/id=m9 :me!user@127.0.0.1 PRIVMSG #natter :\(body)")
    #expect(script.takeEvents().contains(.echoConfirmed(id: "m9", msgid: "long", time: nil)))
  }
}
