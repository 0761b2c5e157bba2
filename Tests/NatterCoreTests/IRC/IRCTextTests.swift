import Testing

@testable import NatterCore

@Suite struct IRCTextTests {
  @Test func validUTF8IsKept() {
    #expect(IRCText.decode(Array("héllo 😀".utf8)) == "héllo 😀")
  }

  @Test func invalidUTF8IsDecodedAsWindows1252() {
    // "café – €5" in Windows-1252: é is 0xE9, the en dash 0x96, the euro sign 0x80.
    let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x80, 0x35]
    #expect(IRCText.decode(bytes) == "café – €5")
    #expect(IRCText.decode([0x93, 0x71, 0x94]) == "\u{201C}q\u{201D}")
    // Unassigned bytes stay C1 controls, which stripFormatting then hides.
    #expect(IRCText.decode([0x81, 0xFF]) == "\u{81}ÿ")
  }

  @Test func stripsEveryToggleCode() {
    let codes = ["\u{2}", "\u{1D}", "\u{1F}", "\u{1E}", "\u{11}", "\u{16}", "\u{F}"]
    for code in codes {
      #expect(IRCText.stripFormatting("a\(code)b\(code)c") == "abc", "\(code.debugDescription)")
    }
  }

  @Test func stripsColoursWithTheirArguments() {
    #expect(IRCText.stripFormatting("\u{3}4red\u{3} plain") == "red plain")
    #expect(IRCText.stripFormatting("\u{3}04,12both\u{3}") == "both")
    #expect(IRCText.stripFormatting("\u{3}123") == "3")  // two digits at most
    #expect(IRCText.stripFormatting("\u{3}4,x") == ",x")  // a comma without a digit stays
    #expect(IRCText.stripFormatting("\u{3},5x") == ",5x")  // no foreground: no background
    #expect(IRCText.stripFormatting("\u{4}FF00aaHex") == "Hex")
    #expect(IRCText.stripFormatting("\u{4}ff0000,00FF00two") == "two")
    #expect(IRCText.stripFormatting("\u{4}reset") == "reset")
  }

  @Test func hidesOtherControlsAndTurnsTabsIntoSpaces() {
    #expect(IRCText.stripFormatting("a\u{7}b\u{7F}c\u{85}d\te") == "abcd e")
    #expect(IRCText.stripFormatting("plain ünïcode 😀") == "plain ünïcode 😀")
  }

  @Test func actionGoesBothWays() throws {
    let body = IRCText.action("waves")
    #expect(body == "\u{1}ACTION waves\u{1}")
    let parsed = try #require(IRCText.ctcp(body))
    #expect(parsed.command == "ACTION" && parsed.argument == "waves")
    #expect(IRCText.ctcp("\u{1}action no closing")?.argument == "no closing")
    #expect(IRCText.ctcp("\u{1}VERSION\u{1}")?.command == "VERSION")
    #expect(IRCText.ctcp("plain") == nil)
  }

  @Test func mentionsAreWholeWordsUnderTheCasemapping() {
    #expect(IRCText.mentions("alice", in: "hi Alice!", casemapping: .ascii))
    #expect(IRCText.mentions("alice", in: "alice: look", casemapping: .ascii))
    #expect(!IRCText.mentions("alice", in: "malice", casemapping: .ascii))
    #expect(!IRCText.mentions("alice", in: "alice_", casemapping: .ascii))
    #expect(IRCText.mentions("a[b]", in: "hey A{B}", casemapping: .rfc1459))
    #expect(!IRCText.mentions("a[b]", in: "hey A{B}", casemapping: .ascii))
  }
}
