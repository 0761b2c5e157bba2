import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCTypingPacerTests {
  private let start = Date(timeIntervalSince1970: 1_800_000_000)
  private func at(_ seconds: TimeInterval) -> Date { start + seconds }

  @Test func theFirstEditSaysActive() {
    var pacer = IRCTypingPacer()
    #expect(pacer.edited(target: "#a", text: "h", at: at(0)) == [IRCTypingNotice("#a", .active)])
  }

  @Test func activeGoesAgainAtMostEveryThreeSeconds() {
    var pacer = IRCTypingPacer()
    _ = pacer.edited(target: "#a", text: "h", at: at(0))
    #expect(pacer.edited(target: "#a", text: "he", at: at(1)).isEmpty)
    #expect(pacer.edited(target: "#a", text: "hel", at: at(2.9)).isEmpty)
    #expect(
      pacer.edited(target: "#a", text: "hell", at: at(3)) == [IRCTypingNotice("#a", .active)])
    #expect(pacer.edited(target: "#a", text: "hello", at: at(5.9)).isEmpty)
    #expect(
      pacer.edited(target: "#a", text: "hello!", at: at(6)) == [IRCTypingNotice("#a", .active)])
  }

  @Test func pausedAfterFiveSecondsWithoutAnEditAndOnlyOnce() {
    var pacer = IRCTypingPacer()
    _ = pacer.edited(target: "#a", text: "h", at: at(0))
    _ = pacer.edited(target: "#a", text: "hi", at: at(2))
    #expect(pacer.nextWake == at(7))
    #expect(pacer.tick(at: at(6.9)).isEmpty)
    #expect(pacer.tick(at: at(7)) == [IRCTypingNotice("#a", .paused)])
    #expect(pacer.tick(at: at(20)).isEmpty)
    #expect(pacer.nextWake == nil)
  }

  @Test func anEditAfterPausedIsActiveAtOnce() {
    var pacer = IRCTypingPacer()
    _ = pacer.edited(target: "#a", text: "h", at: at(0))
    _ = pacer.tick(at: at(5))
    // Under 3 s since the last active would not matter: the state changed.
    #expect(
      pacer.edited(target: "#a", text: "hi", at: at(5.5)) == [IRCTypingNotice("#a", .active)])
  }

  @Test func sendingSaysDoneOnceAndNothingWhenNothingWasSaid() {
    var pacer = IRCTypingPacer()
    #expect(pacer.sent(target: "#a").isEmpty)
    _ = pacer.edited(target: "#a", text: "hi", at: at(0))
    #expect(pacer.sent(target: "#a") == [IRCTypingNotice("#a", .done)])
    #expect(pacer.sent(target: "#a").isEmpty)
    #expect(pacer.nextWake == nil)
  }

  @Test func clearingTheTextSaysDone() {
    var pacer = IRCTypingPacer()
    _ = pacer.edited(target: "#a", text: "hi", at: at(0))
    _ = pacer.tick(at: at(5))
    #expect(pacer.edited(target: "#a", text: "", at: at(6)) == [IRCTypingNotice("#a", .done)])
    #expect(pacer.edited(target: "#a", text: "", at: at(7)).isEmpty)
  }

  @Test func slashCommandsAreNeverAnnouncedButDoubleSlashIsText() {
    var pacer = IRCTypingPacer()
    #expect(pacer.edited(target: "#a", text: "/", at: at(0)).isEmpty)
    #expect(pacer.edited(target: "#a", text: "/join #b", at: at(1)).isEmpty)
    #expect(pacer.tick(at: at(10)).isEmpty)
    #expect(
      pacer.edited(target: "#a", text: "//etc", at: at(11)) == [IRCTypingNotice("#a", .active)])
    // Text that becomes a command is no longer typing.
    #expect(pacer.edited(target: "#a", text: "/etc", at: at(12)) == [IRCTypingNotice("#a", .done)])
  }

  @Test func typingElsewhereEndsTheOldConversation() {
    var pacer = IRCTypingPacer()
    _ = pacer.edited(target: "#a", text: "hi", at: at(0))
    #expect(
      pacer.edited(target: "bob", text: "y", at: at(1)) == [
        IRCTypingNotice("#a", .done), IRCTypingNotice("bob", .active),
      ])
    #expect(pacer.tick(at: at(6)) == [IRCTypingNotice("bob", .paused)])
  }

  @Test func switchingConversationEndsTheOldOneWithoutStartingTheNew() {
    var pacer = IRCTypingPacer()
    _ = pacer.edited(target: "#a", text: "hi", at: at(0))
    #expect(pacer.switched(to: "#b") == [IRCTypingNotice("#a", .done)])
    #expect(pacer.switched(to: "#a").isEmpty)
    _ = pacer.edited(target: "#a", text: "hi", at: at(1))
    #expect(pacer.switched(to: "#a").isEmpty)
    #expect(pacer.switched(to: nil) == [IRCTypingNotice("#a", .done)])
  }

  @Test func aResetForgetsWhatTheOldConnectionHeard() {
    var pacer = IRCTypingPacer()
    _ = pacer.edited(target: "#a", text: "hi", at: at(0))
    pacer.reset()
    #expect(pacer.nextWake == nil && pacer.sent(target: "#a").isEmpty)
    #expect(pacer.edited(target: "#a", text: "hi!", at: at(1)) == [IRCTypingNotice("#a", .active)])
  }
}
