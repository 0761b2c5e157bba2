import Foundation
import Testing

@testable import NatterCore

@Suite struct SearchQueryTests {
  private func message(_ body: String, tags: [String] = []) -> Message {
    Message(sender: "a", sentAt: Date(timeIntervalSince1970: 0), body: body, tags: tags)
  }

  @Test func parsesTextAndTagTerms() {
    let query = SearchQuery(parsing: "  hello #Swift world #swift #123 # ")
    #expect(query.textTerms == ["hello", "world", "#123", "#"])
    #expect(query.tagTerms == ["Swift"])
    #expect(!query.isEmpty)
    #expect(SearchQuery(parsing: " \n ").isEmpty)
  }

  @Test func everyTermMustMatch() {
    let query = SearchQuery(parsing: "hello #swift")
    #expect(query.matches(message("Hello there", tags: ["Swift"])))
    #expect(!query.matches(message("Hello there", tags: ["gtk"])))
    #expect(!query.matches(message("bye", tags: ["swift"])))
  }

  @Test func emptyQueryMatchesEverything() {
    #expect(SearchQuery(parsing: "").matches(message("anything")))
  }

  @Test func matchesUnicodeCaseInsensitivelyAcrossNormalisation() {
    #expect(SearchQuery(parsing: "CAFÉ").matches(message("un cafe\u{301} noir")))
    #expect(SearchQuery(parsing: "#cafe\u{301}").matches(message("x", tags: ["Café"])))
    #expect(SearchQuery(parsing: "#日本語 שלום").matches(message("שלום", tags: ["日本語"])))
    #expect(SearchQuery(parsing: "cafe").matches(message("café")), "as the store's index")
    #expect(!SearchQuery(parsing: "afé").matches(message("café")), "word prefixes only")
  }

  @Test func tagTermsMatchWholeTagsOnly() {
    #expect(!SearchQuery(parsing: "#sw").matches(message("x", tags: ["swift"])))
    #expect(!SearchQuery(parsing: "#swift").matches(message("about #swift", tags: [])))
  }
}
