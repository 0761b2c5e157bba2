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
    // A conversation new to the store has been seen up to nothing: what a server plays back
    // into it counts as unread (a NULL marker, from before markers, means seen up to now).
    let insert = try db.cached(
      "INSERT OR IGNORE INTO conversations (url, name, read_sent_at, read_id) VALUES (?, ?, 0, '')"
    )
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

  /// The position (0 = oldest) of the message with `cursor` in `conversation`: how many come
  /// before it there, counted on the covering index (a search result opened in its place).
  public func position(of cursor: MessageCursor, in conversation: String) throws -> Int {
    let id = try conversationRowID(url: conversation)
    let statement = try db.cached(
      """
      SELECT count(*) FROM messages INDEXED BY messages_by_conversation
      WHERE conversation_id = ? AND (sent_at, id) < (?, ?)
      """)
    defer { statement.reset() }
    try statement.bind(1, id)
    try statement.bind(2, cursor.sentAtMilliseconds)
    try statement.bind(3, cursor.id)
    return try statement.step() ? Int(statement.int64(0)) : 0
  }

  // MARK: Receiving

  /// Stores messages from a server in one transaction, skipping the ones already stored: the
  /// same `msgid` (a row's or one of its later lines'), a line of one of our messages (its
  /// `clientID` and sender), or without a msgid the same conversation, sender and text (or
  /// the text before its ` #tag` words) within a second (servers round played-back times to
  /// the second). Returns the ones stored, in
  /// the order given. A copy of a stored message that says what it replies to, where the
  /// stored one does not (it came through a server that dropped client tags), adds it.
  @discardableResult
  public func insertReceived(_ messages: [Message]) throws -> [Message] {
    guard !messages.isEmpty else { return [] }
    // A flood is committed a slice at a time on the main thread: the disk is waited for on
    // the syncer's thread instead (WALSyncer says why that is safe).
    let stored = try db.withoutSyncing {
      try db.transaction {
        var stored: [Message] = []
        var seqs: ClosedRange<Int64>?
        for message in messages {
          // A status line is Natter's own note, never a server's duplicate.
          if message.kind != .status, try isStored(message) {
            if let replyTo = message.replyTo, let msgid = message.msgid {
              try addReplyTo(replyTo, toMessage: msgid)
            }
            continue
          }
          let seq = try insertRow(message, indexed: false)
          seqs = seqs.map { $0.lowerBound...seq } ?? seq...seq
          stored.append(message)
        }
        // Every row from the first to the last seq is this transaction's, inserted just now.
        if let seqs { try indexWords(seqs: seqs) }
        return stored
      }
    }
    walSyncer?.request()
    // A message can come after reactions to it (a playback filling a gap): it shows them.
    var shown = stored
    try fillReactions(&shown)
    return shown
  }

  /// Keeps the parent of the stored message with `msgid` when it had none.
  private func addReplyTo(_ parent: String, toMessage msgid: String) throws {
    let statement = try db.cached(
      "UPDATE messages SET reply_to = ?2 WHERE msgid = ?1 AND reply_to IS NULL")
    try statement.bind(1, msgid)
    try statement.bind(2, parent)
    try statement.run()
  }

  /// Keeps the `msgid` under which the server echoed a later line of the sent message `id`.
  public func noteLine(msgid: String, of id: String) throws {
    let statement = try db.cached(
      "INSERT OR IGNORE INTO message_lines (msgid, message_id) VALUES (?, ?)")
    try statement.bind(1, msgid)
    try statement.bind(2, id)
    try statement.run()
  }

  /// How far apart a played-back time may be from the stored one and still be the same
  /// message: InspIRCd plays back times rounded to the second.
  static let playbackTimeSlack: Int64 = 1000
  /// How long after a message of several lines its last line may arrive: lines are paced.
  static let linesSpread: Int64 = 10 * 60 * 1000

  private func isStored(_ message: Message) throws -> Bool {
    if let msgid = message.msgid {
      let statement = try db.cached(
        """
        SELECT 1 FROM messages WHERE msgid = ?1 OR id = ?2
        UNION ALL SELECT 1 FROM message_lines WHERE msgid = ?1
        """)
      defer { statement.reset() }
      try statement.bind(1, msgid)
      try statement.bind(2, message.id)
      if try statement.step() { return true }
    }
    let conversation = try conversationRowID(url: message.conversation)
    if let clientID = message.clientID, try isLine(of: clientID, message, in: conversation) {
      return true
    }
    // Without a msgid to tell two messages apart, the same words from the same sender within
    // a second are one message; with a msgid, only a row that has none can be its copy.
    let time = Timestamp.milliseconds(message.sentAt)
    // By the start of the text first: a flood from one sender puts thousands of rows in one
    // second (messages_by_words, migration 11).
    let same = try db.cached(
      message.msgid == nil
        ? """
        SELECT 1 FROM messages INDEXED BY messages_by_words
        WHERE conversation_id = ?1 AND conversation_id <> 1 AND sender = ?3
          AND substr(body, 1, 24) IN (substr(?4, 1, 24), substr(?6, 1, 24))
          AND sent_at BETWEEN ?2 - ?5 AND ?2 + ?5 AND body IN (?4, ?6) LIMIT 1
        """
        : """
        SELECT 1 FROM messages INDEXED BY messages_by_words
        WHERE conversation_id = ?1 AND conversation_id <> 1 AND sender = ?3
          AND substr(body, 1, 24) IN (substr(?4, 1, 24), substr(?6, 1, 24))
          AND sent_at BETWEEN ?2 - ?5 AND ?2 + ?5 AND msgid IS NULL AND body IN (?4, ?6) LIMIT 1
        """)
    defer { same.reset() }
    try same.bind(1, conversation)
    try same.bind(2, time)
    try same.bind(3, message.sender)
    try same.bind(4, message.body)
    try same.bind(5, Self.playbackTimeSlack)
    // Our own message, played back by a server that dropped its client tags, carries its
    // tags as ` #tag` words the stored body does not have.
    try same.bind(6, IRCTagConvention.withoutTrailingTags(message.body))
    if try same.step() { return true }
    // One line of a message of several that the same sender sent shortly before: only our own
    // rows hold several lines (a received PRIVMSG is one).
    let line = try db.cached(
      """
      SELECT 1 FROM messages INDEXED BY messages_of_several_lines
      WHERE conversation_id = ?1 AND conversation_id <> 1 AND sent_at BETWEEN ?2 - ?5 AND ?2 + ?6
        AND instr(body, char(10)) > 0 AND sender = ?3
        AND instr(char(10) || body || char(10), char(10) || ?4 || char(10)) > 0
      LIMIT 1
      """)
    defer { line.reset() }
    try line.bind(1, conversation)
    try line.bind(2, time)
    try line.bind(3, message.sender)
    try line.bind(4, message.body)
    try line.bind(5, Self.linesSpread)
    try line.bind(6, Self.playbackTimeSlack)
    return try line.step()
  }

  /// Whether `message` is a line of the stored message `id` by the same sender: one of ours,
  /// played back. Its msgid is kept, so a later playback without the client tag knows it too.
  private func isLine(of id: String, _ message: Message, in conversation: Int64) throws -> Bool {
    let statement = try db.cached(
      """
      SELECT 1 FROM messages
      WHERE id = ?1 AND conversation_id = ?2 AND sender = ?3 COLLATE NOCASE
      """)
    defer { statement.reset() }
    try statement.bind(1, id)
    try statement.bind(2, conversation)
    try statement.bind(3, message.sender)
    guard try statement.step() else { return false }
    if let msgid = message.msgid { try noteLine(msgid: msgid, of: id) }
    return true
  }

  // MARK: The outbox

  /// Stores a message to send as pending with its outbox entry, committed before anything is
  /// written to the server.
  public func insertPending(_ message: Message, entry: IRCOutboxEntry) throws {
    var pending = message
    pending.delivery = .pending
    pending.failureReason = nil
    let json = try Self.encode(entry)
    try db.transaction { _ = try insertRow(pending, outbox: json) }
  }

  /// The pending messages' outbox entries, oldest first, for a new connection to resume.
  public func pendingOutbox(under prefix: String = "") throws -> [IRCOutboxEntry] {
    // Each network sends its own (SPEC §11): its conversations' URLs start with its prefix.
    let statement = try db.cached(
      """
      SELECT m.outbox FROM messages m INDEXED BY messages_pending
      JOIN conversations c ON c.id = m.conversation_id
      WHERE m.delivery = 'pending' AND m.outbox IS NOT NULL
        AND substr(c.url, 1, length(?1)) = ?1
      ORDER BY m.seq
      """)
    defer { statement.reset() }
    try statement.bind(1, prefix)
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
  /// Returns the stored message, then the waiting ones moved after it (`keepWaitingAfter`),
  /// whose rows show the new time too; empty when there is no such message.
  @discardableResult
  public func confirm(id: String, msgid: String?, time: Date?) throws -> [Message] {
    var moved: [String] = []
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
      if let time { moved = try keepWaitingAfter(id: id, at: time) }
    }
    guard let confirmed = try message(id: id) else { return [] }
    return try [confirmed] + moved.compactMap { try message(id: $0) }
  }

  /// Keeps the messages typed after `id` in its conversation, and still waiting (the send
  /// budget holds them back, the connection dropped, or one refused was retried), after it once
  /// its time is the server's `time`: they were typed before it was echoed, so their own times
  /// are earlier, and a history read again (a restart, a playback merged) showed them above it
  /// until their own echoes came. Each takes the server's time at its own echo; one refused
  /// keeps the time it is given here. Returns the ids of those moved.
  private func keepWaitingAfter(id: String, at time: Date) throws -> [String] {
    let statement = try db.cached(
      """
      UPDATE messages INDEXED BY messages_pending SET sent_at = ?2
      WHERE delivery = 'pending' AND sent_at < ?2
        AND seq > (SELECT seq FROM messages WHERE id = ?1)
        AND conversation_id = (SELECT conversation_id FROM messages WHERE id = ?1)
      RETURNING id
      """)
    defer { statement.reset() }
    try statement.bind(1, id)
    try statement.bind(2, Timestamp.milliseconds(time))
    var moved: [String] = []
    while try statement.step() { moved.append(statement.text(0)) }
    return moved
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
    // Not failed (any more): nothing to send again, as for a second Retry from a row not yet
    // redrawn.
    guard db.changes > 0 else { return nil }
    return try message(id: id)
  }

  private static func encode(_ entry: IRCOutboxEntry) throws -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .millisecondsSince1970
    return String(decoding: try encoder.encode(entry), as: UTF8.self)
  }
}
