import NatterCore

/// A private chat follows its person's nickname (issue 25): the conversation's URL ends with
/// the nickname, so a `NICK` renames it, with its messages, draft and read marker.
extension MessageStore {
  /// Renames the open conversation `old` to `new`; when `new` exists already (an earlier chat
  /// with that nickname), `old`'s messages join it. Returns false, changing nothing, when
  /// `old` is not an open conversation.
  @discardableResult
  public func renameConversation(from old: String, to new: String) throws -> Bool {
    guard old != new, old != Message.notes, new != Message.notes else { return false }
    let renamed = try db.transaction { () throws -> Bool in
      let find = try db.cached("SELECT id, open FROM conversations WHERE url = ?")
      defer { find.reset() }
      try find.bind(1, old)
      guard try find.step(), !find.isNull(1), find.int64(1) == 1 else { return false }
      let oldID = find.int64(0)
      find.reset()
      try find.bind(1, new)
      let newID: Int64? = try find.step() ? find.int64(0) : nil
      find.reset()
      if let newID {
        try merge(oldID, into: newID)
      } else {
        let rename = try db.cached("UPDATE conversations SET url = ?2, name = ?3 WHERE id = ?1")
        try rename.bind(1, oldID)
        try rename.bind(2, new)
        try rename.bind(3, Self.conversationName(url: new))
        try rename.run()
      }
      // The draft goes along, unless the other conversation has one of its own.
      let draft = try db.cached(
        "UPDATE OR IGNORE conversation_drafts SET conversation = ?2 WHERE conversation = ?1")
      try draft.bind(1, old)
      try draft.bind(2, new)
      try draft.run()
      let leftover = try db.cached("DELETE FROM conversation_drafts WHERE conversation = ?")
      try leftover.bind(1, old)
      try leftover.run()
      return true
    }
    if renamed {
      // Row ids moved between URLs: the caches are read again as needed.
      conversationIDs = [:]
      conversationURLs = [:]
      conversationsWithReactions = [:]
    }
    return renamed
  }

  /// `old`'s messages move to `new`, which is open from now on; the read marker kept is the
  /// later one, so nothing already seen counts as unread again.
  private func merge(_ old: Int64, into new: Int64) throws {
    let move = try db.cached("UPDATE messages SET conversation_id = ?2 WHERE conversation_id = ?1")
    try move.bind(1, old)
    try move.bind(2, new)
    try move.run()
    // Reactions go along, one kept where both chats had the same person's same emoji.
    let react = try db.cached(
      "UPDATE OR IGNORE reactions SET conversation_id = ?2 WHERE conversation_id = ?1")
    try react.bind(1, old)
    try react.bind(2, new)
    try react.run()
    let leftover = try db.cached("DELETE FROM reactions WHERE conversation_id = ?")
    try leftover.bind(1, old)
    try leftover.run()
    let counts = try db.cached(
      """
      UPDATE conversations SET open = 1,
        message_count = message_count + (SELECT message_count FROM conversations WHERE id = ?1)
      WHERE id = ?2
      """)
    try counts.bind(1, old)
    try counts.bind(2, new)
    try counts.run()
    let marker = try db.cached(
      """
      UPDATE conversations SET (read_sent_at, read_id) =
        (SELECT read_sent_at, read_id FROM conversations WHERE id = ?1)
      WHERE id = ?2 AND coalesce(read_sent_at, -1)
        < (SELECT coalesce(read_sent_at, -1) FROM conversations WHERE id = ?1)
      """)
    try marker.bind(1, old)
    try marker.bind(2, new)
    try marker.run()
    let empty = try db.cached(
      "UPDATE conversations SET open = 0, message_count = 0 WHERE id = ?")
    try empty.bind(1, old)
    try empty.run()
  }
}
