import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// mIRC formatting in the history: the plain body is what is searched, the formatted text
/// rides beside it through storing, paging, editing, export and import.
@Suite struct FormattedHistoryTests {
  private static let formatted = "\u{2}bold\u{2} and \u{3}04,12red on blue\u{3} #tag"

  private func message(_ n: Int) -> Message {
    var message = Fixtures.message(n, body: IRCText.stripFormatting(Self.formatted))
    message.formatted = Self.formatted
    return message
  }

  @Test func storedPagedAndSearchedByItsPlainText() throws {
    let store = try MessageStore.inMemory()
    try store.insert(message(1))
    try store.insert(Fixtures.message(2, body: "plain"))
    #expect(try store.message(id: Fixtures.id(1))?.formatted == Self.formatted)
    #expect(try store.message(id: Fixtures.id(2))?.formatted == nil)
    let page = try store.messages(.older, from: nil, limit: 10)
    #expect(page.first { $0.id == Fixtures.id(1) }?.formatted == Self.formatted)
    let found = try store.search(query: "red blue", tags: [], limit: 5)
    #expect(found.map(\.id) == [Fixtures.id(1)])
    #expect(found.first?.formatted == Self.formatted)
    // The codes' digits are no words of the message.
    #expect(try store.search(query: "04", tags: [], limit: 5).isEmpty)
  }

  @Test func anEditReplacesTheFormattedText() throws {
    let store = try MessageStore.inMemory()
    try store.insert(message(1))
    var edited = message(1)
    edited.body = "new words"
    edited.formatted = nil
    edited.edited = true
    try store.replace(edited)
    #expect(try store.message(id: Fixtures.id(1))?.formatted == nil)
  }

  @Test func exportAndImportCarryIt() throws {
    let dir = try TemporaryDirectory()
    let source = try MessageStore.inMemory()
    try source.insert(message(1))
    try source.insert(Fixtures.message(2, body: "plain", secondsAfterBase: 1))
    let first = dir.file("first.jsonl")
    try source.export(to: first)
    let text = String(decoding: try Data(contentsOf: first), as: UTF8.self)
    #expect(
      text.contains(#","formatted":"\u0002bold\u0002 and \u000304,12red on blue\u0003 #tag"}"#))
    // A message without formatting has no key: older files and exports stay as they were.
    #expect(text.split(separator: "\n").filter { $0.contains("formatted") }.count == 1)
    let target = try Fixtures.store(in: dir)
    #expect(try target.import(from: first) == ImportSummary(inserted: 2, skippedDuplicates: 0))
    #expect(try target.message(id: Fixtures.id(1))?.formatted == Self.formatted)
    let second = dir.file("second.jsonl")
    try target.export(to: second)
    #expect(try Data(contentsOf: first) == Data(contentsOf: second))
  }

  @Test func aVersion8HistoryGainsTheColumn() throws {
    let dir = try TemporaryDirectory()
    do {
      let db = try SQLiteConnection(path: dir.databaseURL.path)
      try Schema.migrate(db, upTo: 8)
      try db.execute(
        """
        INSERT INTO messages (id, sender, sent_at, body) VALUES ('m1', 'alice', 1000, 'old');
        INSERT INTO messages_fts (rowid, body) SELECT seq, body FROM messages;
        """)
    }
    let store = try Fixtures.store(in: dir)
    #expect(try store.db.userVersion >= 9)
    let old = try #require(try store.message(id: "m1"))
    #expect(old.body == "old" && old.formatted == nil)
    try store.insert(message(2))
    #expect(try store.message(id: Fixtures.id(2))?.formatted == Self.formatted)
  }
}
