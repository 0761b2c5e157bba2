import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCConnectionTests {
  private func message(_ script: inout IRCScript, _ line: String) -> IRCIncomingMessage? {
    script.server(line)
    for event in script.takeEvents() {
      if case .message(let message) = event { return message }
    }
    return nil
  }

  @Test func walksThroughEveryStateInOrder() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    script.server("CAP * LS :")
    script.server(":irc.test 001 me :Welcome")
    script.server("ERROR :Closing link (Ping timeout)")
    script.feed(.disconnected(reason: nil))
    let states = script.states
    #expect(states.count == 4)
    #expect(Array(states.prefix(3)) == [.connecting, .registering, .ready])
    guard case .disconnected(let reason, let retryAt) = states.last else {
      Issue.record("not disconnected")
      return
    }
    #expect(reason == "The server closed the connection: Closing link (Ping timeout)")
    #expect(retryAt > script.now)
  }

  @Test func linesBeforeConnectingOrAfterDroppingAreIgnored() {
    var script = IRCScript()
    #expect(script.server("PING :x").isEmpty)
    #expect(script.feed(.connected).isEmpty)  // not connecting
    script.register()
    script.feed(.disconnected(reason: nil))
    #expect(script.server("PING :x").isEmpty)
  }

  @Test func badLinesAreReportedForTheLogAndSkipped() {
    var script = IRCScript()
    script.register()
    script.server("@only=tags")
    script.server(":irc.test")
    #expect(
      script.takeEvents() == [
        .skippedLine("@only=tags", .onlyTags), .skippedLine(":irc.test", .missingCommand),
      ])
    #expect(script.connection.state == .ready)
  }

  @Test func capabilitiesComeAndGoAfterRegistration() {
    var script = IRCScript()
    script.register(caps: "message-tags")
    script.server(":irc.test CAP me NEW :echo-message draft/example")
    #expect(script.takeWritten() == ["CAP REQ :echo-message"])
    script.server(":irc.test CAP me ACK :echo-message")
    #expect(script.takeWritten().isEmpty)  // no second CAP END
    #expect(script.connection.capabilities == ["message-tags", "echo-message"])
    script.server(":irc.test CAP me DEL :message-tags")
    #expect(script.connection.capabilities == ["echo-message"])
  }

  @Test func channelMessageCarriesTagsTimeAndMsgid() throws {
    var script = IRCScript()
    script.register()
    let received = try #require(
      message(
        &script,
        "@msgid=z9;time=2026-11-29T18:55:41.000Z;+natter.org/tags=swift "
          + ":alice!a@h PRIVMSG #natter :\u{2}bold\u{2} news #swift"))
    #expect(received.conversation == "#natter")
    #expect(received.sender == "alice")
    #expect(received.body == "bold news")
    #expect(received.tags == ["swift"])
    #expect(received.msgid == "z9")
    #expect(received.time == IRCServerTime.parse("2026-11-29T18:55:41.000Z"))
    #expect(!received.isOwn && !received.mentionsMe)
  }

  @Test func otherClientsHashtagsBecomeTags() throws {
    var script = IRCScript()
    script.register()
    let received = try #require(message(&script, ":bob!b@h PRIVMSG #natter :about #Rust"))
    #expect(received.body == "about #Rust" && received.tags == ["Rust"])
  }

  @Test func privateMessagesLiveUnderTheOtherNick() throws {
    var script = IRCScript()
    script.register()
    let received = try #require(message(&script, ":bob!b@h PRIVMSG me :hi there"))
    #expect(received.conversation == "bob")
    let own = try #require(message(&script, ":me!u@h PRIVMSG bob :sent elsewhere"))
    #expect(own.conversation == "bob" && own.isOwn)
  }

  @Test func actionsAndMentions() throws {
    var script = IRCScript()
    script.register()
    let action = try #require(
      message(&script, ":bob!b@h PRIVMSG #natter :\u{1}ACTION waves at ME\u{1}"))
    #expect(action.isAction && action.body == "waves at ME" && action.mentionsMe)
    #expect(message(&script, ":bob!b@h PRIVMSG #natter :\u{1}VERSION\u{1}") == nil)
    let notice = try #require(message(&script, ":bob!b@h NOTICE #natter :note"))
    #expect(notice.isNotice)
  }

  @Test func formattingIsKeptBesideThePlainBody() throws {
    var script = IRCScript()
    script.register()
    let bold = try #require(
      message(&script, ":bob!b@h PRIVMSG #natter :\u{2}hi\u{2} \u{3}4ME\u{3}"))
    #expect(bold.body == "hi ME" && bold.mentionsMe)
    #expect(bold.formatted == "\u{2}hi\u{2} \u{3}4ME\u{3}")
    // An action keeps the formatting of its text, without the CTCP wrapping.
    let action = try #require(
      message(&script, ":bob!b@h PRIVMSG #natter :\u{1}ACTION \u{1D}waves\u{1D}\u{1}"))
    #expect(action.body == "waves" && action.formatted == "\u{1D}waves\u{1D}")
    // The tag suffix leaves the formatted text as it leaves the body.
    let tagged = try #require(
      message(&script, "@+natter.org/tags=a :bob!b@h PRIVMSG #natter :\u{2}x\u{2} y #a"))
    #expect(tagged.body == "x y" && tagged.formatted == "\u{2}x\u{2} y")
    let plain = try #require(message(&script, ":bob!b@h PRIVMSG #natter :plain"))
    #expect(plain.formatted == nil)
  }

  @Test func numericErrorsBecomeSentencesWithTheServersText() {
    var script = IRCScript()
    script.register()
    let cases: [(String, String)] = [
      ("474 me #c :Cannot join channel (+b)", "You are banned from #c"),
      ("473 me #c :Cannot join channel (+i)", "#c is invite-only"),
      ("477 me #c :You need to be identified", "#c needs a registered nickname"),
      ("471 me #c :Cannot join channel (+l)", "#c is full"),
      ("475 me #c :Cannot join channel (+k)", "#c needs the right key to join"),
      ("433 me taken :Nickname is already in use", "The nickname taken is already in use"),
      ("404 me #c :Cannot send to channel", "Your message could not be sent to #c"),
      ("489 me #c :Cannot send to channel (+z)", "Your message could not be sent to #c"),
      ("499 me #c :Something new", "The server refused the request for #c"),
    ]
    for (line, plain) in cases {
      script.server(":irc.test " + line)
      let serverText = String(line.split(separator: ":", maxSplits: 1)[1])
      let errors = script.takeEvents().compactMap { event -> IRCServerError? in
        if case .serverError(let error) = event { return error }
        return nil
      }
      #expect(errors.count == 1, "\(line)")
      #expect(errors.first?.sentence == "\(plain) (the server says: \(serverText)).")
    }
  }

  @Test func saslSecretsAreNotLogged() {
    #expect(
      IRCEffect.write("AUTHENTICATE c2VjcmV0").logDescription == "write(AUTHENTICATE <hidden>)")
    #expect(IRCEffect.write("AUTHENTICATE PLAIN").logDescription.contains("PLAIN"))
    let account = IRCAccount(nick: "me", saslAccount: "a", saslPassword: "hunter2")
    #expect(!account.description.contains("hunter2"))
  }

  @Test func commandsGoOutOnlyWhenReady() {
    var script = IRCScript()
    #expect(script.feed(.command(IRCMessage(command: "NICK", params: ["x"]))).isEmpty)
    script.register()
    script.feed(.command(IRCMessage(command: "TOPIC", params: ["#natter", "new topic"])))
    script.feed(.part(channel: "#natter", reason: "bye"))
    #expect(script.takeWritten() == ["TOPIC #natter :new topic", "PART #natter bye"])
  }
}
