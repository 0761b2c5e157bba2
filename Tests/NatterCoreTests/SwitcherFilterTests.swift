import NatterCore
import Testing

@Suite("SwitcherFilter")
struct SwitcherFilterTests {
  private let sidebar = ["Notes", "#natter", "#gtk-dev", "alice", "#swift-on-linux", "natasha"]

  private func names(_ query: String) -> [String] {
    SwitcherFilter.filter(sidebar, query: query).map { sidebar[$0] }
  }

  @Test func anEmptyQueryKeepsTheSidebarOrder() {
    #expect(names("") == sidebar)
    #expect(names("  ") == sidebar)
  }

  @Test func lettersMustAppearInOrder() {
    #expect(names("nat") == ["#natter", "natasha"])
    #expect(names("xyz").isEmpty)
    #expect(names("tan").isEmpty, "n before a and t is not in order")
  }

  @Test func prefixesAndWordStartsWin() {
    #expect(names("sol").first == "#swift-on-linux", "s-o-l start its words")
    #expect(names("gd").first == "#gtk-dev")
    #expect(names("a").first == "alice", "a name that starts with the letter first")
  }

  @Test func caseDoesNotMatter() {
    #expect(names("NOTES") == ["Notes"])
  }
}
