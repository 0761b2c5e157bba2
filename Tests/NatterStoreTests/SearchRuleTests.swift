import Foundation
import NatterCore
import SeededRandom
import Testing

@testable import NatterStore

/// One search rule (STYLE 12): the store's full-text search and `SearchQuery.matches` (the
/// transcript's test for a message that arrives while a search is open) find the same messages.
@Suite struct SearchRuleTests {
  static let bodies = [
    "café", "un cafe\u{301} noir", "CAFE", "Afé", "décaféiné", "it's fine", "it is so",
    "a-b", "AND OR NOT", "\"quoted\" text", "NEAR(a b)", "col:value", "x*y", "^start",
    "Straße", "STRASSE", "ΣΟΦΟΣ σοφος", "İstanbul", "ıstanbul", "日本語のテキスト", "emoji 🎉 party",
    "snake_case_name", "C++ and C#", "naïve coöperation", "ǅemal", "ﬁne", "Ⅻ", "x\u{305}y",
    "Ünï", "U\u{308}ni\u{308}", "#swift rocks", "price 12.50€", "ÅNGSTRÖM", "Ørsted",
    "Œuvre", "Ǽ", "über-cool", "", "   ",
  ]

  static let queries = [
    "cafe", "café", "CAFÉ", "afé", "caf", "cafe noir", "noir cafe", "it's", "it", "a-b",
    "AND", "OR", "NOT", "AND OR", "\"quoted\"", "\"", "-", "*", "NEAR(a", "col:value", "x*y",
    "^start", "strasse", "straße", "σοφοσ", "ς", "istanbul", "i̇stanbul", "ı", "日本", "テキスト",
    "snake_case", "case", "c++", "C#", "#swift", "swift", "naive", "cooperation", "dzemal",
    "ǆ", "fine", "ﬁ", "🎉", "x", "y", "uni", "ÜNÏ", "12.5", "€", "angstrom", "orsted", "ørsted",
    "oeuvre", "œ", "æ", "uber", "über cool", "de", "-caf", "caf-", "a b",
  ]

  /// Every query against every body, through the store and through `SearchQuery`, as the
  /// transcript calls each (text terms to the store, tags separately).
  @Test func storeAndTranscriptFindTheSameMessages() throws {
    try compare(bodies: Self.bodies, queries: Self.queries)
  }

  /// Random bodies and queries from letters that fold, separate or combine in odd ways.
  @Test func randomTextsAgree() throws {
    var random = SeededGenerator(seed: 14)
    let alphabet = Array("aAeéE\u{301}\u{308}ßsSΣσς İıi-'\"_ #*:().ﬁæÆ日本0٣½")
    func text(_ length: Int) -> String {
      String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? " " })
    }
    let bodies = (0..<60).map { _ in text(Int.random(in: 0...12, using: &random)) }
    let queries = (0..<80).map { _ in text(Int.random(in: 1...4, using: &random)) }
    try compare(bodies: bodies, queries: queries)
  }

  @Test func diacriticsAndCaseFoldButSubstringsDoNot() throws {
    let cafe = Message(sender: "a", sentAt: Date(), body: "un café noir")
    #expect(SearchQuery(parsing: "cafe").matches(cafe))
    #expect(SearchQuery(parsing: "CAF").matches(cafe))
    #expect(!SearchQuery(parsing: "afé").matches(cafe))
    #expect(
      !SearchQuery(parsing: "noir café").matches(Message(sender: "a", sentAt: Date(), body: "noir"))
    )
  }

  private func compare(bodies: [String], queries: [String]) throws {
    let store = try MessageStore.inMemory()
    var messages: [Message] = []
    for (n, body) in bodies.enumerated() {
      let message = Fixtures.message(n, body: body)
      try store.insert(message)
      messages.append(message)
    }
    for text in queries {
      let query = SearchQuery(parsing: text)
      let stored = try store.search(
        query: query.textTerms.joined(separator: " "), tags: query.tagTerms, limit: 1000)
      let found = Set(stored.map(\.body))
      let matched = Set(messages.filter(query.matches).map(\.body))
      #expect(found == matched, "query \(text.debugDescription)")
    }
  }

  /// The tokenizer table in NatterCore against the SQLite the store links, scalar by scalar:
  /// each is indexed inside `a…a`, and the words SQLite made are compared with
  /// `SearchWords.words(in:)`. A failure names the scalars; regenerate the table with
  /// `meson-helpers/make-search-folding.py`.
  @Test func tokenizerTableMatchesTheIndexScalarByScalar() throws {
    let store = try MessageStore.inMemory()
    let schema =
      try store.db.texts(
        "SELECT sql FROM sqlite_master WHERE name = 'messages_fts'"
      ).first ?? ""
    let tokenizer = try #require(
      schema.firstRange(of: "tokenize = '").map { start in
        schema[start.upperBound...].prefix { $0 != "'" }
      })
    #expect(tokenizer == "unicode61 remove_diacritics 2")
    let db = try SQLiteConnection(path: ":memory:")
    try db.execute(
      """
      CREATE VIRTUAL TABLE t USING fts5 (body, tokenize = '\(tokenizer)');
      CREATE VIRTUAL TABLE v USING fts5vocab (t, 'instance');
      """)
    // Every scalar of the planes that hold scripts (0-3) and of the tags and variation
    // selectors (plane 14); one in 257 of the unassigned and private-use planes, which the
    // tokenizer treats alike. One document per block, each scalar between two `a`s: far
    // faster than a row per scalar, and a scalar still meets only `a`s.
    let values =
      Array(1...0x323AF) + Array(0xE0000...0xE01EF)
      + Array(stride(from: 0x323B0, through: 0x10FFFF, by: 257))
    let scalars = values.compactMap { Unicode.Scalar(UInt32($0)) }
    var differences: [String] = []
    let chunkSize = 65_536
    for start in stride(from: 0, to: scalars.count, by: chunkSize) {
      let chunk = scalars[start..<min(start + chunkSize, scalars.count)]
      var document = String.UnicodeScalarView()
      for scalar in chunk { document.append(contentsOf: ["a", scalar, "a", " "]) }
      let text = String(document)
      try db.execute("DELETE FROM t")
      let insert = try db.prepare("INSERT INTO t (rowid, body) VALUES (1, ?)")
      try insert.bind(1, text)
      try insert.run()
      var indexed: [String] = []
      let read = try db.prepare("SELECT term FROM v ORDER BY offset")
      while try read.step() { indexed.append(read.text(0)) }
      read.reset()
      let words = SearchWords.words(in: text)
      guard !words.elementsEqual(indexed, by: { $0.utf8.elementsEqual($1.utf8) }) else {
        // The store searches with folded words, which the index must fold to themselves.
        #expect(SearchWords.words(in: words.joined(separator: " ")) == words)
        continue
      }
      for scalar in chunk where differences.count < 20 {
        let alone = "a" + String(scalar) + "a"
        try db.execute("DELETE FROM t")
        try insert.bind(1, alone)
        try insert.run()
        let expected = try db.texts("SELECT term FROM v ORDER BY offset")
        let got = SearchWords.words(in: alone)
        if !got.elementsEqual(expected, by: { $0.utf8.elementsEqual($1.utf8) }) {
          differences.append("U+\(String(scalar.value, radix: 16)): \(expected) vs \(got)")
        }
      }
    }
    #expect(differences.isEmpty, "\(differences)")
  }
}
