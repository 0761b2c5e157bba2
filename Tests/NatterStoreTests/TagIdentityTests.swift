import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// One tag identity everywhere (SPEC §3): the composer's chip dedupe, the store's tag search
/// and the transcript filter agree on which spellings are one tag.
@Suite struct TagIdentityTests {
  /// Spellings in groups; each group is one tag, and no two groups are.
  static let groups: [[String]] = [
    ["Straße", "STRASSE", "strasse"],
    ["Ünï", "ünï", "U\u{308}ni\u{308}", "u\u{308}NI\u{308}"],
    ["İstanbul", "i\u{307}stanbul"],  // Turkish dotted capital I folds to i + combining dot
    ["istanbul", "ISTANBUL"],
    ["ıstanbul"],  // the dotless i is a letter of its own
    ["ΣΟΦΟΣ", "σοφος", "σοφοσ"],  // final sigma is a sigma
    ["Café", "cafe\u{301}", "CAFÉ"],
    ["cafe"],
    ["ǅemal", "ǆemal", "Ǆemal"],  // title-case digraph
    ["日本語"],
    ["swift", "Swift", "SWIFT"],
  ]

  private static var spellings: [String] { groups.flatMap { $0 } }

  private static func sameGroup(_ a: String, _ b: String) -> Bool {
    groups.contains { $0.contains(a) && $0.contains(b) }
  }

  @Test func everySpellingIsAValidHashtag() {
    for spelling in Self.spellings {
      #expect(HashtagScanner.validTag(spelling) != nil, "\(spelling)")
    }
  }

  @Test func composerDedupeMatchesTheGroups() {
    for a in Self.spellings {
      for b in Self.spellings {
        var composer = ComposerController(sender: "me")
        _ = composer.addTag(fromEntry: "#" + a)
        _ = composer.addTag(fromEntry: "#" + b)
        let merged = composer.chips.count == 1
        #expect(merged == Self.sameGroup(a, b), "composer: #\(a) and #\(b)")
      }
    }
  }

  @Test func storeTagSearchMatchesTheGroups() throws {
    let store = try MessageStore.inMemory()
    for (n, spelling) in Self.spellings.enumerated() {
      try store.insert(Fixtures.message(n, tags: [spelling]))
    }
    for b in Self.spellings {
      let found = Set(try store.search(query: "", tags: [b], limit: 100).flatMap(\.tags))
      let expected = Set(Self.spellings.filter { Self.sameGroup($0, b) })
      #expect(found == expected, "store: #\(b)")
    }
  }

  @Test func transcriptFilterMatchesTheGroups() {
    for a in Self.spellings {
      let message = Fixtures.message(1, tags: [a])
      for b in Self.spellings {
        let matched = SearchQuery(parsing: "#" + b).matches(message)
        #expect(matched == Self.sameGroup(a, b), "filter: #\(b) on #\(a)")
      }
    }
  }
}
