import NatterCore

/// Where the user has read up to in each conversation (SPEC §10), so unread counts and the
/// `New messages` line survive a restart and count what a server played back meanwhile.
extension MessageStore {
  /// What arrived in a conversation after its read marker.
  public struct Unread: Equatable, Sendable {
    /// Messages from others (status lines and the user's own are not counted), at most the
    /// limit asked for.
    public var count: Int
    /// The oldest of them, where the `New messages` line goes.
    public var firstID: String?
    /// One of them mentions the user.
    public var mentioned: Bool
    /// The count as just counted from the messages, for `keepUnread` to keep; nil when it was
    /// read from a kept count, or was too cheap to count to be worth a write.
    public var counted: UnreadCounted?

    public init(count: Int, firstID: String?, mentioned: Bool, counted: UnreadCounted? = nil) {
      self.count = count
      self.firstID = firstID
      self.mentioned = mentioned
      self.counted = counted
    }
  }

  /// An unread count made by reading a conversation's messages, with what the conversation
  /// was when it was made, so that `keepUnread` keeps it only if nothing changed since.
  public struct UnreadCounted: Equatable, Sendable {
    fileprivate var conversationID: Int64
    fileprivate var me: String
    fileprivate var count: Int
    fileprivate var mentioned: Bool
    /// Counting ended before the limit: `count` is all of them.
    fileprivate var complete: Bool
    fileprivate var messageCount: Int64
    fileprivate var marker: MessageCursor
    /// The newest message's `seq` when it was counted: what was stored after it is counted
    /// when the count is kept.
    fileprivate var lastSeq: Int64
  }

  /// Fewer unread messages than this are counted again at each start rather than kept: their
  /// count costs less than the write that would keep it.
  static let unreadWorthKeeping = 100

  /// Everything in `conversation` up to its newest message is read now.
  public func markRead(_ conversation: String) throws {
    guard let newest = try readCursor(of: conversation) else { return }
    try markRead(conversation, upTo: newest)
  }

  /// Where `conversation` is read up to once the user has seen what it holds now; nil when
  /// it holds no message to read. A read, so it is cheap; `markRead(_:upTo:)` writes it.
  ///
  /// The marker is the newest message that is not a status line: status lines carry this
  /// computer's clock to the millisecond, messages the server's (often to the second), so a
  /// join line stamped a moment after a message the server sent in the same second would
  /// have hidden that message from the count.
  public func readCursor(of conversation: String) throws -> MessageCursor? {
    let id = try conversationRowID(url: conversation)
    let newest = try db.cached(
      """
      SELECT sent_at, id FROM messages INDEXED BY messages_by_conversation
      WHERE conversation_id = ? AND kind <> 'status' ORDER BY sent_at DESC, id DESC LIMIT 1
      """)
    defer { newest.reset() }
    try newest.bind(1, id)
    guard try newest.step() else { return nil }
    return MessageCursor(sentAtMilliseconds: newest.int64(0), id: newest.text(1))
  }

  /// Everything in `conversation` up to `cursor` (from `readCursor(of:)`) is read.
  public func markRead(_ conversation: String, upTo cursor: MessageCursor) throws {
    let id = try conversationRowID(url: conversation)
    let statement = try db.cached(
      "UPDATE conversations SET read_sent_at = ?, read_id = ? WHERE id = ?")
    try statement.bind(1, cursor.sentAtMilliseconds)
    try statement.bind(2, cursor.id)
    try statement.bind(3, id)
    try statement.run()
  }

  /// Runs the writes of `body` in one transaction: the disk is waited for once, not once
  /// for each (a switch of conversation writes two read markers and the one opened).
  public func inOneTransaction(_ body: () throws -> Void) throws {
    try db.transaction(body)
  }

  /// The messages from others after `conversation`'s read marker, counting at most `limit`
  /// (the work is proportional to that, never to the conversation). A conversation never
  /// marked (or holding only status lines) is read up to now from here on: nothing counts.
  /// A count kept for `me` (`keepUnread`) is read instead of counting again.
  public func unread(in conversation: String, me: String, limit: Int = 999) throws -> Unread {
    let id = try conversationRowID(url: conversation)
    let state = try db.cached(
      """
      SELECT c.read_sent_at, c.read_id, c.message_count, u.me, u.count, u.mentioned, u.complete,
        (SELECT coalesce(max(seq), 0) FROM messages)
      FROM conversations c LEFT JOIN unread_counts u ON u.conversation_id = c.id WHERE c.id = ?
      """)
    try state.bind(1, id)
    guard try state.step(), !state.isNull(0) else {
      state.reset()
      try markRead(conversation)
      return Unread(count: 0, firstID: nil, mentioned: false)
    }
    let cursor = MessageCursor(sentAtMilliseconds: state.int64(0), id: state.text(1))
    let messageCount = state.int64(2)
    let lastSeq = state.int64(7)
    let kept =
      state.isNull(3) || state.text(3) != me
      ? nil
      : (count: Int(state.int64(4)), mentioned: state.int64(5) != 0, complete: state.int64(6) != 0)
    state.reset()
    if let kept, kept.complete || kept.count >= limit {
      let count = min(kept.count, limit)
      let firstID =
        count > 0 ? try countUnread(in: id, after: cursor, me: me, limit: 1).firstID : nil
      return Unread(count: count, firstID: firstID, mentioned: kept.mentioned)
    }
    var unread = try countUnread(in: id, after: cursor, me: me, limit: limit)
    if unread.count >= Self.unreadWorthKeeping {
      unread.counted = UnreadCounted(
        conversationID: id, me: me, count: unread.count, mentioned: unread.mentioned,
        complete: unread.count < limit, messageCount: messageCount, marker: cursor,
        lastSeq: lastSeq)
    }
    return unread
  }

  /// Keeps counts `unread` made, with the messages stored since each was made (the received
  /// writer stores on its own connection, so some may have come in between), each only if its
  /// conversation lost no message and kept its marker meanwhile. One transaction, when the
  /// caller has none.
  public func keepUnread(_ counts: [UnreadCounted]) throws {
    guard !counts.isEmpty else { return }
    let keep = try db.cached(
      """
      INSERT OR REPLACE INTO unread_counts (conversation_id, me, count, mentioned, complete)
      SELECT c.id, ?2, ?3 + since.unread, max(?4, since.mentioned), ?5
      FROM conversations c, (
        SELECT count(*) AS stored, coalesce(sum(counts), 0) AS unread,
          coalesce(max(counts AND mentions <> 0), 0) AS mentioned
        FROM (
          SELECT mentions, kind <> 'status' AND sender <> ?2 COLLATE NOCASE
            AND (sent_at, id) > (?7, ?8) AS counts
          FROM messages WHERE seq > ?9 AND conversation_id = ?1)) since
      WHERE c.id = ?1 AND c.message_count = ?6 + since.stored
        AND c.read_sent_at = ?7 AND c.read_id = ?8
      """)
    let write = {
      for counted in counts {
        try keep.bind(1, counted.conversationID)
        try keep.bind(2, counted.me)
        try keep.bind(3, counted.count)
        try keep.bind(4, counted.mentioned ? 1 : 0)
        try keep.bind(5, counted.complete ? 1 : 0)
        try keep.bind(6, counted.messageCount)
        try keep.bind(7, counted.marker.sentAtMilliseconds)
        try keep.bind(8, counted.marker.id)
        try keep.bind(9, counted.lastSeq)
        try keep.run()
      }
    }
    if db.inTransaction { try write() } else { try db.transaction(write) }
  }

  /// Counts the messages from others after `cursor` in conversation `id`, at most `limit`.
  private func countUnread(
    in id: Int64, after cursor: MessageCursor, me: String, limit: Int
  ) throws -> Unread {
    let statement = try db.cached(
      """
      SELECT id, mentions FROM messages INDEXED BY messages_by_conversation
      WHERE conversation_id = ?1 AND (sent_at, id) > (?2, ?3) AND kind <> 'status'
        AND sender <> ?4 COLLATE NOCASE
      ORDER BY sent_at, id LIMIT ?5
      """)
    defer { statement.reset() }
    try statement.bind(1, id)
    try statement.bind(2, cursor.sentAtMilliseconds)
    try statement.bind(3, cursor.id)
    try statement.bind(4, me)
    try statement.bind(5, limit)
    var unread = Unread(count: 0, firstID: nil, mentioned: false)
    while try statement.step() {
      if unread.firstID == nil { unread.firstID = statement.text(0) }
      unread.count += 1
      if statement.int64(1) != 0 { unread.mentioned = true }
    }
    return unread
  }
}
