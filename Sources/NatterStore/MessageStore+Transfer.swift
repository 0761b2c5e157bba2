import CSQLite
import Foundation
import NatterCore

/// Export and import in the JSON Lines format of SPEC §6.
///
/// Export writes messages in transcript order with a fixed key order and no spaces; times have
/// whole seconds, or exactly three fraction digits when the milliseconds are not zero. So
/// export → import into an empty store → export gives identical bytes.
extension MessageStore {
  /// Writes every message to `url`; returns how many were written.
  ///
  /// The messages go to a temporary file beside `url` that replaces it only when complete, so
  /// a failed export leaves the old file as it was. `url` must not be the database itself.
  @discardableResult
  public func export(to url: URL) throws -> Int {
    let target = try ExportTarget(path: url.path, protecting: databaseURL)
    let count: Int
    do {
      count = try export(toDescriptor: target.descriptor, path: url.path)
    } catch {
      target.abandon()
      throw error
    }
    // The export is often a backup; `commit` syncs it before saying it is done.
    try target.commit()
    return count
  }

  /// Writes every message to an open handle, such as standard output for `--export -`.
  @discardableResult
  public func export(to handle: FileHandle) throws -> Int {
    try export(toDescriptor: handle.fileDescriptor, path: "-")
  }

  private func export(toDescriptor fd: Int32, path: String) throws -> Int {
    // One read transaction: the file is a consistent snapshot even if messages arrive meanwhile.
    try db.execute("BEGIN")
    defer { sqlite3_exec(db.handle, "COMMIT", nil, nil, nil) }
    let reactions = try exportedReactions()
    let statement = try db.prepare(
      """
      SELECT m.seq, coalesce(m.msgid, m.id), m.sender, m.sent_at, m.body, m.edited, t.tag,
        m.conversation_id, m.kind, m.formatted, m.msgid, m.reply_to
      FROM messages AS m LEFT JOIN message_tags AS t ON t.message_seq = m.seq
      ORDER BY m.sent_at, m.id, t.position
      """)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(1 << 20)
    var current: (seq: Int64, record: ExportRecord)?
    var count = 0
    func flush() throws {
      var offset = 0
      while offset < buffer.count {
        let written = buffer.withUnsafeBytes {
          write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset)
        }
        if written < 0 {
          if errno == EINTR { continue }
          throw errno == ENOSPC
            ? StoreError.diskFull
            : StoreError.io(path: path, detail: String(cString: strerror(errno)))
        }
        offset += written
      }
      buffer.removeAll(keepingCapacity: true)
    }
    while try statement.step() {
      let seq = statement.int64(0)
      let tag: String? =
        sqlite3_column_type(statement.handle, 6) == SQLITE_NULL
        ? nil : statement.text(6)
      if current?.seq == seq, let tag {
        current?.record.tags.append(tag)
        continue
      }
      if let done = current {
        JSONLineEncoder.appendLine(done.record, to: &buffer)
        count += 1
        if buffer.count >= 1 << 20 { try flush() }
      }
      let conversation = statement.int64(7)
      let msgid: String? = statement.isNull(10) ? nil : statement.text(10)
      let record = ExportRecord(
        id: statement.text(1), sender: statement.text(2), sentAtMilliseconds: statement.int64(3),
        body: statement.text(4), tags: tag.map { [$0] } ?? [], edited: statement.int64(5) != 0,
        conversation: try conversationURL(id: conversation),
        kind: Message.Kind(rawValue: statement.text(8)) ?? .message,
        formatted: statement.isNull(9) ? nil : statement.text(9),
        replyTo: statement.isNull(11) ? nil : statement.text(11),
        reactions: msgid.flatMap { reactions["\(conversation) \($0)"] } ?? [])
      current = (seq, record)
    }
    if let done = current {
      JSONLineEncoder.appendLine(done.record, to: &buffer)
      count += 1
    }
    try flush()
    return count
  }

  /// The shown reactions by `"<conversation row id> <msgid>"`, oldest first, read in one go:
  /// there are far fewer reactions than messages, and the messages stream in time order.
  /// Reactions to a message that is not stored are not exported (a line is a message).
  private func exportedReactions() throws -> [String: [ExportReaction]] {
    let statement = try db.prepare(
      """
      SELECT conversation_id, msgid, sender, emoji, sent_at, is_own FROM reactions
      WHERE removed = 0 ORDER BY sent_at, sender, emoji
      """)
    var reactions: [String: [ExportReaction]] = [:]
    while try statement.step() {
      reactions["\(statement.int64(0)) \(statement.text(1))", default: []].append(
        ExportReaction(
          sender: statement.text(2), emoji: statement.text(3),
          sentAtMilliseconds: statement.int64(4), isOwn: statement.int64(5) != 0))
    }
    return reactions
  }

  /// Imports a JSON Lines file in one transaction, skipping messages already stored.
  ///
  /// Every line is checked against the composer's rules (`MessageRules`); a line whose id is
  /// already stored, or appeared earlier in the file, with other content is a conflict. When
  /// any line is wrong, `ImportError.invalidLines` names them all and nothing is imported.
  /// Empty lines are allowed only at the end of the file.
  public func `import`(from url: URL) throws(ImportError) -> ImportSummary {
    let reader = try LineReader(path: url.path)
    defer { reader.close() }
    return try importAll(reader)
  }

  /// Imports from an open handle, such as standard input for `--import -`; it is not closed.
  public func `import`(from handle: FileHandle, name: String = "-") throws(ImportError)
    -> ImportSummary
  {
    try importAll(LineReader(descriptor: handle.fileDescriptor, path: name))
  }

  private func importAll(_ reader: LineReader) throws(ImportError) -> ImportSummary {
    do {
      // A bigger page cache for the duration: the indexes of a large import stay in memory.
      try db.execute("PRAGMA cache_size = -65536")
      defer { sqlite3_exec(db.handle, "PRAGMA cache_size = -2000", nil, nil, nil) }
      let summary = try db.transaction { try importLines(reader) }
      // The import may have brought reactions to conversations that had none.
      conversationsWithReactions = [:]
      // Give the disk back: the import went through the WAL, which would otherwise stay large.
      sqlite3_exec(db.handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
      return summary
    } catch let error as ImportError {
      throw error
    } catch let error as StoreError {
      throw ImportError.store(error)
    } catch {
      throw ImportError.store(.sqlite(code: SQLITE_ERROR, message: String(describing: error)))
    }
  }

  private func importLines(_ reader: LineReader) throws -> ImportSummary {
    let insert = try db.cached(
      """
      INSERT OR IGNORE INTO messages
        (id, sender, sent_at, body, edited, delivery, conversation_id, msgid, kind, formatted,
         reply_to)
      VALUES (?, ?, ?, ?, ?, 'sent', ?, ?, ?, ?, ?)
      """)
    // New rows get seq values above the current maximum, so they can be indexed in one go.
    let lastSeqBefore = try db.integer("SELECT coalesce(max(seq), 0) FROM messages") ?? 0
    var summary = ImportSummary(inserted: 0, skippedDuplicates: 0)
    var problems = ImportProblems()
    // The line of each row this import inserted, by seq - lastSeqBefore - 1: four bytes a row
    // name the first line of an id that comes again with other content.
    var lineOfInserted: [Int32] = []
    var firstEmptyLine: Int?
    do {
      try reader.forEachLine { number, rawLine in
        var line = rawLine
        // A UTF-8 byte order mark from some editors is not part of the JSON.
        if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
          line = UnsafeBufferPointer(rebasing: line[3...])
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
          if firstEmptyLine == nil { firstEmptyLine = number }
          return
        }
        if let empty = firstEmptyLine {
          problems.add(
            line: empty, reason: localized("an empty line comes before the end of the file"))
          firstEmptyLine = nil
        }
        let record: ExportRecord
        do {
          record = try ExportRecord(json: try JSONParser.parse(line))
        } catch let failure as JSONParser.Failure {
          problems.add(line: number, reason: failure.reason)
          return
        } catch let failure as ImportLineFailure {
          problems.add(line: number, reason: failure.reason)
          return
        }
        try insert.bind(1, record.id)
        try insert.bind(2, record.sender)
        try insert.bind(3, record.sentAtMilliseconds)
        try insert.bind(4, record.body)
        try insert.bind(5, record.edited ? 1 : 0)
        let conversation = try conversationRowID(url: record.conversation)
        try insert.bind(6, conversation)
        // A server's message keeps its msgid as its id (SPEC §6), so replays still deduplicate.
        // Status lines are Natter's own notes, never a server's message.
        let fromServer = record.conversation != Message.notes && record.kind != .status
        try insert.bind(7, fromServer ? record.id : nil)
        try insert.bind(8, record.kind.rawValue)
        try insert.bind(9, record.formatted)
        try insert.bind(10, record.replyTo)
        try insert.run()
        guard db.changes == 1 else {
          if let conflict = try conflict(with: record, lastSeqBefore, lineOfInserted) {
            problems.add(line: number, reason: conflict)
          } else {
            summary.skippedDuplicates += 1
            // The same message: what the file knows more about it (a parent, reactions) is
            // merged in, as a server's copy of it would be.
            try mergeReplyTo(of: record)
            try importReactions(of: record, in: conversation)
          }
          return
        }
        summary.inserted += 1
        lineOfInserted.append(Int32(clamping: number))
        try insertTags(
          record.tags, seq: sqlite3_last_insert_rowid(db.handle),
          sentAt: record.sentAtMilliseconds)
        try importReactions(of: record, in: conversation)
      }
    } catch ImportError.invalidLines(let fatal, _) {
      // The reader gave up (a line too long to hold); what was found before it still counts.
      for problem in fatal { problems.add(line: problem.line, reason: problem.reason) }
    }
    if let error = problems.error { throw error }
    let index = try db.prepare(
      "INSERT INTO messages_fts (rowid, body) SELECT seq, body FROM messages WHERE seq > ?")
    try index.bind(1, lastSeqBefore)
    try index.run()
    return summary
  }

  /// Why `record`, whose id is already stored, conflicts with it; nil when it is the same
  /// message (importing it again is a no-op).
  private func conflict(
    with record: ExportRecord, _ lastSeqBefore: Int64, _ lineOfInserted: [Int32]
  ) throws -> String? {
    let lookup = try db.cached("SELECT \(Self.messageColumns) FROM messages WHERE id = ?")
    try lookup.bind(1, record.id)
    guard try lookup.step() else {
      lookup.reset()
      return nil
    }
    let seq = lookup.int64(0)
    let stored = try message(from: lookup)
    lookup.reset()
    let same =
      stored.sender == record.sender
      && Timestamp.milliseconds(stored.sentAt) == record.sentAtMilliseconds
      && stored.body == record.body && stored.edited == record.edited
      && stored.tags == record.tags && stored.kind == record.kind
      // A parent only one side knows is merged, not a difference.
      && (stored.replyTo == nil || record.replyTo == nil || stored.replyTo == record.replyTo)
    if same { return nil }
    let id = record.id.unicodeScalars.count <= 80 ? record.id : String(record.id.prefix(80)) + "…"
    let index = Int(seq - lastSeqBefore - 1)
    if index >= 0, index < lineOfInserted.count {
      return localized(
        "the id \"{id}\" is also on line {line} with different content",
        ["id": id, "line": String(lineOfInserted[index])])
    }
    return localized(
      "the id \"{id}\" is already in the history with different content", ["id": id])
  }

  /// Keeps the imported parent of a stored message that had none.
  private func mergeReplyTo(of record: ExportRecord) throws {
    guard let replyTo = record.replyTo else { return }
    let statement = try db.cached(
      "UPDATE messages SET reply_to = ?2 WHERE (id = ?1 OR msgid = ?1) AND reply_to IS NULL")
    try statement.bind(1, record.id)
    try statement.bind(2, replyTo)
    try statement.run()
  }

  /// Stores a line's reactions by its id, which is its msgid (only a server's message has
  /// any); one already stored, or taken back since, is left as it is.
  private func importReactions(of record: ExportRecord, in conversation: Int64) throws {
    for reaction in record.reactions {
      let stored = Reaction(
        conversation: record.conversation, msgid: record.id, sender: reaction.sender,
        emoji: reaction.emoji, sentAt: Timestamp.date(reaction.sentAtMilliseconds),
        isOwn: reaction.isOwn)
      _ = try store(stored, msgid: record.id, conversation: conversation)
    }
  }
}
