import Foundation
import Testing

@testable import NatterCore

/// Registration always ends: a refused nickname tries the next candidate, then gives up with a
/// reason that says what to do, and a server that never welcomes us is left after a minute
/// (issue 30).
@Suite struct IRCRegistrationEndsTests {
  private func connecting(nick: String = "me") -> IRCScript {
    var script = IRCScript(account: IRCAccount(nick: nick, channels: []))
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    _ = script.takeEvents()
    return script
  }

  private func signInFailure(_ events: [IRCEvent]) -> String? {
    events.lazy.compactMap { event -> String? in
      if case .signInFailed(let reason) = event { return reason }
      return nil
    }.first
  }

  @Test func anInvalidNicknameTriesItsValidFormThenNatterThenGivesUp() {
    var script = connecting(nick: "3ali ce!")
    script.server(":irc.test 432 * 3ali :Erroneous Nickname")
    #expect(script.takeWritten() == ["NICK alice"])
    let refused = script.takeEvents()
    #expect(
      refused.contains { if case .serverError(let e) = $0 { e.code == "432" } else { false } })
    script.server(":irc.test 432 * alice :Erroneous Nickname")
    #expect(script.takeWritten() == ["NICK natter"])
    script.server(":irc.test 432 * natter :Erroneous Nickname")
    #expect(script.takeWritten().isEmpty)
    let events = script.takeEvents()
    let reason = signInFailure(events)
    #expect(reason?.contains("natter") == true)
    #expect(reason?.contains("Preferences") == true)
    #expect(script.takeEffects().contains(.close))
    #expect(script.connection.state.isDisconnected)
  }

  @Test func aValidNicknameTheServerStillCallsInvalidGoesStraightToNatter() {
    var script = connecting(nick: "alice")
    script.server(":irc.test 432 * alice :Erroneous Nickname")
    #expect(script.takeWritten() == ["NICK natter"])
    script.server(":irc.test 433 * natter :Nickname is already in use")
    #expect(script.takeWritten() == ["NICK natter_"])
    script.server(":irc.test 001 natter_ :Welcome")
    #expect(script.connection.state == .ready)
    #expect(script.connection.nick == "natter_")
  }

  @Test func aNicknameInUseOnTheNetworkOrUnavailableTriesTheNextOne() {
    var script = connecting()
    script.server(":irc.test 436 * me :Nickname collision KILL")
    #expect(script.takeWritten() == ["NICK me_"])
    script.server(":irc.test 437 * me_ :Nick/channel is temporarily unavailable")
    #expect(script.takeWritten() == ["NICK me__"])
    // A channel that is unavailable is not about our nickname.
    script.server(":irc.test 437 * #natter :Nick/channel is temporarily unavailable")
    #expect(script.takeWritten().isEmpty)
    script.server(":irc.test 001 me__ :Welcome")
    #expect(script.connection.nick == "me__")
  }

  @Test func whenEveryCandidateIsTakenTheConnectionEndsAndComesBackLater() {
    var script = connecting()
    for n in 0...IRCRegistration.maxNickAttempts {
      let nick = "me" + String(repeating: "_", count: n)
      script.server(":irc.test 433 * \(nick) :Nickname is already in use")
    }
    let last = "me" + String(repeating: "_", count: IRCRegistration.maxNickAttempts)
    let reason = signInFailure(script.takeEvents())
    #expect(reason?.contains(last) == true)
    #expect(reason?.contains("Nickname is already in use") == true)
    guard case .disconnected(let shown, let retryAt) = script.connection.state else {
      Issue.record("still \(script.connection.state)")
      return
    }
    #expect(shown == reason)
    // Nicknames free up: the usual backoff tries again, from the user's own.
    script.now = retryAt
    script.feed(.tick)
    #expect(script.takeEffects().contains(.connect))
    script.feed(.connected)
    #expect(script.takeWritten().contains("NICK me"))
  }

  @Test func aServerThatNeverWelcomesUsIsLeftAfterAMinute() {
    var script = connecting()
    // It answers pings, so liveness alone would wait for ever.
    script.advance(59)
    script.server("PING :still here")
    #expect(!script.connection.state.isDisconnected)
    script.advance(1)
    let reason = signInFailure(script.takeEvents())
    #expect(reason == "The server did not finish signing in within 60 seconds")
    #expect(script.takeEffects().contains(.close))
    #expect(script.connection.state.isDisconnected)
  }

  @Test func theWaitForAWelcomeIsWokenForAndEndsWithIt() {
    var script = connecting()
    let wakes = script.takeEffects().compactMap { effect -> Date? in
      if case .wake(let at) = effect { return at }
      return nil
    }
    #expect(wakes.contains { $0 <= script.now + IRCRegistration.timeout })
    script.server(":irc.test 001 me :Welcome")
    script.advance(61)
    #expect(script.connection.state == .ready)
    #expect(signInFailure(script.takeEvents()) == nil)
  }

  private func serverErrors(_ events: [IRCEvent]) -> [String] {
    events.compactMap { if case .serverError(let error) = $0 { error.sentence } else { nil } }
  }

  @Test func eachRefusalDuringRegistrationSaysWhyInPlainWords() {
    let cases = [
      (
        "432 * b@d :Erroneous Nickname",
        "b@d is not a valid nickname (the server says: Erroneous Nickname)."
      ),
      (
        "433 * me :Nickname is already in use",
        "The nickname me is already in use (the server says: Nickname is already in use)."
      ),
      (
        "436 * me :Nickname collision KILL",
        "The nickname me is in use elsewhere on the network (the server says: Nickname collision KILL)."
      ),
      (
        "437 * me :Nick/channel is temporarily unavailable",
        "me is unavailable for now (the server says: Nick/channel is temporarily unavailable)."
      ),
      (
        "464 * :Password incorrect",
        "The server password is wrong (the server says: Password incorrect)."
      ),
      (
        "465 * :You are banned from this server: spam",
        "You are banned from this server (the server says: You are banned from this server: spam)."
      ),
    ]
    for (line, sentence) in cases {
      var script = connecting()
      script.server(":irc.test " + line)
      #expect(serverErrors(script.takeEvents()) == [sentence], "\(line)")
    }
  }

  @Test func aBanEndsWithTheServersErrorAsTheReasonAndTheUsualBackoff() {
    var script = connecting()
    script.server(":irc.test 465 * :You are banned from this server")
    script.server("ERROR :Closing link: (me@127.0.0.1) [K-Lined]")
    script.feed(.disconnected(reason: nil))
    guard case .disconnected(let shown, let retryAt) = script.connection.state else {
      Issue.record("still \(script.connection.state)")
      return
    }
    #expect(shown == "The server closed the connection: Closing link: (me@127.0.0.1) [K-Lined]")
    #expect(retryAt > script.now)
  }

  @Test func aServerNoticeBeforeWelcomeGoesToTheNetworkNotAChat() {
    var script = connecting()
    // InspIRCd and most servers greet before 001, from their own name or as `*`.
    script.server(":irc.test NOTICE * :*** Looking up your hostname...")
    script.server(":irc.test NOTICE me :*** Could not resolve your hostname")
    script.server(":irc.test 001 me :Welcome")
    let messages = script.takeEvents().compactMap { event -> IRCIncomingMessage? in
      if case .message(let message) = event { return message }
      return nil
    }
    #expect(messages.count == 2)
    #expect(messages.allSatisfy { $0.isFromServer && $0.conversation.isEmpty })
  }
}
