import Foundation
import Testing

@testable import NatterCore

/// A server refusing our `TAGMSG` (typing in a moderated channel, a denied tag): no status
/// line, no pending message failed for it, and our reaction taken back.
@Suite struct IRCTagMessageRefusalTests {
  private func registered(caps: String = IRCScript.allCaps) -> IRCScript {
    var script = IRCScript()
    script.register(caps: caps)
    _ = script.takeEffects()
    return script
  }

  private static func label(of line: String) -> String? {
    guard line.hasPrefix("@") else { return nil }
    let tags = line.dropFirst().prefix { $0 != " " }.split(separator: ";")
    return tags.first { $0.hasPrefix("label=") }.map { String($0.dropFirst("label=".count)) }
  }

  @Test func aLabelledRefusalOfTypingIsNoStatusLineAndFailsNoMessage() throws {
    var script = registered()
    _ = script.feed(.send(IRCOutgoing(id: "p1", target: "#natter", body: "hello")))
    let privmsg = try #require(script.takeWritten().last)
    _ = script.feed(.typing(target: "#natter", .active))
    let typing = try #require(script.takeWritten().last)
    let label = try #require(Self.label(of: typing))
    #expect(typing.hasSuffix("TAGMSG #natter") && label != Self.label(of: privmsg))
    script.server("@label=\(label) :irc.test 404 me #natter :Cannot send to channel")
    #expect(script.takeEvents() == [])
    // The message still waits for its own echo.
    #expect(script.connection.pending.map(\.message.id) == ["p1"])
  }

  @Test func aRefusedReactionIsTakenBackAndAnEchoedOneIsNot() throws {
    var script = registered()
    _ = script.feed(.react(target: "#natter", msgid: "m1", emoji: "👍", remove: false))
    let reacted = try #require(script.takeWritten().last)
    let first = try #require(Self.label(of: reacted))
    script.server("@label=\(first) :irc.test 404 me #natter :Cannot send to channel")
    guard case .reaction(let undone) = script.takeEvents().first else {
      Issue.record("no reaction taken back")
      return
    }
    #expect(undone.removed && undone.isOwn && undone.msgid == "m1" && undone.emoji == "👍")
    // Echoed, the label is answered: a later refusal naming it is nobody's.
    _ = script.feed(.react(target: "#natter", msgid: "m1", emoji: "🎉", remove: false))
    let again = try #require(script.takeWritten().last)
    let second = try #require(Self.label(of: again))
    script.server("@label=\(second);+draft/react=🎉;+draft/reply=m1 :me!u@h TAGMSG #natter")
    _ = script.takeEvents()
    script.server("@label=\(second) :irc.test 404 me #natter :Cannot send to channel")
    #expect(script.takeEvents().contains { if case .serverError = $0 { true } else { false } })
  }

  @Test func withoutLabelsARefusalRightAfterTypingIsOurs() {
    var script = registered(caps: "message-tags echo-message server-time")
    _ = script.feed(.typing(target: "#natter", .active))
    #expect(script.takeWritten() == ["@+typing=active TAGMSG #natter"])
    script.server(":irc.test 404 me #natter :Cannot send to channel")
    #expect(script.takeEvents() == [])
    // Elsewhere, or long after, it is the server's news.
    script.server(":irc.test 404 me #other :Cannot send to channel")
    #expect(script.takeEvents().count == 1)
    _ = script.advance(11)
    script.server(":irc.test 404 me #natter :Cannot send to channel")
    #expect(script.takeEvents().contains { if case .serverError = $0 { true } else { false } })
  }
}
