import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCConnectionQuitTests {
  private func wakes(_ effects: [IRCEffect]) -> [Date] {
    effects.compactMap { effect in
      if case .wake(let date) = effect { return date }
      return nil
    }
  }

  @Test func quitWhenReadyWritesTheReason() {
    var script = IRCScript()
    script.register()
    script.feed(.quit(reason: "see you"))
    #expect(script.takeWritten() == ["QUIT :see you"])
    #expect(script.connection.state == .ready)  // until the server closes
  }

  @Test func quitWhileRegisteringWritesQuitToo() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    script.feed(.quit(reason: "later"))
    #expect(script.takeWritten() == ["QUIT :later"])
  }

  @Test(arguments: ["", "   ", "\t"])
  func anEmptyReasonIsABareQuit(reason: String) {
    var script = IRCScript()
    script.register()
    script.feed(.quit(reason: reason))
    #expect(script.takeWritten() == ["QUIT"])
  }

  @Test func nothingIsWrittenWhenIdle() {
    var script = IRCScript()
    #expect(script.feed(.quit(reason: "bye")).isEmpty)
    #expect(script.connection.state == .idle)
  }

  @Test func quitWhileDisconnectedWritesNothingAndCancelsTheRetry() {
    var script = IRCScript()
    script.register()
    script.feed(.disconnected(reason: "gone"))
    #expect(script.connection.state.isDisconnected)
    _ = script.takeEffects()
    script.feed(.quit(reason: "bye"))
    #expect(script.takeWritten().isEmpty)
    #expect(script.connection.state == .idle)
    script.advance(3600)
    #expect(!script.takeEffects().contains(.connect))
  }

  @Test func quitWhileConnectingClosesTheSocketAndWritesNothing() {
    var script = IRCScript()
    script.feed(.connectNow)
    let effects = script.feed(.quit(reason: "bye"))
    #expect(effects.contains(.close))
    #expect(script.takeWritten().isEmpty)
    #expect(script.connection.state == .idle)
    #expect(script.feed(.connected).isEmpty)  // a late connect is not taken up
  }

  @Test func theCloseAfterQuitSchedulesNoReconnect() {
    var script = IRCScript()
    script.register()
    script.feed(.quit(reason: "bye"))
    _ = script.takeEffects()
    script.server("ERROR :Closing link: (me@127.0.0.1) [bye]")
    let closed = script.feed(.disconnected(reason: nil))
    #expect(script.connection.state == .idle)
    #expect(wakes(closed).isEmpty)
    script.advance(3600)
    #expect(!script.takeEffects().contains(.connect))
  }

  @Test func aConnectionStartedAfterTheQuitReconnectsAsBefore() {
    var script = IRCScript()
    script.register()
    script.feed(.quit(reason: "bye"))
    script.feed(.disconnected(reason: nil))
    script.register()
    _ = script.takeEffects()
    let lost = script.feed(.disconnected(reason: nil))
    #expect(script.connection.state.isDisconnected)
    #expect(!wakes(lost).isEmpty)
  }

  @Test func aMultiLineReasonIsCutToItsFirstLine() {
    let cases: [(String, String)] = [
      ("bye\r\nPRIVMSG #natter :injected", "QUIT :bye"),
      ("bye\nRESTART", "QUIT :bye"),
      ("bye\rRESTART", "QUIT :bye"),
      ("bye\0RESTART", "QUIT :bye"),
      ("\nRESTART", "QUIT"),
    ]
    for (reason, line) in cases {
      var script = IRCScript()
      script.register()
      script.feed(.quit(reason: reason))
      let written = script.takeWritten()
      #expect(written == [line], "\(reason.debugDescription)")
      #expect(!written.joined().unicodeScalars.contains { "\r\n\0".unicodeScalars.contains($0) })
    }
  }

  @Test func aLongReasonIsCutToFitOneLine() {
    var script = IRCScript()
    script.register()
    script.feed(.quit(reason: String(repeating: "gute Nacht ", count: 100)))
    let written = script.takeWritten()
    #expect(written.count == 1)
    #expect(written.first.map { $0.utf8.count + 2 <= IRCMessage.maxBodyBytes } == true)
    // Cut between words.
    let last = written.first?.split(separator: " ").last.map(String.init)
    #expect(last == "gute" || last == "Nacht")
  }

  @Test func nothingMoreIsWrittenAfterTheQuit() {
    var script = IRCScript()
    script.register()
    script.feed(.quit(reason: "bye"))
    _ = script.takeWritten()
    script.server("PING :still-there")
    script.feed(.command(IRCMessage(command: "TOPIC", params: ["#natter", "late"])))
    script.feed(.join(channel: "#late", key: nil))
    script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "too late")))
    script.feed(.quit(reason: "again"))
    script.advance(IRCLiveness.silence + 1)
    #expect(script.takeWritten().isEmpty)
    // The message waits in the outbox for the next start.
    #expect(script.connection.pending.map(\.message.id) == ["m1"])
  }
}
