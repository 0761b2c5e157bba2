import Foundation
import NatterCore
import Testing

@testable import NatterStore

@Suite struct MessageStoreTests {
  @Test func insertedMessageReadsBackIdentically() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    var message = Fixtures.message(1, body: "héllo\u{0}world\n\"quoted\"", tags: ["Swift", "gtk"])
    message.delivery = .pending
    try store.insert(message)
    #expect(try store.message(id: message.id) == message)
    #expect(try store.count() == 1)
  }

  @Test func insertIsDurableAcrossReopen() throws {
    let dir = try TemporaryDirectory()
    let message = Fixtures.message(1, tags: ["a"])
    do {
      let store = try Fixtures.store(in: dir)
      try store.insert(message)
    }
    let reopened = try Fixtures.store(in: dir)
    #expect(try reopened.message(id: message.id) == message)
  }

  @Test func duplicateIdIsRefused() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1))
    #expect(throws: StoreError.duplicateID(Fixtures.id(1))) {
      try store.insert(Fixtures.message(1))
    }
    #expect(try store.count() == 1)
  }

  @Test func replaceEditsBodyAndTags() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1, body: "old words", tags: ["old"]))
    var edited = Fixtures.message(1, body: "new words", tags: ["New", "more"])
    edited.edited = true
    try store.replace(edited)
    #expect(try store.message(id: edited.id) == edited)
    #expect(try store.count() == 1)
    #expect(try store.search(query: "old", tags: [], limit: 10).isEmpty)
    #expect(try store.search(query: "", tags: ["old"], limit: 10).isEmpty)
    #expect(try store.search(query: "new", tags: ["new"], limit: 10).map(\.id) == [edited.id])
  }

  @Test func fullTextIndexStaysInStepWithInsertsEditsAndImports() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    for n in 0..<20 { try store.insert(Fixtures.message(n, body: "word\(n) common")) }
    try store.replace(Fixtures.message(3, body: "changed text"))
    let file = dir.file("in.jsonl")
    try Fixtures.write(
      #"{"id":"imp","sender":"x","sent_at":"2026-11-29T18:55:41Z","body":"imported common"}"#,
      to: file)
    _ = try store.import(from: file)
    // FTS5 compares its index with the content table and fails with SQLITE_CORRUPT_VTAB if not.
    try store.db.execute("INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')")
    #expect(try store.search(query: "common", tags: [], limit: 100).count == 20)
    #expect(try store.search(query: "word3", tags: [], limit: 100).isEmpty)
  }

  @Test func replaceOfUnknownIdThrowsNotFound() throws {
    let store = try MessageStore.inMemory()
    #expect(throws: StoreError.notFound(id: Fixtures.id(9))) {
      try store.replace(Fixtures.message(9))
    }
  }

  @Test func lastOwnMessageIsTheNewestFromThatSender() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1, sender: "me"))
    try store.insert(Fixtures.message(3, sender: "me"))
    try store.insert(Fixtures.message(2, sender: "me"))
    try store.insert(Fixtures.message(4, sender: "you"))
    #expect(try store.lastOwnMessage(sender: "me")?.id == Fixtures.id(3))
    #expect(try store.lastOwnMessage(sender: "nobody") == nil)
  }

  @Test func lastOwnMessageIsThatOfTheConversationUpEdits() throws {
    // Up in Notes edits the last note, never a later IRC message under the same name (issue 26).
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1, sender: "me"))
    var irc = Fixtures.message(2, sender: "me")
    irc.conversation = "irc://irc.test/#natter"
    try store.insertReceived([irc])
    #expect(try store.lastOwnMessage(sender: "me")?.id == Fixtures.id(1))
    #expect(try store.lastOwnMessage(sender: "me", in: irc.conversation)?.id == Fixtures.id(2))
  }

  @Test func draftRoundTripsAndClears() throws {
    let dir = try TemporaryDirectory()
    do {
      let store = try Fixtures.store(in: dir)
      #expect(try store.loadDraft() == nil)
      try store.saveDraft(StoredDraft(text: "first", chips: []))
      try store.saveDraft(StoredDraft(text: "half-typed\nline \"two\"", chips: ["Swift", "ünï"]))
    }
    let store = try Fixtures.store(in: dir)
    #expect(
      try store.loadDraft()
        == StoredDraft(text: "half-typed\nline \"two\"", chips: ["Swift", "ünï"]))
    try store.clearDraft()
    #expect(try store.loadDraft() == nil)
  }

  /// Received messages are indexed for search together, after the transaction's rows: every
  /// one stored is found, and a copy skipped among them is not indexed.
  @Test func aSliceOfReceivedMessagesIsSearchableOnceEach() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1, body: "earlier flood word"))
    var copy = Fixtures.message(2, body: "flood 2")
    copy.msgid = "dup"
    try store.insertReceived([copy])
    var slice = (3...6).map { Fixtures.message($0, body: "flood \($0)") }
    var again = Fixtures.message(7, body: "flood 2")
    again.msgid = "dup"
    slice.insert(again, at: 2)
    let stored = try store.insertReceived(slice)
    #expect(stored.map(\.id) == (3...6).map(Fixtures.id))
    #expect(try store.search(query: "flood", tags: [], limit: 100).count == 6)
    #expect(try store.search(query: "5", tags: [], limit: 100).map(\.id) == [Fixtures.id(5)])
    // The index's own count of the word, one for each row stored.
    try store.db.execute(
      "CREATE VIRTUAL TABLE temp.words USING fts5vocab(main, messages_fts, row)")
    #expect(try store.db.integer("SELECT cnt FROM temp.words WHERE term = 'flood'") == 6)
  }

  @Test func searchMatchesWordPrefixesAndTagsCaseInsensitively() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1, body: "Building GTK widgets", tags: ["Swift"]))
    try store.insert(Fixtures.message(2, body: "lunch at noon", tags: ["food"]))
    try store.insert(Fixtures.message(3, body: "more gtk bindings", tags: ["swift", "gtk"]))
    try store.insert(Fixtures.message(4, body: "Café au lait", tags: ["Cafe\u{301}"]))
    #expect(
      try store.search(query: "gtk", tags: [], limit: 10).map(\.id) == [
        Fixtures.id(3), Fixtures.id(1),
      ])
    #expect(try store.search(query: "bui", tags: [], limit: 10).map(\.id) == [Fixtures.id(1)])
    #expect(try store.search(query: "", tags: ["SWIFT"], limit: 10).count == 2)
    #expect(
      try store.search(query: "gtk", tags: ["Swift", "GTK"], limit: 10).map(\.id) == [
        Fixtures.id(3)
      ])
    #expect(try store.search(query: "cafe", tags: [], limit: 10).map(\.id) == [Fixtures.id(4)])
    #expect(try store.search(query: "", tags: ["CAFÉ"], limit: 10).map(\.id) == [Fixtures.id(4)])
    #expect(try store.search(query: "gtk", tags: [], limit: 1).map(\.id) == [Fixtures.id(3)])
    let older = MessageCursor(Fixtures.message(3))
    #expect(
      try store.search(query: "gtk", tags: [], before: older, limit: 5).map(\.id) == [
        Fixtures.id(1)
      ])
  }

  @Test func searchTreatsOperatorsAndQuotesAsPlainText() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1, body: "say \"AND\" OR NOT - near"))
    for query in ["\"", "AND", "OR NOT", "-", "NEAR(", "*", "\"and\""] {
      _ = try store.search(query: query, tags: [], limit: 10)
    }
    #expect(try store.search(query: "\"and\"", tags: [], limit: 10).count == 1)
  }

  @Test func recentTagsAreMostRecentFirstWithLatestSpelling() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1, tags: ["swift", "gtk"]))
    try store.insert(Fixtures.message(2, tags: ["food"]))
    try store.insert(Fixtures.message(3, tags: ["Swift"]))
    // An older message (imported history) does not make its tag recent.
    try store.insert(Fixtures.message(4, tags: ["GTK"], secondsAfterBase: -100))
    #expect(try store.recentTags(limit: 10) == ["Swift", "food", "gtk"])
    #expect(try store.recentTags(limit: 1) == ["Swift"])
  }
}
