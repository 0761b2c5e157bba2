import Testing

@testable import NatterCore

/// One rule for a nickname, used by `--connect` and by the fallback after `432`.
@Suite struct IRCNicknameTests {
  @Test func aValidFormKeepsWhatANicknameMayHoldAndFitsTheLength() {
    #expect(IRCNickname.valid(from: "3ali ce!") == "alice")
    #expect(IRCNickname.valid(from: "-[bob]_`^{|}") == "[bob]_`^{|}")
    #expect(IRCNickname.valid(from: "élan") == "lan")
    #expect(IRCNickname.valid(from: "123") == "")
    #expect(IRCNickname.valid(from: String(repeating: "a", count: 40)).count == 30)
  }

  @Test func aNicknameIsValidExactlyWhenItIsItsOwnValidForm() {
    for nick in ["alice", "[bob]", "a-1", String(repeating: "a", count: 30)] {
      #expect(IRCNickname.isValid(nick), "\(nick)")
    }
    for nick in ["", "9lives", "-x", "a b", "ünï", String(repeating: "a", count: 31)] {
      #expect(!IRCNickname.isValid(nick), "\(nick)")
    }
  }
}
