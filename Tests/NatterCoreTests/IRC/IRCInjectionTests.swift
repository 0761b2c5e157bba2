import Foundation
import Testing

@testable import NatterCore

/// No text the user types reaches the wire as anything but its own message (issue 25): a line
/// break in a command's argument would end the raw line and make the rest a command of its own.
@Suite struct IRCInjectionTests {
  private func parse(_ text: String) -> SlashCommand.Parsed { SlashCommand.parse(text) }

  @Test(arguments: [
    ("/topic a\nNOTICE other :hi", "/topic"),
    ("/part see you\nrestart beta", "/part"),
    ("/leave now\r\nQUIT", "/leave"),
    ("/nick natty\nPRIVMSG #c :x", "/nick"),
    ("/join #c\nPRIVMSG #c :x", "/join"),
    ("/query bob\nKILL x", "/query"),
    ("/TOPIC a\u{2028}b", "/topic"),
  ])
  func aCommandWhoseArgumentSpansLinesIsRefused(text: String, command: String) {
    #expect(parse(text) == .notice("\(command) takes one line, so nothing was sent."))
  }

  @Test func quoteSendsItsFirstLineOnly() {
    #expect(parse("/quote PRIVMSG #c :one\nPRIVMSG #c :two") == .command(.quote("PRIVMSG #c :one")))
    #expect(parse("/quote\nPRIVMSG #c :two") == .notice("Usage: /quote RAW"))
  }

  @Test func messageTextMayHaveLinesEachSentAsItsOwnMessage() {
    #expect(parse("/me waves\nagain") == .command(.action("waves\nagain")))
    #expect(parse("/msg bob hi\nthere") == .command(.message(to: "bob", text: "hi\nthere")))
    #expect(parse("/msg bob\nhi") == .command(.message(to: "bob", text: "hi")))
    // The nickname is on the first line, or there is none.
    #expect(parse("/msg\nbob hi") == .notice("Usage: /msg nick text"))
    let action = IRCOutgoing(id: "a", target: "#c", body: "waves\nagain", isAction: true)
    #expect(action.texts(maxBytes: 400) == ["\u{1}ACTION waves\u{1}", "\u{1}ACTION again\u{1}"])
  }

  @Test func aNulNeverReachesTheWire() {
    #expect(parse("/nick na\u{0}tty") == .command(.nick("natty")))
    let message = IRCOutgoing(id: "a", target: "#c", body: "a\u{0}b")
    #expect(message.texts(maxBytes: 400) == ["ab"])
  }

  @Test func aSerialisedLineNeverHoldsCRLFOrNul() {
    let hostile = IRCMessage(
      tags: ["+x": "a\u{0}b"], command: "PART", params: ["#c", "bye\r\nRESTART beta\u{0}"])
    let line = hostile.serialized
    #expect(line == "@+x=ab PART #c :byeRESTART beta")
    #expect(!line.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 })
    // An ordinary line is written as it is.
    #expect(
      IRCMessage(command: "PART", params: ["#c", "see you"]).serialized == "PART #c :see you")
  }

  @Test func theCommandsPlanCarriesNoLineBreakEvenWhenAskedDirectly() {
    // CommandPlan is reached only through `parse`, but the line it builds is safe either way.
    let plan = CommandPlan.plan(.topic("a\nNOTICE x :hi"), in: .channel, target: "#c")
    guard case .raw(let message) = plan.first else {
      Issue.record("no raw line planned: \(plan)")
      return
    }
    #expect(message.serialized == "TOPIC #c :aNOTICE x :hi")
  }

  @Test func aPartThroughTheConnectionIsOneLine() {
    var script = IRCScript()
    script.register()
    script.feed(.part(channel: "#natter", reason: "bye\nRESTART beta"))
    #expect(script.takeWritten() == ["PART #natter :byeRESTART beta"])
  }
}

/// A message sent as several PRIVMSGs is one message, line by line, in every history that plays
/// it back (issue 25).
@Suite struct IRCMessagePartsTests {
  private let twoLines = IRCOutgoing(id: "m1", target: "#natter", body: "two\nlines")

  @Test func eachLineOfAMessageOfSeveralCarriesItsPartNumber() {
    var script = IRCScript()
    script.register()
    script.feed(.send(twoLines))
    #expect(
      script.takeWritten() == [
        "@+natter.org/id=m1;+natter.org/part=1;label=n1 PRIVMSG #natter two",
        "@+natter.org/id=m1;+natter.org/part=2;label=n2 PRIVMSG #natter lines",
      ])
    // A message of one line needs no number.
    script.feed(.send(IRCOutgoing(id: "m2", target: "#natter", body: "one")))
    #expect(script.takeWritten() == ["@+natter.org/id=m2;label=n3 PRIVMSG #natter one"])
  }

  @Test func theMsgidOfEveryLaterLineIsReported() {
    var script = IRCScript()
    script.register()
    script.feed(.send(twoLines))
    _ = script.takeWritten()
    script.server("@label=n1;msgid=a1 :me!u@h PRIVMSG #natter two")
    script.server("@label=n2;msgid=a2 :me!u@h PRIVMSG #natter lines")
    let events = script.takeEvents()
    #expect(events.contains(.lineEchoed(id: "m1", msgid: "a2")))
    #expect(!events.contains(.lineEchoed(id: "m1", msgid: "a1")))
    #expect(events.last == .echoConfirmed(id: "m1", msgid: "a1", time: nil))
  }

  @Test func receivedLinesCarryTheSendersIDAndPart() {
    var script = IRCScript()
    script.register()
    script.server("@+natter.org/id=x9;+natter.org/part=2;msgid=b2 :bob!b@h PRIVMSG #natter :lines")
    guard case .message(let incoming) = script.takeEvents().first else {
      Issue.record("no message")
      return
    }
    #expect(incoming.clientID == "x9" && incoming.clientPart == 2)
  }

  @Test func aHistoryShowingOnlyTheFirstPartConfirmsOnlyThatLine() {
    // Written, then the connection dropped before any echo: in doubt, until the history.
    let entry = IRCOutboxEntry(message: twoLines, texts: ["two", "lines"])
    var script = IRCScript(pending: [entry])
    _ = script.reconnect(caps: "message-tags echo-message batch")
    script.server(":irc.test BATCH +h chathistory #natter")
    script.server(
      "@batch=h;+natter.org/id=m1;+natter.org/part=1;msgid=a1 :me!u@h PRIVMSG #natter two")
    script.server(":irc.test BATCH -h")
    // The second line never reached the server: it alone goes out again, once.
    #expect(
      script.takeWritten().filter { $0.contains("PRIVMSG") } == [
        "@+natter.org/id=m1;+natter.org/part=2 PRIVMSG #natter lines"
      ])
    #expect(script.events.contains(.deliveryProgress(id: "m1", confirmedLines: 1)))
  }
}

/// The outbox tells its host when its kept form changed, instead of the host guessing from the
/// lines it writes (issue 26).
@Suite struct IRCOutboxChangedTests {
  @Test func fixingAMessagesLinesIsReportedBeforeTheyAreWritten() {
    var script = IRCScript()
    script.register()
    let effects = script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "a\nb")))
    guard let first = effects.first else {
      Issue.record("nothing happened")
      return
    }
    #expect(first == .outboxChanged)
    #expect(effects.filter { $0 == .outboxChanged }.count == 1)
    #expect(script.connection.pending.first?.texts == ["a", "b"])
    // The echo changes nothing kept but the progress, which has its own event.
    let echo = script.server("@label=n1 :me!u@h PRIVMSG #natter a")
    #expect(!echo.contains(.outboxChanged))
  }

  @Test func aMessageWaitingOfflineIsNotReportedUntilItsLinesAreFixed() {
    var script = IRCScript()
    #expect(
      !script.feed(.send(IRCOutgoing(id: "m1", target: "#natter", body: "x")))
        .contains(.outboxChanged))
    #expect(script.connection.pending.first?.texts == nil)
    let resent = script.reconnect()
    #expect(resent.count == 1)
    #expect(script.effects.contains(.outboxChanged))
  }
}
