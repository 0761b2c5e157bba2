import NatterCore

/// Reactions and replies (`+draft/react`, `+draft/reply`, SPEC §13).
///
/// A reaction is kept by the msgid it answers, so one heard before its message (a playback
/// fills the gap later) shows once the message is stored. Reads fill `Message.reactions` for
/// a whole page with one indexed query per conversation in it, and none for a conversation
/// where no one reacted: a page read is on the Enter-to-visible budget (SPEC §8).
extension MessageStore {
  /// How many msgids one reaction read binds, rounded up to one of these so that a handful of
  /// statements stay cached; the unused ones are NULL, which matches nothing. A longer list is
  /// read in several.
  static let reactionReadSizes = [16, 64, 256]

  /// Stores reactions and take-backs in one transaction; returns the stored messages whose
  /// reactions changed, with their new `reactions`, so their rows redraw.
  ///
  /// Idempotent: a reaction heard again (echo, playback, a bouncer's replay) changes nothing,
  /// and neither does an older reaction heard after its take-back. A reaction to a msgid not
  /// stored yet changes no message, but is kept for when it comes. A reaction to a later line
  /// of a message sent as several lines counts for that message.
  @discardableResult
  public func apply(_ reactions: [Reaction]) throws -> [Message] {
    guard !reactions.isEmpty else { return [] }
    let changed = try db.transaction { () throws -> [(conversation: Int64, msgid: String)] in
      var changed: [(conversation: Int64, msgid: String)] = []
      var seen = Set<String>()
      for reaction in reactions {
        let conversation = try conversationRowID(url: reaction.conversation)
        let msgid = try messageMsgid(ofLine: reaction.msgid) ?? reaction.msgid
        guard try store(reaction, msgid: msgid, conversation: conversation) else { continue }
        conversationsWithReactions[conversation] = true
        if seen.insert("\(conversation) \(msgid)").inserted {
          changed.append((conversation, msgid))
        }
      }
      return changed
    }
    let lookup = try db.cached(
      "SELECT \(Self.messageColumns) FROM messages WHERE msgid = ?1 AND conversation_id = ?2")
    var messages: [Message] = []
    for (conversation, msgid) in changed {
      defer { lookup.reset() }
      try lookup.bind(1, msgid)
      try lookup.bind(2, conversation)
      if try lookup.step() { messages.append(try message(from: lookup)) }
    }
    try fillReactions(&messages)
    return messages
  }

  /// The message with server id `msgid` in `conversation`, with its reactions: a reply's
  /// parent, for its quote and for jumping to it. A msgid of a later line of a message sent
  /// as several lines finds that message. Nil when it is not stored (yet).
  public func message(msgid: String, in conversation: String) throws -> Message? {
    let statement = try db.cached(
      """
      SELECT \(Self.messageColumns) FROM messages
      WHERE msgid = ?1 AND conversation_id = (SELECT id FROM conversations WHERE url = ?2)
      """)
    try statement.bind(1, msgid)
    try statement.bind(2, conversation)
    if let found = try messages(from: statement).first { return found }
    guard let first = try messageMsgid(ofLine: msgid), first != msgid else { return nil }
    return try message(msgid: first, in: conversation)
  }

  /// Fills `reactions` of every message that has a msgid, from one query per conversation
  /// among them (per `reactionReadSizes.last` msgids).
  func fillReactions(_ messages: inout [Message]) throws {
    var positions: [Int64: [Int]] = [:]
    for (index, message) in messages.enumerated() where message.msgid != nil {
      let conversation = try conversationRowID(url: message.conversation)
      guard try hasReactions(conversation) else { continue }
      positions[conversation, default: []].append(index)
    }
    let most = Self.reactionReadSizes.last ?? 256
    for (conversation, indices) in positions {
      for start in stride(from: 0, to: indices.count, by: most) {
        let chunk = indices[start..<min(start + most, indices.count)]
        let groups = try reactionGroups(
          in: conversation, msgids: chunk.compactMap { messages[$0].msgid })
        for index in chunk {
          guard let msgid = messages[index].msgid else { continue }
          messages[index].reactions = groups[msgid] ?? []
        }
      }
    }
  }

  /// The reactions to each of `msgids` in `conversation`, grouped per emoji in the order of
  /// each emoji's first reaction, the senders in the order they reacted.
  private func reactionGroups(in conversation: Int64, msgids: [String]) throws
    -> [String: [ReactionGroup]]
  {
    let size = Self.reactionReadSizes.first { $0 >= msgids.count } ?? msgids.count
    let placeholders = (0..<size).map { "?\($0 + 2)" }.joined(separator: ", ")
    let statement = try db.cached(
      """
      SELECT msgid, sender, emoji, is_own FROM reactions
      WHERE conversation_id = ?1 AND msgid IN (\(placeholders)) AND removed = 0
      ORDER BY sent_at, sender, emoji
      """)
    // `reset` clears the bindings too: the places past the msgids are NULL.
    defer { statement.reset() }
    try statement.bind(1, conversation)
    for (offset, msgid) in msgids.enumerated() { try statement.bind(Int32(offset + 2), msgid) }
    var groups: [String: [ReactionGroup]] = [:]
    while try statement.step() {
      let sender = statement.text(1)
      let emoji = statement.text(2)
      let isOwn = statement.int64(3) != 0
      Self.add(sender, emoji, isOwn: isOwn, to: &groups[statement.text(0), default: []])
    }
    return groups
  }

  private static func add(
    _ sender: String, _ emoji: String, isOwn: Bool, to groups: inout [ReactionGroup]
  ) {
    guard let index = groups.firstIndex(where: { $0.emoji == emoji }) else {
      groups.append(ReactionGroup(emoji: emoji, senders: [sender], includesMe: isOwn))
      return
    }
    groups[index].senders.append(sender)
    if isOwn { groups[index].includesMe = true }
  }

  /// Whether `conversation` has any reaction row; asked of the database once per conversation.
  private func hasReactions(_ conversation: Int64) throws -> Bool {
    if let known = conversationsWithReactions[conversation] { return known }
    let probe = try db.cached("SELECT 1 FROM reactions WHERE conversation_id = ? LIMIT 1")
    defer { probe.reset() }
    try probe.bind(1, conversation)
    let has = try probe.step()
    conversationsWithReactions[conversation] = has
    return has
  }

  /// The msgid of the stored message that `msgid` is a later line of, if it is one.
  private func messageMsgid(ofLine msgid: String) throws -> String? {
    let statement = try db.cached(
      """
      SELECT m.msgid FROM message_lines AS l JOIN messages AS m ON m.id = l.message_id
      WHERE l.msgid = ? AND m.msgid IS NOT NULL
      """)
    defer { statement.reset() }
    try statement.bind(1, msgid)
    return try statement.step() ? statement.text(0) : nil
  }

  /// Stores one reaction (or take-back) of `msgid`; returns whether what is shown changed.
  /// The most different emoji one message shows, and the most one person puts on it.
  static let maxEmojiPerMessage = 20
  static let maxReactionsPerSender = 8
  /// The most reactions a conversation keeps waiting for messages it does not have.
  static let maxWaitingReactions = 500

  /// Whether `reaction` (new) fits within the bounds above.
  private func hasRoom(for reaction: Reaction, msgid: String, conversation: Int64) throws -> Bool {
    let counts = try db.cached(
      """
      SELECT count(DISTINCT emoji), coalesce(sum(sender = ?3), 0), coalesce(sum(emoji = ?4), 0)
      FROM reactions WHERE conversation_id = ?1 AND msgid = ?2 AND removed = 0
      """)
    defer { counts.reset() }
    try counts.bind(1, conversation)
    try counts.bind(2, msgid)
    try counts.bind(3, reaction.sender)
    try counts.bind(4, reaction.emoji)
    guard try counts.step() else { return true }
    let emoji = counts.int64(0)
    let bySender = counts.int64(1)
    let sameEmoji = counts.int64(2)
    guard bySender < Self.maxReactionsPerSender,
      sameEmoji > 0 || emoji < Self.maxEmojiPerMessage
    else { return false }
    let known = try db.cached(
      "SELECT 1 FROM messages WHERE msgid = ?1 AND conversation_id = ?2 LIMIT 1")
    defer { known.reset() }
    try known.bind(1, msgid)
    try known.bind(2, conversation)
    if try known.step() { return true }
    let waiting = try db.cached(
      """
      SELECT count(*) FROM (
        SELECT 1 FROM reactions r WHERE r.conversation_id = ?1 AND NOT EXISTS (
          SELECT 1 FROM messages m WHERE m.msgid = r.msgid AND m.conversation_id = ?1)
        LIMIT ?2)
      """)
    defer { waiting.reset() }
    try waiting.bind(1, conversation)
    try waiting.bind(2, Int64(Self.maxWaitingReactions))
    return try waiting.step() && waiting.int64(0) < Self.maxWaitingReactions
  }

  func store(_ reaction: Reaction, msgid: String, conversation: Int64) throws -> Bool {
    let key = try db.cached(
      """
      SELECT removed FROM reactions
      WHERE conversation_id = ?1 AND msgid = ?2 AND sender = ?3 AND emoji = ?4
      """)
    try key.bind(1, conversation)
    try key.bind(2, msgid)
    try key.bind(3, reaction.sender)
    try key.bind(4, reaction.emoji)
    let exists = try key.step()
    let wasShown = exists && key.int64(0) == 0
    key.reset()
    // Anyone can react with any short text to any msgid: a new row needs room for it.
    if !reaction.removed, !exists,
      try !hasRoom(for: reaction, msgid: msgid, conversation: conversation)
    {
      return false
    }
    // A reaction comes back only when it is newer than its take-back; a take-back counts
    // only when it is not older than the reaction (a replay can bring either again).
    let upsert = try db.cached(
      reaction.removed
        ? """
        INSERT INTO reactions (conversation_id, msgid, sender, emoji, sent_at, is_own, removed)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1)
        ON CONFLICT DO UPDATE SET sent_at = excluded.sent_at, removed = 1
        WHERE excluded.sent_at >= reactions.sent_at
        """
        : """
        INSERT INTO reactions (conversation_id, msgid, sender, emoji, sent_at, is_own, removed)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)
        ON CONFLICT DO UPDATE SET sent_at = excluded.sent_at, is_own = excluded.is_own,
          removed = 0
        WHERE reactions.removed = 1 AND excluded.sent_at > reactions.sent_at
        """)
    try upsert.bind(1, conversation)
    try upsert.bind(2, msgid)
    try upsert.bind(3, reaction.sender)
    try upsert.bind(4, reaction.emoji)
    try upsert.bind(5, Timestamp.milliseconds(reaction.sentAt))
    try upsert.bind(6, reaction.isOwn ? 1 : 0)
    try upsert.run()
    guard db.changes == 1 else { return false }
    return reaction.removed ? wasShown : true
  }
}
