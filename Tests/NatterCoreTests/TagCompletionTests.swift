import Testing

@testable import NatterCore

@Suite struct TagCompletionTests {
  @Test func mostRecentFirstWithCaseInsensitivePrefix() {
    var history = TagCompletion()
    history.record("swift")
    history.record("gtk")
    history.record("Swiftui")
    #expect(history.completions(prefix: "sw") == ["Swiftui", "swift"])
    #expect(history.completions(prefix: "#SW") == ["Swiftui", "swift"])
    #expect(history.completions(prefix: "") == ["Swiftui", "gtk", "swift"])
    #expect(history.completions(prefix: "x") == [])
  }

  @Test func reusingATagMovesItToTheFrontKeepingItsFirstSpelling() {
    var history = TagCompletion(recent: ["b", "Swift"])
    history.record("SWIFT")
    #expect(history.recent == ["Swift", "b"])
  }

  @Test func matchesAcrossNormalisationForms() {
    var history = TagCompletion()
    history.record("Café")
    #expect(history.completions(prefix: "CAFE\u{301}") == ["Café"])
    #expect(history.completions(prefix: "日") == [])
    history.record(["日本語", "#日本"])
    #expect(history.completions(prefix: "日") == ["日本", "日本語"])
  }

  @Test func limitsResultsAndCapacity() {
    var history = TagCompletion(capacity: 3)
    history.record(["a1", "a2", "a3", "a4"])
    #expect(history.recent == ["a4", "a3", "a2"])
    #expect(history.completions(prefix: "a", limit: 2) == ["a4", "a3"])
    history.record("#")
    #expect(history.recent.count == 3)
  }
}
