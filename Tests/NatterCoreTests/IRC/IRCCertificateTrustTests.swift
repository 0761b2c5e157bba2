import Testing

@testable import NatterCore

@Suite struct IRCCertificateTrustTests {
  private let first = String(repeating: "ab", count: 32)
  private let second = String(repeating: "cd", count: 32)

  @Test func aPinnedCertificateInAnySpellingIsAccepted() {
    let spelled = IRCCertificateTrust.display(first)
    #expect(spelled.hasPrefix("AB:AB:") && spelled.count == 95)
    #expect(IRCCertificateTrust(fingerprint: spelled, pins: [first]) == .pinned)
  }

  @Test func withNothingPinnedItIsFirstUse() {
    let trust = IRCCertificateTrust(fingerprint: first, pins: [])
    #expect(trust == .firstUse(fingerprint: first))
    #expect(trust.disconnectReason == "The server's certificate is not trusted")
    #expect(trust.banner(host: "irc.test")?.contains(first) == true)
  }

  /// A different certificate from a server with a pin is a change: refused, and the banner
  /// says so, names both fingerprints and warns; it is never the quiet first-use banner.
  @Test func aDifferentCertificateFromAPinnedServerIsAChange() throws {
    let trust = IRCCertificateTrust(fingerprint: second.uppercased(), pins: [first])
    #expect(trust == .changed(pinned: [first], presented: second))
    #expect(trust.disconnectReason == "The server's certificate changed since you trusted it")
    let banner = try #require(trust.banner(host: "irc.test"))
    #expect(banner.hasPrefix("Warning: the certificate of irc.test has changed"))
    #expect(banner.contains(IRCCertificateTrust.display(first)))
    #expect(banner.contains(IRCCertificateTrust.display(second)))
    #expect(banner.contains("did not connect"))
  }

  @Test func pinsArePerServerAndTrustingAChangeReplacesTheOldPin() {
    var settings = Settings()
    settings.pin(IRCCertificateTrust.display(first), server: "irc.test:6697")
    settings.pin(first, server: "irc.test:6697")
    settings.pin(second, server: "other.test:6697")
    #expect(settings.pinnedCertificates["irc.test:6697"] == [first])
    var read = Settings(keyFile: settings.keyFileText)
    #expect(read.pinnedCertificates == settings.pinnedCertificates)
    read.pin(second, server: "irc.test:6697", replacing: true)
    #expect(read.pinnedCertificates["irc.test:6697"] == [second])
    #expect(read.pinnedCertificates["other.test:6697"] == [second])
    var problems: [String] = []
    let bad = Settings(
      keyFile: "[irc]\npinned-certificates=irc.test:6697=abc,=\(first)\n", problems: &problems)
    #expect(bad.pinnedCertificates.isEmpty)
    #expect(problems.count == 2)
  }
}
