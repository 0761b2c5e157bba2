import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCRegistrationTests {
  private let sasl = IRCAccount(
    nick: "me", channels: [IRCAccount.Channel("#natter")], saslAccount: "acct",
    saslPassword: "secret")

  @Test func opensWithCapLSThenNickAndUser() {
    var script = IRCScript(account: IRCAccount(nick: "me", userName: "meu", realName: "Me Real"))
    script.feed(.connectNow)
    #expect(script.takeEffects().contains(.connect))
    #expect(script.connection.state == .connecting)
    script.feed(.connected)
    #expect(script.takeWritten() == ["CAP LS 302", "NICK me", "USER meu 0 * :Me Real"])
    #expect(script.connection.state == .registering)
  }

  @Test func requestsOnlyWantedCapsAfterTheLastLSLine() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    script.server(":irc.test CAP * LS * :message-tags server-time example.org/unknown")
    #expect(script.takeWritten().isEmpty)
    script.server(":irc.test CAP * LS :echo-message sasl=PLAIN multi-prefix draft/example")
    // No SASL account: sasl is not requested.
    #expect(
      script.takeWritten() == ["CAP REQ :echo-message message-tags multi-prefix server-time"])
    script.server(":irc.test CAP * ACK :echo-message message-tags multi-prefix server-time")
    #expect(script.takeWritten() == ["CAP END"])
    #expect(script.connection.capabilities.contains("echo-message"))
  }

  @Test func malformedCapTokensAreSkipped() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    // Found by the fuzz test: a token that is only a value crashed the split.
    script.server(":irc.test CAP * LS :=x = batch")
    #expect(script.takeWritten() == ["CAP REQ :batch"])
  }

  @Test func nakEndsNegotiationWithoutCaps() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :batch")
    _ = script.takeWritten()
    script.server(":irc.test CAP * NAK :batch")
    #expect(script.takeWritten() == ["CAP END"])
    #expect(script.connection.capabilities.isEmpty)
  }

  @Test func serverWithoutWantedCapsGetsCapEndAtOnce() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    script.server(":irc.test CAP * LS :example.org/unknown")
    #expect(script.takeWritten() == ["CAP END"])
  }

  @Test func saslPlainSignsInThenEndsNegotiation() {
    var script = IRCScript(account: sasl)
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :sasl=PLAIN,EXTERNAL")
    #expect(script.takeWritten().last == "CAP REQ :sasl")
    script.server(":irc.test CAP * ACK :sasl")
    #expect(script.takeWritten() == ["AUTHENTICATE PLAIN"])
    script.server("AUTHENTICATE +")
    let payload = Data("acct\0acct\0secret".utf8).base64EncodedString()
    #expect(script.takeWritten() == ["AUTHENTICATE " + payload])
    script.server(":irc.test 900 me me!u@h acct :You are now logged in as acct")
    script.server(":irc.test 903 me :SASL authentication successful")
    #expect(script.takeWritten() == ["CAP END"])
    script.server(":irc.test 001 me :Welcome")
    #expect(script.connection.state == .ready)
  }

  @Test func saslPayloadGoesIn400ByteChunks() {
    let exact = String(repeating: "A", count: 400)
    #expect(
      IRCRegistration.authenticateLines(exact) == ["AUTHENTICATE " + exact, "AUTHENTICATE +"])
    let longer = String(repeating: "B", count: 401)
    #expect(
      IRCRegistration.authenticateLines(longer) == [
        "AUTHENTICATE " + String(repeating: "B", count: 400), "AUTHENTICATE B",
      ])
    #expect(IRCRegistration.authenticateLines("") == ["AUTHENTICATE +"])
    // A long password, through the connection.
    let account = IRCAccount(
      nick: "me", saslAccount: "acct", saslPassword: String(repeating: "p", count: 600))
    var script = IRCScript(account: account)
    script.feed(.connectNow)
    script.feed(.connected)
    script.server("CAP * LS :sasl")
    script.server("CAP * ACK :sasl")
    _ = script.takeWritten()
    script.server("AUTHENTICATE +")
    let lines = script.takeWritten()
    #expect(lines.count == 3)
    #expect(lines.dropLast().allSatisfy { $0.utf8.count == "AUTHENTICATE ".utf8.count + 400 })
    let joined = lines.map { $0.dropFirst("AUTHENTICATE ".count) }.joined()
    #expect(Data(base64Encoded: joined) == Data(("acct\0acct\0" + account.saslPassword!).utf8))
  }

  @Test func saslFailureIsASentenceAndRegistrationGoesOn() throws {
    var script = IRCScript(account: sasl)
    script.feed(.connectNow)
    script.feed(.connected)
    script.server("CAP * LS :sasl")
    script.server("CAP * ACK :sasl")
    script.server("AUTHENTICATE +")
    _ = script.takeWritten()
    _ = script.takeEvents()
    script.server(":irc.test 908 me EXTERNAL :are available SASL mechanisms")
    script.server(":irc.test 904 me :SASL authentication failed")
    #expect(script.takeWritten() == ["CAP END"])
    guard case .serverError(let error) = try #require(script.takeEvents().first) else {
      Issue.record("no server error")
      return
    }
    #expect(error.code == "904")
    #expect(error.sentence.contains("acct"))
    #expect(error.sentence.contains("EXTERNAL"))
    #expect(error.sentence.contains("SASL authentication failed"))
  }

  @Test func nicknameInUseTriesUnderscores() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    script.server(":irc.test 433 * me :Nickname is already in use")
    #expect(script.takeWritten() == ["NICK me_"])
    script.server(":irc.test 433 * me_ :Nickname is already in use")
    #expect(script.takeWritten() == ["NICK me__"])
    #expect(script.takeEvents().contains(.nickChanged(from: "me_", to: "me__")))
    script.server(":irc.test 001 me__ :Welcome")
    #expect(script.connection.nick == "me__")
    #expect(script.takeEvents().contains(.registered(nick: "me__")))
  }

  @Test func nicknameFallbackStopsAfterItsLimit() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    for _ in 0..<20 { script.server(":irc.test 433 * x :Nickname is already in use") }
    let nicks = script.takeWritten().filter { $0.hasPrefix("NICK me_") }
    #expect(nicks.count == IRCRegistration.maxNickAttempts)
  }

  @Test func welcomeJoinsTheChannelsWithKeysFirst() {
    let account = IRCAccount(
      nick: "me",
      channels: [IRCAccount.Channel("#open"), IRCAccount.Channel("#locked", key: "k1")])
    var script = IRCScript(account: account)
    script.feed(.connectNow)
    script.feed(.connected)
    script.server("CAP * LS :")
    _ = script.takeWritten()
    script.server(":irc.test 001 me :Welcome")
    #expect(script.takeWritten() == ["JOIN #locked,#open k1"])
    #expect(script.states.last == .ready)
  }

  @Test func isupportIsApplied() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 005 me CASEMAPPING=ascii NETWORK=Test LINELEN=1024 :are supported")
    #expect(script.connection.support.casemapping == .ascii)
    #expect(script.connection.support.network == "Test")
    #expect(script.connection.support.lineLength == 1024)
  }

  @Test func disconnectInTheMiddleOfCapStartsOverOnReconnect() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS * :message-tags")
    script.feed(.disconnected(reason: "Connection reset by peer"))
    #expect(script.connection.state.isDisconnected)
    _ = script.takeWritten()
    script.feed(.connectNow)
    script.feed(.connected)
    #expect(script.takeWritten() == ["CAP LS 302", "NICK me", "USER me 0 * me"])
    script.server(":irc.test CAP * LS :echo-message")
    // The first connection's half list is gone: only what this server offers now.
    #expect(script.takeWritten() == ["CAP REQ :echo-message"])
  }

  @Test func disconnectInTheMiddleOfSaslSignsInAgainOnReconnect() {
    var script = IRCScript(account: sasl)
    script.feed(.connectNow)
    script.feed(.connected)
    script.server("CAP * LS :sasl")
    script.server("CAP * ACK :sasl")
    script.feed(.disconnected(reason: nil))
    #expect(script.connection.capabilities.contains("sasl"))  // until the next connection
    script.feed(.connectNow)
    script.feed(.connected)
    #expect(script.connection.capabilities.isEmpty)
    script.server("CAP * LS :sasl")
    script.server("CAP * ACK :sasl")
    _ = script.takeWritten()
    script.server("AUTHENTICATE +")
    #expect(script.takeWritten().count == 1)
    script.server(":irc.test 903 me :SASL authentication successful")
    #expect(script.takeWritten() == ["CAP END"])
  }
}
