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
  }

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
  public func unread(in conversation: String, me: String, limit: Int = 999) throws -> Unread {
    let id = try conversationRowID(url: conversation)
    let marker = try db.cached("SELECT read_sent_at, read_id FROM conversations WHERE id = ?")
    try marker.bind(1, id)
    guard try marker.step(), !marker.isNull(0) else {
      marker.reset()
      try markRead(conversation)
      return Unread(count: 0, firstID: nil, mentioned: false)
    }
    let cursor = MessageCursor(sentAtMilliseconds: marker.int64(0), id: marker.text(1))
    marker.reset()
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
