import Testing

@testable import NatterCore

@Suite struct IRCSupportTests {
  @Test func readsTheTokensNatterUses() {
    var support = IRCSupport()
    support.apply([
      "CHANTYPES=#", "PREFIX=(qaohv)~&@%+", "NICKLEN=30", "LINELEN=2048", "CASEMAPPING=ascii",
      "NETWORK=Example", "EXCEPTS",
    ])
    #expect(support.channelTypes == "#")
    #expect(support.prefixModes == "qaohv" && support.prefixSymbols == "~&@%+")
    #expect(support.nickLength == 30)
    #expect(support.lineLength == 2048)
    #expect(support.casemapping == .ascii)
    #expect(support.network == "Example")
    #expect(support.isChannel("#natter") && !support.isChannel("&local"))
  }

  @Test func negatedTokensRestoreDefaults() {
    var support = IRCSupport()
    support.apply(["CASEMAPPING=ascii", "NETWORK=X", "LINELEN=100"])
    #expect(support.lineLength == 512)  // never below 512
    support.apply(["-CASEMAPPING", "-NETWORK"])
    #expect(support.casemapping == .rfc1459 && support.network == nil)
  }

  @Test func membersKeepEveryPrefix() {
    var support = IRCSupport()
    support.apply(["PREFIX=(qaohv)~&@%+"])
    #expect(support.splitMember("@+alice") == IRCMember(nick: "alice", prefixes: "@+"))
    #expect(support.splitMember("bob!b@host") == IRCMember(nick: "bob"))
  }

  @Test func casemappingsFoldTheirOwnCharacters() {
    #expect(IRCCasemapping.rfc1459.fold("Nick[]\\~") == "nick{}|^")
    #expect(IRCCasemapping.strictRFC1459.fold("Nick[]\\~") == "nick{}|~")
    #expect(IRCCasemapping.ascii.fold("Nick[]\\~") == "nick[]\\~")
    #expect(IRCCasemapping.ascii.fold("ÉCOLE") == "École")
    #expect(IRCCasemapping(named: "unknown-mapping") == .rfc1459)
    #expect(IRCCasemapping.rfc1459.equal("#Natter", "#nATTER"))
  }
}
