import Foundation
import NatterCore
import Testing

@testable import NatterStore

@Suite struct SchemaMigrationTests {
  @Test func versionsAreContiguousFromOne() {
    #expect(Schema.migrations.map(\.version) == Array(1...Schema.latestVersion))
  }

  /// Builds a database as an older Natter left it, with data in every table that version had,
  /// then opens it with the current store.
  @Test(arguments: 0..<Schema.latestVersion)
  func migratesFromEarlierVersionKeepingData(version: Int) throws {
    let dir = try TemporaryDirectory()
    do {
      let db = try SQLiteConnection(path: dir.databaseURL.path)
      _ = try db.texts("PRAGMA journal_mode = WAL")
      try Schema.migrate(db, upTo: version)
      #expect(try db.userVersion == version)
      if version >= 1 {
        try db.execute(
          """
          INSERT INTO messages (id, sender, sent_at, body, edited, delivery) VALUES
            ('m1', 'alice', 1795978541000, 'old history survives', 0, 'sent'),
            ('m2', 'bob', 1795978542500, 'edited reply', 1, 'failed');
          """)
      }
      if version >= 2 {
        try db.execute(
          """
          INSERT INTO message_tags (message_seq, position, tag, key)
            SELECT seq, 0, 'Swift', 'swift' FROM messages WHERE id = 'm1';
          INSERT INTO tag_usage (key, tag, last_used) VALUES ('swift', 'Swift', 1795978541000);
          """)
      }
      if version >= 3 {
        // From version 3 the store indexes each message it inserts.
        try db.execute("INSERT INTO messages_fts (rowid, body) SELECT seq, body FROM messages")
        try db.execute(
          version < 7
            ? "INSERT INTO draft (slot, text, chips) VALUES (0, 'unsent', '[\"x\"]')"
            : "INSERT INTO conversation_drafts VALUES ('notes', 'unsent', '[\"x\"]')")
      }
      if version >= 7 {
        // A message of two lines we sent on IRC, confirmed under its first line's msgid.
        try db.execute(
          """
          INSERT INTO conversations (id, url, name) VALUES (2, 'irc://irc.test/#c', '#c');
          INSERT INTO messages (id, sender, sent_at, body, conversation_id, msgid)
            VALUES ('m9', 'alice', 1795978543000, 'two' || char(10) || 'lines', 2, 'srv1');
          """)
      }
    }
    let result = MessageStore.open(dataDirectory: dir.url)
    guard case .opened(let store) = result else {
      Issue.record("expected opened, got \(result)")
      return
    }
    #expect(try store.db.userVersion == Schema.latestVersion)
    #expect(try store.integrityCheck() == ["ok"])
    guard version >= 1 else {
      #expect(try store.count() == 0)
      return
    }
    if version >= 7 {
      // Its second line played back (the sending Natter's id is on it) is no new message.
      var line = Message(
        id: "srv2", sender: "alice", sentAt: Date(timeIntervalSince1970: 1_795_978_543),
        body: "lines", conversation: "irc://irc.test/#c", msgid: "srv2")
      line.clientID = "m9"
      #expect(try store.insertReceived([line]).isEmpty)
      #expect(try store.count(conversation: "irc://irc.test/#c") == 1)
      try store.db.execute("DELETE FROM messages WHERE id = 'm9'")
    }
    #expect(try store.count() == 2)
    // Every earlier message is local history: the Notes conversation.
    #expect(try store.count(conversation: Message.notes) == 2)
    #expect(try store.message(id: "m1")?.conversation == Message.notes)
    let m2 = try #require(try store.message(id: "m2"))
    #expect(m2.edited && m2.delivery == .failed && m2.body == "edited reply")
    #expect(m2.sentAt == Date(timeIntervalSince1970: 1_795_978_542.5))
    // Messages stored before the full-text index existed are found by it.
    #expect(try store.search(query: "history", tags: [], limit: 5).map(\.id) == ["m1"])
    if version >= 2 {
      #expect(try store.message(id: "m1")?.tags == ["Swift"])
      #expect(try store.search(query: "", tags: ["SWIFT"], limit: 5).map(\.id) == ["m1"])
      #expect(try store.recentTags(limit: 5) == ["Swift"])
    }
    if version >= 3 {
      #expect(try store.loadDraft() == StoredDraft(text: "unsent", chips: ["x"]))
    }
    // The migrated store keeps working: new rows are indexed and counted.
    try store.insert(Fixtures.message(3, body: "new history", tags: ["swift"]))
    #expect(try store.count() == 3)
    #expect(try store.search(query: "history", tags: [], limit: 5).count == 2)
  }

  /// Versions 2-4 stored `lowercased()` keys; version 5 rewrites them with `Hashtag.key`, so a
  /// history tagged `#Straße` is found by `#STRASSE`, and completion lists the tag once.
  @Test func recomputesTagKeysStoredBeforeVersion5() throws {
    let dir = try TemporaryDirectory()
    do {
      let db = try SQLiteConnection(path: dir.databaseURL.path)
      try Schema.migrate(db, upTo: 4)
      try db.execute(
        """
        INSERT INTO messages (id, sender, sent_at, body) VALUES
          ('m1', 'alice', 1000, 'one'), ('m2', 'alice', 2000, 'two'), ('m3', 'bob', 3000, 'x');
        INSERT INTO message_tags (message_seq, position, tag, key)
          SELECT seq, 0, 'Straße', 'straße' FROM messages WHERE id = 'm1';
        INSERT INTO message_tags (message_seq, position, tag, key)
          SELECT seq, 0, 'STRASSE', 'strasse' FROM messages WHERE id = 'm2';
        INSERT INTO message_tags (message_seq, position, tag, key)
          SELECT seq, 1, 'ΣΟΦΟΣ', 'σοφος' FROM messages WHERE id = 'm2';
        INSERT INTO message_tags (message_seq, position, tag, key)
          SELECT seq, 0, 'swift', 'swift' FROM messages WHERE id = 'm3';
        INSERT INTO tag_usage (key, tag, last_used) VALUES
          ('straße', 'Straße', 1000), ('strasse', 'STRASSE', 2000), ('σοφος', 'ΣΟΦΟΣ', 2000),
          ('swift', 'swift', 3000);
        """)
    }
    let store = try Fixtures.store(in: dir)
    #expect(try store.db.userVersion == Schema.latestVersion)
    func found(_ tag: String) throws -> [String] {
      try store.search(query: "", tags: [tag], limit: 10).map(\.id)
    }
    #expect(try found("strasse") == ["m2", "m1"])
    #expect(try found("Straße") == ["m2", "m1"])
    #expect(try found("σοφοσ") == ["m2"])
    #expect(try found("Swift") == ["m3"])
    // The two spellings merged into one completion, the newest one kept.
    #expect(try store.recentTags(limit: 10) == ["swift", "STRASSE", "ΣΟΦΟΣ"])
    #expect(try store.message(id: "m1")?.tags == ["Straße"])
  }

  /// Version 10 adds replies and reactions to a version 9 history: its messages have no
  /// parent and no reaction, and reactions stored from then on show on them.
  @Test func aVersion9HistoryGainsRepliesAndReactions() throws {
    let dir = try TemporaryDirectory()
    let channel = "irc://irc.test/#c"
    do {
      let db = try SQLiteConnection(path: dir.databaseURL.path)
      try Schema.migrate(db, upTo: 9)
      try db.execute(
        """
        INSERT INTO conversations (id, url, name) VALUES (2, 'irc://irc.test/#c', '#c');
        INSERT INTO messages (id, sender, sent_at, body, conversation_id, msgid, formatted)
          VALUES ('m1', 'bob', 1795978541000, 'bold', 2, 'srv1', char(2) || 'bold');
        INSERT INTO messages_fts (rowid, body) SELECT seq, body FROM messages;
        """)
    }
    let store = try Fixtures.store(in: dir)
    #expect(try store.db.userVersion == Schema.latestVersion)
    let old = try #require(try store.message(msgid: "srv1", in: channel))
    #expect(old.body == "bold" && old.formatted == "\u{2}bold")
    #expect(old.replyTo == nil && old.reactions.isEmpty)
    let reaction = Reaction(
      conversation: channel, msgid: "srv1", sender: "carol", emoji: "👍",
      sentAt: Date(timeIntervalSince1970: 1_795_978_600))
    #expect(try store.apply([reaction]).map(\.id) == ["m1"])
    let answer = Message(
      id: "m2", sender: "carol", sentAt: Date(timeIntervalSince1970: 1_795_978_601), body: "yes",
      conversation: channel, msgid: "srv2", replyTo: "srv1")
    try store.insertReceived([answer])
    let page = try store.messages(in: channel, .older, from: nil, limit: 5)
    #expect(page.map(\.replyTo) == ["srv1", nil])
    #expect(page.map(\.reactions.count) == [0, 1])
    #expect(try store.integrityCheck() == ["ok"])
  }
}
