import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCLivenessTests {
  private func retryDelay(_ script: IRCScript) -> TimeInterval? {
    guard case .disconnected(_, let retryAt) = script.connection.state else { return nil }
    return retryAt.timeIntervalSince(script.now)
  }

  @Test func pingsAfterSixtySecondsOfSilence() {
    var script = IRCScript()
    script.register()
    script.advance(59)
    #expect(script.takeWritten().isEmpty)
    script.server(":alice!a@h PRIVMSG #natter :still here")  // silence starts again
    script.advance(59)
    #expect(script.takeWritten().isEmpty)
    script.advance(1)
    #expect(script.takeWritten().first?.hasPrefix("PING natter-") == true)
  }

  @Test func answersTheServersPing() {
    var script = IRCScript()
    script.register()
    script.server("PING :irc.test")
    #expect(script.takeWritten() == ["PONG irc.test"])
  }

  @Test func asksToBeWokenAtTheNextDeadline() {
    var script = IRCScript()
    script.feed(.connectNow)
    let effects = script.feed(.connected)
    #expect(effects.last == .wake(at: script.now + 60))
    // Registered (an unwelcomed connection ends at 60 s: IRCRegistrationEndsTests), silent
    // for 60 s: a PING, and a wake for its answer.
    var registered = IRCScript()
    registered.register()
    registered.advance(60)
    #expect(registered.takeEffects().last == .wake(at: registered.now + 30))
  }

  @Test func reconnectsWhenThirtySecondsPassWithoutAnAnswer() {
    var script = IRCScript()
    script.register()
    script.advance(60)
    _ = script.takeEffects()
    script.advance(29)
    #expect(script.connection.state == .ready)
    script.advance(1)
    let effects = script.takeEffects()
    #expect(effects.first == .close)
    guard case .disconnected(let reason, _) = script.connection.state else {
      Issue.record("still connected")
      return
    }
    #expect(reason.contains("30 seconds"))
    // A late transport error after the close changes nothing.
    #expect(script.feed(.disconnected(reason: "closed")).isEmpty)
  }

  @Test func pongInTimeKeepsTheConnection() {
    var script = IRCScript()
    script.register()
    script.advance(60)
    script.server(":irc.test PONG irc.test natter-1")
    script.advance(30)
    #expect(script.connection.state == .ready)
  }

  @Test func backoffDoublesFromOneSecondToFiveMinutesWithJitter() {
    var script = IRCScript(seed: 42)
    var delays: [TimeInterval] = []
    script.feed(.connectNow)
    for _ in 0..<12 {
      script.feed(.disconnected(reason: "refused"))
      delays.append(retryDelay(script) ?? -1)
      // The host waits for the wake, ticks, and connects again.
      guard case .wake(let at) = script.takeEffects().last else {
        Issue.record("no wake for the retry")
        return
      }
      script.now = at
      #expect(script.feed(.tick).contains(.connect))
    }
    for (attempt, delay) in delays.enumerated() {
      let step = min(300, pow(2, Double(attempt)))
      #expect(delay >= max(1, step * 0.8) && delay <= min(300, step * 1.2), "\(attempt): \(delay)")
    }
    #expect(delays.suffix(3).allSatisfy { $0 >= 240 && $0 <= 300 })  // capped at 5 min
    #expect(Set(delays.prefix(8)).count == 8)  // jittered, not a fixed table
  }

  @Test func jitterComesFromTheInjectedSource() {
    func firstDelays(seed: UInt64) -> [TimeInterval] {
      var script = IRCScript(seed: seed)
      script.feed(.connectNow)
      return (0..<4).map { _ in
        script.feed(.disconnected(reason: nil))
        let delay = retryDelay(script) ?? -1
        script.feed(.connectNow)
        return delay
      }
    }
    #expect(firstDelays(seed: 7) == firstDelays(seed: 7))
    #expect(firstDelays(seed: 7) != firstDelays(seed: 8))
  }

  @Test func registeringResetsTheBackoff() {
    var script = IRCScript()
    script.feed(.connectNow)
    for _ in 0..<5 {
      script.feed(.disconnected(reason: nil))
      script.feed(.connectNow)
    }
    script.feed(.connected)
    script.server("CAP * LS :")
    script.server(":irc.test 001 me :Welcome")
    script.feed(.disconnected(reason: nil))
    #expect((retryDelay(script) ?? 99) <= 1.2)
  }

  @Test func reconnectNowSkipsTheWait() {
    var script = IRCScript()
    script.register()
    script.feed(.disconnected(reason: nil))
    _ = script.takeEffects()
    #expect(script.feed(.connectNow).contains(.connect))
    #expect(script.connection.state == .connecting)
  }
}
