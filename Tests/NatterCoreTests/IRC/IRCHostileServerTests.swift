import Foundation
import Testing

@testable import NatterCore

/// What a review of every trap and unbounded growth reachable from a server's lines found
/// (issue 30): each a line a hostile server can send, and what Natter must do with it.
@Suite struct IRCHostileServerTests {
  @Test func aServerThatNeverAskedForBouncerNetworksAddsNone() {
    var script = IRCScript(account: IRCAccount(nick: "alice"))
    script.register(caps: "batch server-time")
    script.server(":irc.example BOUNCER NETWORK n1 name=Anywhere")
    #expect(
      !script.takeEvents().contains {
        if case .bouncerNetworkChanged = $0 { true } else { false }
      })
  }

  @Test func aBouncerAddsNoMoreNetworksOneByOneThanItMayList() throws {
    let bouncer = NetworkAccount(
      url: try IRCServerURL(parsing: "ircs://alice@soju.example/", defaultNick: "x"),
      name: "soju")
    var accounts = [bouncer]
    for n in 0..<(IRCBouncerNetworks.maxNetworks + 10) {
      accounts.applyBouncer(
        .bouncerNetworkChanged(id: "n\(n)", ["name": "Net \(n)"]), of: bouncer.id)
    }
    #expect(accounts.filter { $0.bouncerID == bouncer.id }.count == IRCBouncerNetworks.maxNetworks)
    // A known one still follows its changes.
    let renamed = accounts.applyBouncer(
      .bouncerNetworkChanged(id: "n0", ["name": "Renamed"]), of: bouncer.id)
    #expect(renamed)
  }

  @Test func aSCRAMChallengeSentInPiecesForEverIsStopped() {
    let account = IRCAccount(nick: "me", saslAccount: "user", saslPassword: "pencil")
    var script = IRCScript(account: account)
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :sasl=SCRAM-SHA-256")
    script.server(":irc.test CAP * ACK :sasl")
    script.server("AUTHENTICATE +")
    _ = script.takeWritten()
    let piece = String(repeating: "A", count: IRCRegistration.saslChunk)
    var aborted = false
    for _ in 0..<100 where !aborted {
      script.server("AUTHENTICATE " + piece)
      aborted = script.takeWritten().contains("AUTHENTICATE *")
    }
    #expect(aborted, "a challenge past \(IRCSASL.longestChallenge) bytes ends the exchange")
  }

  @Test func scramRefusesIterationsThatWouldFreezeTheWindow() {
    var scram = IRCSCRAM(user: "user", password: "pencil", clientNonce: "abc")
    let salt = Data("salt".utf8).base64EncodedString()
    #expect(throws: IRCSCRAM.Failure.self) {
      try scram.clientFinal(for: "r=abcdef,s=\(salt),i=1000000")
    }
    #expect(throws: Never.self) { try scram.clientFinal(for: "r=abcdef,s=\(salt),i=4096") }
  }

  @Test func whoisChannelsRepeatedWithoutEndStayBounded() throws {
    var script = IRCScript()
    script.register()
    let channels = (0..<100).map { "#c\($0)" }.joined(separator: " ")
    for _ in 0..<50 { script.server(":irc.test 319 me bob :\(channels)") }
    script.server(":irc.test 318 me bob :End of /WHOIS list.")
    let whois = try #require(
      script.takeEvents().compactMap { event -> IRCWhois? in
        if case .whois(let whois) = event { whois } else { nil }
      }.first)
    #expect(whois.channels.count == IRCServerReplies.maxWhoisChannels)
  }

  @Test func aJoinToANameWithASpaceIsIgnoredAndWritesNothing() {
    var script = IRCScript()
    script.register()
    script.server(":me!u@h JOIN :#a b")
    #expect(script.takeWritten().isEmpty, "no WHO or CHATHISTORY with a split name")
    #expect(!script.takeEvents().contains { if case .joined = $0 { true } else { false } })
  }

  @Test func anEditedPolicyFileWithAHugeExpiryIsWrittenBackWithoutATrap() {
    let policies = IRCSTSPolicies(text: "irc.example 6697 9223372036854775807\n")
    #expect(policies.text == "irc.example 6697 \(IRCSTSPolicies.latestExpiry)\n")
  }
}
