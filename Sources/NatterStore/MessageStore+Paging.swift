import NatterCore

/// Transcript paging. Position p counts from 0 = oldest in (sent_at, id) order.
///
/// Scrolling reads keyset pages from a cursor, which cost the same at any depth. Only a jump
/// (a scrollbar drag) needs a position: `cursor(atPosition:)` skips p entries of the covering
/// index `messages_by_time (sent_at, id)` without touching the table, then paging resumes
/// by cursor.
extension MessageStore {
  /// Up to `limit` messages beyond `cursor` in `direction`, nearest first: older ones newest
  /// first, newer ones oldest first. Without a cursor, from the newest or the oldest end.
  public func messages(
    _ direction: PageDirection, from cursor: MessageCursor?, limit: Int
  ) throws -> [Message] {
    let (comparison, order) = direction == .older ? ("<", "DESC") : (">", "")
    let filter = cursor == nil ? "" : "WHERE (sent_at, id) \(comparison) (?, ?)"
    let statement = try db.cached(
      """
      SELECT \(Self.messageColumns) FROM messages \(filter)
      ORDER BY sent_at \(order), id \(order) LIMIT ?
      """)
    if let cursor {
      try bind(cursor, limit: limit, to: statement)
    } else {
      try statement.bind(1, limit)
    }
    return try messages(from: statement)
  }

  /// The cursor of the message at `position` (0 = oldest), or nil past the end. For jumps only:
  /// it is an index-only scan, but still linear in `position`.
  public func cursor(atPosition position: Int) throws -> MessageCursor? {
    let total = try count()
    guard position >= 0, position < total else { return nil }
    // Skip from whichever end is nearer, so no jump walks more than half the index.
    let fromNewest = position >= total / 2
    let statement = try db.cached(
      fromNewest
        ? """
        SELECT sent_at, id FROM messages INDEXED BY messages_by_time
        ORDER BY sent_at DESC, id DESC LIMIT 1 OFFSET ?
        """
        : """
        SELECT sent_at, id FROM messages INDEXED BY messages_by_time
        ORDER BY sent_at, id LIMIT 1 OFFSET ?
        """)
    defer { statement.reset() }
    try statement.bind(1, fromNewest ? total - 1 - position : position)
    guard try statement.step() else { return nil }
    return MessageCursor(sentAtMilliseconds: statement.int64(0), id: statement.text(1))
  }

  /// Up to `limit` messages from `position` on (0 = oldest), oldest first; for jumps only.
  public func messages(fromPosition position: Int, limit: Int) throws -> [Message] {
    guard let start = try cursor(atPosition: position) else { return [] }
    let statement = try db.cached(
      """
      SELECT \(Self.messageColumns) FROM messages WHERE (sent_at, id) >= (?, ?)
      ORDER BY sent_at, id LIMIT ?
      """)
    try bind(start, limit: limit, to: statement)
    return try messages(from: statement)
  }

  /// The position (0 = oldest) a message with this cursor has or would have; an index-only count.
  public func position(of cursor: MessageCursor) throws -> Int {
    let statement = try db.cached(
      """
      SELECT count(*) FROM messages INDEXED BY messages_by_time WHERE (sent_at, id) < (?, ?)
      """)
    defer { statement.reset() }
    try statement.bind(1, cursor.sentAtMilliseconds)
    try statement.bind(2, cursor.id)
    return try statement.step() ? Int(statement.int64(0)) : 0
  }

  private func bind(_ cursor: MessageCursor, limit: Int, to statement: Statement) throws {
    try statement.bind(1, cursor.sentAtMilliseconds)
    try statement.bind(2, cursor.id)
    try statement.bind(3, limit)
  }
}
