import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCSendBudgetTests {
  private let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func aBurstThenOneLinePerInterval() {
    var budget = IRCSendBudget(burst: 3, interval: 2)
    var taken: [Bool] = []
    for _ in 0..<5 { taken.append(budget.take(at: start)) }
    #expect(taken == [true, true, true, false, false])
    #expect(budget.nextLine(at: start) == start + 2)
    let early = budget.take(at: start + 1.9)
    let onTime = budget.take(at: start + 2)
    let again = budget.take(at: start + 2)
    #expect(!early && onTime && !again)
    // A long quiet spell refills only up to the burst.
    taken = []
    for _ in 0..<4 { taken.append(budget.take(at: start + 100)) }
    #expect(taken == [true, true, true, false])
  }

  @Test func linesThatGoTogetherWaitForRoomThenLeaveADebt() {
    var budget = IRCSendBudget(burst: 5, interval: 2)
    let small = budget.take(3, at: start)
    #expect(small)
    // Two tokens left: three more wait until there are three.
    let tooSoon = budget.take(3, at: start)
    #expect(!tooSoon && budget.next(lines: 3, at: start) == start + 2)
    // More than a burst waits for a full bucket, then goes whole and is paid back after.
    let big = budget.take(24, at: start + 6)
    #expect(big)
    #expect(budget.nextLine(at: start + 6) == start + 6 + 20 * 2)
    let single = budget.take(at: start + 45)
    #expect(!single)
    let paid = budget.take(at: start + 46)
    #expect(paid)
  }

  @Test func zeroIntervalIsNoLimit() {
    var budget = IRCSendBudget(burst: 1, interval: 0)
    var taken = 0
    for _ in 0..<1000 where budget.take(at: start) { taken += 1 }
    #expect(taken == 1000)
  }

  private func privmsgs(_ effects: [IRCEffect]) -> [String] {
    effects.compactMap { effect in
      guard case .write(let line) = effect, line.contains("PRIVMSG") else { return nil }
      return line
    }
  }

  /// A 12-line paste: the burst goes at once, the rest one per interval on the connection's
  /// own wake-ups, in order, each line once; PONG is never held back.
  @Test func aLongPasteGoesOutAtTheServersPace() {
    var script = IRCScript()
    script.register()
    let body = (1...12).map { "line \($0)" }.joined(separator: "\n")
    let effects = script.feed(.send(IRCOutgoing(id: "paste", target: "#natter", body: body)))
    #expect(privmsgs(effects).count == IRCSendBudget.standard.burst)
    #expect(effects.contains(.wake(at: script.now + IRCSendBudget.standard.interval)))
    script.server("PING :x")
    #expect(script.takeWritten().last == "PONG x")
    var times: [TimeInterval] = []
    var sent = privmsgs(effects)
    while sent.count < 12 {
      let step = script.advance(0.5)
      let lines = privmsgs(step)
      if !lines.isEmpty { times.append(script.now.timeIntervalSince1970) }
      sent += lines
      #expect(times.count < 100)
    }
    let texts = sent.map { $0.components(separatedBy: "PRIVMSG #natter :").last ?? "" }
    #expect(texts == (1...12).map { "line \($0)" })
    // One line every 2 s after the burst.
    #expect(zip(times.dropFirst(), times).allSatisfy { $0 - $1 == 2 })
  }

  @Test func aMessageTypedAfterAPasteWaitsItsTurn() {
    var script = IRCScript()
    script.register()
    let body = (1...7).map { "p\($0)" }.joined(separator: "\n")
    script.feed(.send(IRCOutgoing(id: "paste", target: "#natter", body: body)))
    script.feed(.send(IRCOutgoing(id: "next", target: "bob", body: "after")))
    #expect(script.takeWritten().count == 5)
    script.advance(2)
    script.advance(2)
    #expect(script.takeWritten().map { $0.hasSuffix("p6") || $0.hasSuffix("p7") } == [true, true])
    script.advance(2)
    #expect(script.takeWritten().last?.hasSuffix("PRIVMSG bob after") == true)
  }

  @Test func theSettingsNameAServersPace() {
    var settings = Settings()
    #expect(settings.sendBudget == .standard)
    settings.sendBudget = IRCSendBudget(burst: 20, interval: 0.5)
    let read = Settings(keyFile: settings.keyFileText)
    #expect(read.sendBudget == IRCSendBudget(burst: 20, interval: 0.5))
    var problems: [String] = []
    let bad = Settings(keyFile: "[irc]\nsend-burst=0\nsend-interval=-1\n", problems: &problems)
    #expect(bad.sendBudget == .standard)
    #expect(problems.count == 2)
  }
}
