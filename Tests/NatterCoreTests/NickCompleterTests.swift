import NatterCore
import Testing

@Suite("NickCompleter")
struct NickCompleterTests {
  private let members = ["alice", "Alfred", "bob", "al[ex]", "Zed"]

  @Test func recentSpeakersComeFirstThenTheRestAlphabetically() {
    let found = NickCompleter.candidates(
      prefix: "AL", members: members, recentSpeakers: ["bob", "Alfred", "ghost_left"])
    #expect(found == ["Alfred", "alice", "al[ex]"], "`[` folds to `{`, after the letters")
  }

  @Test func theServersCaseMappingDecides() {
    #expect(
      NickCompleter.candidates(prefix: "al{", members: members, recentSpeakers: []) == ["al[ex]"])
    #expect(
      NickCompleter.candidates(
        prefix: "al{", members: members, recentSpeakers: [], casemapping: .ascii
      ).isEmpty)
  }

  @Test func atTheStartTheNicknameGetsAColon() {
    var completer = NickCompleter()
    let edit = completer.tab(before: "bo", caret: 2, members: members, recentSpeakers: [])
    #expect(edit == .init(offset: 0, length: 2, text: "bob: "))
  }

  @Test func elsewhereItGetsASpaceAndTabCycles() {
    var completer = NickCompleter()
    let text = "thanks al"
    let first = completer.tab(
      before: text, caret: 9, members: members, recentSpeakers: ["alice"])
    #expect(first == .init(offset: 7, length: 2, text: "alice "))
    let second = completer.tab(before: "", caret: 13, members: members, recentSpeakers: ["alice"])
    #expect(second == .init(offset: 7, length: 6, text: "Alfred "))
    let third = completer.tab(before: "", caret: 14, members: members, recentSpeakers: ["alice"])
    #expect(third == .init(offset: 7, length: 7, text: "al[ex] "))
    let again = completer.tab(before: "", caret: 14, members: members, recentSpeakers: ["alice"])
    #expect(again?.text == "alice ", "it wraps around")
    completer.reset()
    #expect(!completer.isCycling)
  }

  @Test func noPrefixNoMatchOrAHashtagLeavesTabAlone() {
    var completer = NickCompleter()
    #expect(completer.tab(before: "hi ", caret: 3, members: members, recentSpeakers: []) == nil)
    #expect(completer.tab(before: "qq", caret: 2, members: members, recentSpeakers: []) == nil)
    #expect(completer.tab(before: "#al", caret: 3, members: members, recentSpeakers: []) == nil)
    #expect(!completer.isCycling)
  }

  @Test func offsetsCountUnicodeScalars() {
    var completer = NickCompleter()
    let edit = completer.tab(
      before: "안녕 dä", caret: 5, members: ["dänemark", "Dora"], recentSpeakers: [])
    #expect(edit == .init(offset: 3, length: 2, text: "dänemark "))
  }

  @Test func aCommandNameAtTheStartCompletesAndCycles() {
    var completer = NickCompleter()
    #expect(completer.wantsTab(before: "/wh", hasMembers: false))
    #expect(!completer.wantsTab(before: "/zz", hasMembers: false))
    #expect(!completer.wantsTab(before: "//wh", hasMembers: false))
    #expect(
      completer.tab(before: "/wh", caret: 3, members: [], recentSpeakers: [])
        == .init(offset: 0, length: 3, text: "/whois "))
    var cycling = NickCompleter()
    let first = cycling.tab(before: "/de", caret: 3, members: [], recentSpeakers: [])
    #expect(first == .init(offset: 0, length: 3, text: "/deop "))
    let second = cycling.tab(before: "/deop ", caret: 6, members: [], recentSpeakers: [])
    #expect(second == .init(offset: 0, length: 6, text: "/devoice "))
  }

  @Test func aSlashWordAfterTheStartIsANicknameWord() {
    var completer = NickCompleter()
    #expect(
      completer.tab(before: "hi /wh", caret: 6, members: ["/whatever"], recentSpeakers: [])
        == .init(offset: 3, length: 3, text: "/whatever "))
  }
}
