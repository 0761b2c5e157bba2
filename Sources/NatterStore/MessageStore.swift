import CSQLite
import Foundation
import NatterCore

/// The message history and the draft, in one SQLite database.
///
/// Not `Sendable`: the app uses one store from the main thread; each call is a short
/// synchronous SQLite call (a page of rows, one insert).
public final class MessageStore {
  /// Replaced only when a damaged database is moved aside (`recoverFromCorruption`).
  var db: SQLiteConnection {
    // Row ids belong to one database: a fresh one (after a recovery) starts the caches over,
    // or salvaged messages would be filed under the damaged file's conversation ids.
    didSet {
      forgetCaches()
      writerOfReceived?.reopen()
    }
  }
  /// The database file, or nil for an in-memory store whose session is not saved.
  public let databaseURL: URL?
  /// `PRAGMA data_version` when `changedByOthers` last looked.
  private var lastDataVersion: Int64?
  /// The saved history this in-memory store is a copy of, when it could be read but not
  /// written.
  public let copiedFrom: URL?

  /// Syncs received messages' commits off the main thread; nil in memory.
  let walSyncer: WALSyncer?
  /// Made by the first `receivedWriter()`.
  var writerOfReceived: ReceivedWriter?

  init(db: SQLiteConnection, databaseURL: URL?, copiedFrom: URL? = nil) {
    self.db = db
    self.databaseURL = databaseURL
    self.copiedFrom = copiedFrom
    walSyncer = databaseURL.map { WALSyncer(databasePath: $0.path) }
  }

  deinit { walSyncer?.stop() }

  /// Whether messages written to this store outlive the process.
  public var isPersistent: Bool { databaseURL != nil }

  /// Whether this store shows a saved history, in the file or as a read-only copy of it.
  public var showsSavedHistory: Bool { databaseURL != nil || copiedFrom != nil }

  // SQLITE_CONSTRAINT_UNIQUE is a macro expression Swift does not import.
  static let constraintUnique: Int32 = SQLITE_CONSTRAINT | (8 << 8)

  /// The columns `message(from:)` reads, in order.
  static let messageColumns =
    "seq, id, sender, sent_at, body, edited, delivery, conversation_id, msgid, kind, failure, mentions, "
    + "formatted, reply_to"

  /// Conversation URLs by row id and back, read once each: every row names its conversation.
  var conversationURLs: [Int64: String] = [:]
  var conversationIDs: [String: Int64] = [:]
  /// Whether each conversation (by row id) has any reaction row, asked once: a page of a
  /// conversation no one reacted in reads no reactions at all. Set by `apply`, forgotten
  /// after an import, a rename, and when another connection writes (`changedByOthers`).
  var conversationsWithReactions: [Int64: Bool] = [:]

  /// Stores a new message; it is committed (and synced to disk) when this returns.
  public func insert(_ message: Message) throws {
    try db.transaction { _ = try insertRow(message) }
  }

  /// Inserts one message inside the caller's transaction; `outbox` is a pending message's
  /// IRC outbox entry as JSON (MessageStore+Conversations). Returns the row's `seq`. Unless
  /// `indexed` is false, its words go in the full-text index at once; a caller storing many
  /// rows indexes them together (`indexWords`), since FTS5 writes a segment of its index at
  /// every statement.
  @discardableResult
  func insertRow(_ message: Message, outbox: String? = nil, indexed: Bool = true) throws -> Int64 {
    let statement = try db.cached(
      """
      INSERT INTO messages
        (id, sender, sent_at, body, edited, delivery, conversation_id, msgid, kind, failure,
         mentions, outbox, formatted, reply_to)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    try bindFields(of: message, to: statement)
    try bindIRCFields(of: message, to: statement)
    try statement.bind(12, outbox)
    try statement.bind(13, message.formatted)
    try statement.bind(14, message.replyTo)
    do {
      try statement.run()
    } catch StoreError.sqlite(let code, _) where code == Self.constraintUnique {
      throw StoreError.duplicateID(message.id)
    }
    let seq = sqlite3_last_insert_rowid(db.handle)
    if indexed { try indexWords(seqs: seq...seq) }
    try insertTags(message.tags, seq: seq, sentAt: Timestamp.milliseconds(message.sentAt))
    return seq
  }

  /// Puts the words of the rows `seqs` in the full-text index, in one statement: rows inserted
  /// in one transaction, none of them indexed yet. FTS5 flushes its pending words to a new
  /// segment of the index at each statement's savepoint, so a statement a row wrote a segment
  /// a row; in a flood of 10,000 lines that was a fifth of the time storing took (issue 32).
  func indexWords(seqs: ClosedRange<Int64>) throws {
    let index = try db.cached(
      """
      INSERT INTO messages_fts (rowid, body)
      SELECT seq, body FROM messages WHERE seq BETWEEN ?1 AND ?2
      """)
    try index.bind(1, seqs.lowerBound)
    try index.bind(2, seqs.upperBound)
    try index.run()
  }

  /// Replaces the stored message with the same id (an edit); its position follows its `sentAt`.
  public func replace(_ message: Message) throws {
    try db.transaction {
      let lookup = try db.cached("SELECT seq FROM messages WHERE id = ?")
      try lookup.bind(1, message.id)
      guard try lookup.step() else {
        lookup.reset()
        throw StoreError.notFound(id: message.id)
      }
      let seq = lookup.int64(0)
      lookup.reset()
      let update = try db.cached(
        """
        UPDATE messages SET sender = ?2, sent_at = ?3, body = ?4, edited = ?5, delivery = ?6,
          formatted = ?7, reply_to = ?8
        WHERE id = ?1
        """)
      try bindFields(of: message, to: update)
      try update.bind(7, message.formatted)
      try update.bind(8, message.replyTo)
      try update.run()
      let clear = try db.cached("DELETE FROM message_tags WHERE message_seq = ?")
      try clear.bind(1, seq)
      try clear.run()
      try insertTags(message.tags, seq: seq, sentAt: Timestamp.milliseconds(message.sentAt))
    }
  }

  /// The number of stored messages, read from a counter rather than by counting rows.
  public func count() throws -> Int {
    Int(try db.integer("SELECT n FROM message_count WHERE slot = 0") ?? 0)
  }

  /// The stored message with this id, if any, with its reactions.
  public func message(id: String) throws -> Message? {
    let statement = try db.cached("SELECT \(Self.messageColumns) FROM messages WHERE id = ?")
    try statement.bind(1, id)
    return try messages(from: statement).first
  }

  /// Whether another connection (a `natter --import` while the window runs) committed since
  /// the last call. `PRAGMA data_version` reads a counter in shared memory: no file I/O, so
  /// it can be polled.
  /// The one writer that stores received messages into this store's file off the main thread,
  /// for every network; nil in memory.
  public func receivedWriter() -> ReceivedWriter? {
    if writerOfReceived == nil { writerOfReceived = databaseURL.map { ReceivedWriter(url: $0) } }
    return writerOfReceived
  }

  /// Forgets what this connection knew of the conversations when another connection wrote
  /// since: that one may have renamed a conversation or added reactions (`ReceivedWriter`).
  func forgetIfChangedByOthers() {
    if (try? changedByOthers()) == true { forgetCaches() }
  }

  private func forgetCaches() {
    conversationURLs = [:]
    conversationIDs = [:]
    conversationsWithReactions = [:]
  }

  public func changedByOthers() throws -> Bool {
    let version = try db.integer("PRAGMA data_version") ?? 0
    defer { lastDataVersion = version }
    let changed = lastDataVersion != nil && lastDataVersion != version
    // Another writer may have added reactions where this store knew of none.
    if changed { conversationsWithReactions = [:] }
    return changed
  }

  /// Runs SQLite's full consistency check; `["ok"]` when the file is sound.
  func integrityCheck() throws -> [String] {
    try db.texts("PRAGMA integrity_check")
  }

  private func bindFields(of message: Message, to statement: Statement) throws {
    try statement.bind(1, message.id)
    try statement.bind(2, message.sender)
    try statement.bind(3, Timestamp.milliseconds(message.sentAt))
    try statement.bind(4, message.body)
    try statement.bind(5, message.edited ? 1 : 0)
    try statement.bind(6, message.delivery.rawValue)
  }

  /// Stores tags in chip order and records their use for completion.
  func insertTags(_ tags: [String], seq: Int64, sentAt: Int64) throws {
    guard !tags.isEmpty else { return }
    let insert = try db.cached(
      "INSERT INTO message_tags (message_seq, position, tag, key) VALUES (?, ?, ?, ?)")
    let usage = try db.cached(
      """
      INSERT INTO tag_usage (key, tag, last_used) VALUES (?1, ?2, ?3)
      ON CONFLICT (key) DO UPDATE SET tag = excluded.tag, last_used = excluded.last_used
      WHERE excluded.last_used >= tag_usage.last_used
      """)
    for (position, tag) in tags.enumerated() {
      let key = Hashtag.key(for: tag)
      try insert.bind(1, seq)
      try insert.bind(2, position)
      try insert.bind(3, tag)
      try insert.bind(4, key)
      try insert.run()
      try usage.bind(1, key)
      try usage.bind(2, tag)
      try usage.bind(3, sentAt)
      try usage.run()
    }
  }

  /// Builds a message from a row of `messageColumns`, loading its tags (not its reactions,
  /// which `messages(from:)` reads for a whole page at once).
  func message(from row: Statement) throws -> Message {
    let tags = try self.tags(seq: row.int64(0))
    return Message(
      id: row.text(1), sender: row.text(2), sentAt: Timestamp.date(row.int64(3)),
      body: row.text(4), tags: tags, edited: row.int64(5) != 0,
      // An unknown value can only come from a newer writer; showing it as sent is the least wrong.
      delivery: Message.Delivery(rawValue: row.text(6)) ?? .sent,
      conversation: try conversationURL(id: row.int64(7)),
      msgid: row.isNull(8) ? nil : row.text(8),
      kind: Message.Kind(rawValue: row.text(9)) ?? .message,
      failureReason: row.isNull(10) ? nil : row.text(10),
      mentionsMe: row.int64(11) != 0, formatted: row.isNull(12) ? nil : row.text(12),
      replyTo: row.isNull(13) ? nil : row.text(13))
  }

  /// Reads every row of a statement over `messageColumns`, then their reactions.
  func messages(from statement: Statement) throws -> [Message] {
    var result: [Message] = []
    do {
      defer { statement.reset() }
      while try statement.step() { result.append(try message(from: statement)) }
    }
    try fillReactions(&result)
    return result
  }

  private func tags(seq: Int64) throws -> [String] {
    let statement = try db.cached(
      "SELECT tag FROM message_tags WHERE message_seq = ? ORDER BY position")
    defer { statement.reset() }
    try statement.bind(1, seq)
    var tags: [String] = []
    while try statement.step() { tags.append(statement.text(0)) }
    return tags
  }
}
