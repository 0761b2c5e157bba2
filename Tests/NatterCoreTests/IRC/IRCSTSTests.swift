import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCSTSTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func parsesPortAndDuration() {
    #expect(IRCSTSPolicy.parse("port=6697,duration=300") == (6697, 300))
    #expect(IRCSTSPolicy.parse("duration=0,foo=bar") == (nil, 0))
    #expect(IRCSTSPolicy.parse("port=99999,duration=-1") == (nil, nil))
  }

  @Test func aValidPolicyTurnsPlaintextIntoTLSUntilItRunsOut() {
    var policies = IRCSTSPolicies()
    policies.heard(host: "IRC.example", port: 6697, duration: 60, at: now)
    #expect(policies.route(host: "irc.example", port: 6667, tls: false, at: now) == (6697, true))
    #expect(policies.route(host: "irc.example", port: 7000, tls: true, at: now) == (7000, true))
    #expect(policies.route(host: "other.example", port: 6667, tls: false, at: now) == (6667, false))
    #expect(
      policies.route(host: "irc.example", port: 6667, tls: false, at: now + 61) == (6667, false))
    let kept = IRCSTSPolicies(text: policies.text + "garbage line\n")
    #expect(kept == policies)
    policies.heard(host: "irc.example", port: 6697, duration: 0, at: now)
    #expect(policies.byHost.isEmpty)
  }

  @Test func plaintextUpgradesBeforeRegistering() {
    var script = IRCScript()
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    script.server(":irc.test CAP * LS :sts=port=6697,duration=300 server-time")
    // No CAP REQ, no CAP END: the plaintext connection ends unregistered and TLS follows.
    #expect(script.takeWritten().isEmpty)
    #expect(script.takeEvents().contains(.stsUpgrade(port: 6697)))
    let effects = script.takeEffects()
    #expect(effects.contains(.close) && effects.contains(.connect))
    #expect(script.connection.state == .connecting)
  }

  @Test func aPolicyOfferedLaterOnPlaintextEndsTheConnectionForTLSAtOnce() {
    var script = IRCScript()
    script.register(caps: "message-tags server-time cap-notify")
    script.server(":irc.test CAP me NEW :sts=port=6697,duration=300")
    #expect(script.takeWritten().isEmpty, "nothing more in plaintext")
    #expect(script.takeEvents().contains(.stsUpgrade(port: 6697)))
    let effects = script.takeEffects()
    #expect(effects.contains(.close) && effects.contains(.connect))
    #expect(script.connection.state == .connecting)
  }

  @Test func tlsReportsThePolicyAndRegisters() {
    var script = IRCScript()
    script.connection.isSecure = true
    script.feed(.connectNow)
    script.feed(.connected)
    _ = script.takeWritten()
    script.server(":irc.test CAP * LS :sts=port=6697,duration=300 server-time")
    #expect(script.takeWritten() == ["CAP REQ :server-time"])
    #expect(script.takeEvents().contains(.stsPolicy(duration: 300)))
  }
}
