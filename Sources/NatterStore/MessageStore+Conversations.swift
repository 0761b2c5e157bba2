import CSQLite
import Foundation
import NatterCore

/// Conversations (SPEC §10) and IRC delivery (SPEC §9): paging one conversation, storing what
/// a server sends without duplicates, and the outbox, which is the pending rows.
extension MessageStore {
  /// The row id of the conversation at `url`, created (named after the URL's last part) when
  /// new. Runs inside or outside a transaction.
  func conversationRowID(url: String) throws -> Int64 {
    if let id = conversationIDs[url] { return id }
    let insert = try db.cached("INSERT OR IGNORE INTO conversations (url, name) VALUES (?, ?)")
    try insert.bind(1, url)
    try insert.bind(2, Self.conversationName(url: url))
    try insert.run()
    let lookup = try db.cached("SELECT id FROM conversations WHERE url = ?")
    defer { lookup.reset() }
    try lookup.bind(1, url)
    guard try lookup.step() else { throw StoreError.notFound(id: url) }
    let id = lookup.int64(0)
    conversationIDs[url] = id
    conversationURLs[id] = url
    return id
  }

  func conversationURL(id: Int64) throws -> String {
    if let url = conversationURLs[id] { return url }
    let lookup = try db.cached("SELECT url FROM conversations WHERE id = ?")
    defer { lookup.reset() }
    try lookup.bind(1, id)
    // A row whose conversation is gone can only come from a damaged file: show it as a note.
    let url = try lookup.step() ? lookup.text(0) : Message.notes
    conversationURLs[id] = url
    conversationIDs[url] = id
    return url
  }

  /// `Notes` for the local history, else the channel or nickname the URL ends with.
  static func conversationName(url: String) -> String {
    guard url != Message.notes else { return localized("Notes") }
    return url.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? url
  }

  func bindIRCFields(of message: Message, to statement: Statement) throws {
    try statement.bind(7, try conversationRowID(url: message.conversation))
    try statement.bind(8, message.msgid)
    try statement.bind(9, message.kind.rawValue)
    try statement.bind(10, message.failureReason)
    try statement.bind(11, message.mentionsMe ? 1 : 0)
  }

  /// How many messages `conversation` has, from a counter kept by triggers.
  public func count(conversation: String) throws -> Int {
    let id = try conversationRowID(url: conversation)
    let statement = try db.cached("SELECT message_count FROM conversations WHERE id = ?")
    defer { statement.reset() }
    try statement.bind(1, id)
    return try statement.step() ? Int(statement.int64(0)) : 0
  }

  // MARK: Paging one conversation (the same keyset reads as the whole history's)

  /// Up to `limit` messages of `conversation` beyond `cursor` in `direction`, nearest first
  /// (as `messages(_:from:limit:)` does for the whole history).
  public func messages(
    in conversation: String, _ direction: PageDirection, from cursor: MessageCursor?, limit: Int
  ) throws -> [Message] {
    let id = try conversationRowID(url: conversation)
    let (comparison, order) = direction == .older ? ("<", "DESC") : (">", "")
    let filter = cursor == nil ? "" : "AND (sent_at, id) \(comparison) (?2, ?3)"
    let statement = try db.cached(
      """
      SELECT \(Self.messageColumns) FROM messages INDEXED BY messages_by_conversation
      WHERE conversation_id = ?1 \(filter)
      ORDER BY sent_at \(order), id \(order) LIMIT ?4
      """)
    try statement.bind(1, id)
    if let cursor {
      try statement.bind(2, cursor.sentAtMilliseconds)
      try statement.bind(3, cursor.id)
    }
    try statement.bind(4, limit)
    return try messages(from: statement)
  }

  /// Up to `limit` messages of `conversation` from `position` (0 = oldest) on; for jumps only.
  public func messages(in conversation: String, fromPosition position: Int, limit: Int) throws
    -> [Message]
  {
    let id = try conversationRowID(url: conversation)
    // The start's key from the covering index alone (no row is read while skipping), then a
    // keyset read from there, as the whole history's jump does.
    let start = try db.cached(
      """
      SELECT sent_at, id FROM messages INDEXED BY messages_by_conversation
      WHERE conversation_id = ? ORDER BY sent_at, id LIMIT 1 OFFSET ?
      """)
    try start.bind(1, id)
    try start.bind(2, max(0, position))
    guard try start.step() else {
      start.reset()
      return []
    }
    let cursor = MessageCursor(sentAtMilliseconds: start.int64(0), id: start.text(1))
    start.reset()
    let statement = try db.cached(
      """
      SELECT \(Self.messageColumns) FROM messages INDEXED BY messages_by_conversation
      WHERE conversation_id = ?1 AND (sent_at, id) >= (?2, ?3)
      ORDER BY sent_at, id LIMIT ?4
      """)
    try statement.bind(1, id)
    try statement.bind(2, cursor.sentAtMilliseconds)
    try statement.bind(3, cursor.id)
    try statement.bind(4, limit)
    return try messages(from: statement)
  }

  // MARK: Receiving

  /// Stores messages from a server in one transaction, skipping the ones already stored (same
  /// `msgid`, or without one the same conversation, time, sender and text). Returns the ones
  /// stored, in the order given.
  @discardableResult
  public func insertReceived(_ messages: [Message]) throws -> [Message] {
    guard !messages.isEmpty else { return [] }
    return try db.transaction {
      var stored: [Message] = []
      for message in messages {
        // A status line is Natter's own note, never a server's duplicate.
        if message.kind != .status, try isStored(message) { continue }
        try insertRow(message)
        stored.append(message)
      }
      return stored
    }
  }

  private func isStored(_ message: Message) throws -> Bool {
    if let msgid = message.msgid {
      let statement = try db.cached("SELECT 1 FROM messages WHERE msgid = ? OR id = ?")
      defer { statement.reset() }
      try statement.bind(1, msgid)
      try statement.bind(2, message.id)
      return try statement.step()
    }
    let statement = try db.cached(
      """
      SELECT 1 FROM messages INDEXED BY messages_by_conversation
      WHERE conversation_id = ? AND sent_at = ? AND sender = ? AND body = ?
      """)
    defer { statement.reset() }
    try statement.bind(1, try conversationRowID(url: message.conversation))
    try statement.bind(2, Timestamp.milliseconds(message.sentAt))
    try statement.bind(3, message.sender)
    try statement.bind(4, message.body)
    return try statement.step()
  }

  // MARK: The outbox

  /// Stores a message to send as pending with its outbox entry, committed before anything is
  /// written to the server.
  public func insertPending(_ message: Message, entry: IRCOutboxEntry) throws {
    var pending = message
    pending.delivery = .pending
    pending.failureReason = nil
    let json = try Self.encode(entry)
    try db.transaction { try insertRow(pending, outbox: json) }
  }

  /// The pending messages' outbox entries, oldest first, for a new connection to resume.
  public func pendingOutbox() throws -> [IRCOutboxEntry] {
    let statement = try db.cached(
      "SELECT outbox FROM messages INDEXED BY messages_pending WHERE delivery = 'pending' "
        + "AND outbox IS NOT NULL ORDER BY seq")
    defer { statement.reset() }
    var entries: [IRCOutboxEntry] = []
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .millisecondsSince1970
    while try statement.step() {
      // A row a newer Natter wrote differently stays pending and is logged by the caller.
      if let entry = try? decoder.decode(IRCOutboxEntry.self, from: Data(statement.text(0).utf8)) {
        entries.append(entry)
      }
    }
    return entries
  }

  /// Keeps a pending message's progress (lines written and confirmed) across a restart.
  public func updateOutbox(_ entry: IRCOutboxEntry) throws {
    let statement = try db.cached(
      "UPDATE messages SET outbox = ?2 WHERE id = ?1 AND delivery = 'pending'")
    try statement.bind(1, entry.message.id)
    try statement.bind(2, try Self.encode(entry))
    try statement.run()
  }

  /// The server echoed the message: sent, with its `msgid` and `time` when it gave them.
  /// Returns the stored message, or nil when there is no such pending message.
  @discardableResult
  public func confirm(id: String, msgid: String?, time: Date?) throws -> Message? {
    try db.transaction {
      let statement = try db.cached(
        """
        UPDATE messages SET delivery = 'sent', outbox = NULL, failure = NULL,
          msgid = coalesce(?2, msgid), sent_at = coalesce(?3, sent_at)
        WHERE id = ?1
        """)
      try statement.bind(1, id)
      try statement.bind(2, msgid)
      if let time {
        try statement.bind(3, Timestamp.milliseconds(time))
      }
      try statement.run()
    }
    return try message(id: id)
  }

  /// The server refused the message: failed, with its reason.
  @discardableResult
  public func fail(id: String, reason: String) throws -> Message? {
    let statement = try db.cached(
      "UPDATE messages SET delivery = 'failed', outbox = NULL, failure = ?2 WHERE id = ?1")
    try statement.bind(1, id)
    try statement.bind(2, reason)
    try statement.run()
    return try message(id: id)
  }

  /// `Retry` on a failed message: pending again with a fresh outbox entry.
  @discardableResult
  public func retry(id: String, entry: IRCOutboxEntry) throws -> Message? {
    let statement = try db.cached(
      """
      UPDATE messages SET delivery = 'pending', failure = NULL, outbox = ?2
      WHERE id = ?1 AND delivery = 'failed'
      """)
    try statement.bind(1, id)
    try statement.bind(2, try Self.encode(entry))
    try statement.run()
    return try message(id: id)
  }

  private static func encode(_ entry: IRCOutboxEntry) throws -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .millisecondsSince1970
    return String(decoding: try encoder.encode(entry), as: UTF8.self)
  }
}
