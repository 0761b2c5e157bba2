import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCTypingIndicatorTests {
  private let start = Date(timeIntervalSince1970: 1_800_000_000)
  private func at(_ seconds: TimeInterval) -> Date { start + seconds }

  @Test func activeShowsInItsConversationOnly() {
    var indicator = IRCTypingIndicator()
    let changed1 = indicator.heard(nick: "bob", state: .active, in: "#a", at: at(0))
    #expect(changed1)
    #expect(indicator.typing(in: "#a") == ["bob"] && indicator.typing(in: "#b").isEmpty)
    #expect(indicator.typing(in: "#A") == ["bob"])  // the server's case mapping
  }

  @Test func activeExpiresSixSecondsAfterTheLastOne() {
    var indicator = IRCTypingIndicator()
    indicator.heard(nick: "bob", state: .active, in: "#a", at: at(0))
    let changed2 = indicator.heard(nick: "Bob", state: .active, in: "#a", at: at(3))
    #expect(!changed2)
    #expect(indicator.nextExpiry == at(9))
    #expect(indicator.expire(at: at(8.9)).isEmpty)
    #expect(indicator.expire(at: at(9)) == ["#a"])
    #expect(indicator.typing(in: "#a").isEmpty && indicator.nextExpiry == nil)
  }

  @Test func pausedAndDoneHideAtOnce() {
    var indicator = IRCTypingIndicator()
    indicator.heard(nick: "bob", state: .active, in: "#a", at: at(0))
    indicator.heard(nick: "carol", state: .active, in: "#a", at: at(0))
    let changed3 = indicator.heard(nick: "bob", state: .paused, in: "#a", at: at(1))
    #expect(changed3)
    let changed4 = indicator.heard(nick: "carol", state: .done, in: "#a", at: at(1))
    #expect(changed4)
    #expect(indicator.typing(in: "#a").isEmpty)
    let changed5 = indicator.heard(nick: "dave", state: .done, in: "#a", at: at(1))
    #expect(!changed5)
  }

  @Test func aMessageFromThemEndsIt() {
    var indicator = IRCTypingIndicator()
    indicator.heard(nick: "bob", state: .active, in: "#a", at: at(0))
    indicator.heard(nick: "carol", state: .active, in: "#a", at: at(1))
    let changed6 = indicator.messageArrived(from: "BOB", in: "#a")
    #expect(changed6)
    #expect(indicator.typing(in: "#a") == ["carol"])
    let changed7 = indicator.messageArrived(from: "bob", in: "#a")
    #expect(!changed7)
  }

  @Test func theLongestTypingComeFirst() {
    var indicator = IRCTypingIndicator()
    for (index, nick) in ["carol", "bob", "alice"].enumerated() {
      indicator.heard(nick: nick, state: .active, in: "#a", at: at(Double(index)))
    }
    indicator.heard(nick: "carol", state: .active, in: "#a", at: at(5))
    #expect(indicator.typing(in: "#a") == ["carol", "bob", "alice"])
    #expect(indicator.expire(at: at(7.5)) == ["#a"])
    #expect(indicator.typing(in: "#a") == ["carol", "alice"])
  }

  @Test func leavingQuittingAndRenaming() {
    var indicator = IRCTypingIndicator()
    indicator.heard(nick: "bob", state: .active, in: "#a", at: at(0))
    indicator.heard(nick: "bob", state: .active, in: "#b", at: at(0))
    indicator.heard(nick: "carol", state: .active, in: "#b", at: at(0))
    #expect(indicator.renamed(from: "carol", to: "caro") == ["#b"])
    #expect(indicator.typing(in: "#b") == ["bob", "caro"])
    #expect(indicator.left("bob", from: "#b") == ["#b"])
    #expect(indicator.left("bob") == ["#a"])
    #expect(indicator.typing(in: "#a").isEmpty && indicator.typing(in: "#b") == ["caro"])
  }

  @Test func aFloodOfTypersStaysBounded() {
    var indicator = IRCTypingIndicator()
    for conversation in 0..<200 {
      for nick in 0..<100 {
        indicator.heard(nick: "n\(nick)", state: .active, in: "#c\(conversation)", at: at(0))
      }
    }
    #expect(
      indicator.footprint
        <= IRCTypingIndicator.maxConversations * (IRCTypingIndicator.maxTypers + 1))
    #expect(indicator.expire(at: at(6)).count == IRCTypingIndicator.maxConversations)
    #expect(indicator.footprint == 0)
  }

  @Test func theSentenceNamesUpToThreeThenCounts() {
    #expect(IRCTypingIndicator.sentence([]) == nil)
    #expect(IRCTypingIndicator.sentence(["bob"]) == "bob is typing…")
    #expect(IRCTypingIndicator.sentence(["bob", "carol"]) == "bob and carol are typing…")
    #expect(
      IRCTypingIndicator.sentence(["bob", "carol", "dave"]) == "bob, carol and dave are typing…")
    #expect(
      IRCTypingIndicator.sentence(["bob", "carol", "dave", "eve"])
        == "bob, carol and 2 others are typing…")
  }
}
