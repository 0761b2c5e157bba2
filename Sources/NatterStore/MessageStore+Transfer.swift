import CSQLite
import Foundation
import NatterCore

/// Export and import in the JSON Lines format of SPEC §6.
///
/// Export writes messages in transcript order with a fixed key order and no spaces; times have
/// whole seconds, or exactly three fraction digits when the milliseconds are not zero. So
/// export → import into an empty store → export gives identical bytes.
extension MessageStore {
  /// Writes every message to `url` (created or truncated); returns how many were written.
  @discardableResult
  public func export(to url: URL) throws -> Int {
    let fd = Foundation.open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw StoreError.io(path: url.path, detail: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    let count = try export(toDescriptor: fd, path: url.path)
    // The export is often a backup; make sure it is on disk before saying it is done.
    guard fsync(fd) == 0 || errno == EINVAL else {
      throw StoreError.io(path: url.path, detail: String(cString: strerror(errno)))
    }
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
    let statement = try db.prepare(
      """
      SELECT m.seq, coalesce(m.msgid, m.id), m.sender, m.sent_at, m.body, m.edited, t.tag,
        m.conversation_id
      FROM messages AS m LEFT JOIN message_tags AS t ON t.message_seq = m.seq
      WHERE m.kind <> 'status'
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
      let record = ExportRecord(
        id: statement.text(1), sender: statement.text(2), sentAtMilliseconds: statement.int64(3),
        body: statement.text(4), tags: tag.map { [$0] } ?? [], edited: statement.int64(5) != 0,
        conversation: try conversationURL(id: statement.int64(7)))
      current = (seq, record)
    }
    if let done = current {
      JSONLineEncoder.appendLine(done.record, to: &buffer)
      count += 1
    }
    try flush()
    return count
  }

  /// Imports a JSON Lines file in one transaction, skipping ids already stored.
  ///
  /// Every line is validated; the first bad one throws `ImportError.invalidLine` and nothing is
  /// imported. Empty lines are allowed only at the end of the file.
  public func `import`(from url: URL) throws(ImportError) -> ImportSummary {
    let reader = try LineReader(path: url.path)
    defer { reader.close() }
    do {
      // A bigger page cache for the duration: the indexes of a large import stay in memory.
      try db.execute("PRAGMA cache_size = -65536")
      defer { sqlite3_exec(db.handle, "PRAGMA cache_size = -2000", nil, nil, nil) }
      let summary = try db.transaction { try importLines(reader) }
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
        (id, sender, sent_at, body, edited, delivery, conversation_id, msgid)
      VALUES (?, ?, ?, ?, ?, 'sent', ?, ?)
      """)
    // New rows get seq values above the current maximum, so they can be indexed in one go.
    let lastSeqBefore = try db.integer("SELECT coalesce(max(seq), 0) FROM messages") ?? 0
    var summary = ImportSummary(inserted: 0, skippedDuplicates: 0)
    var firstEmptyLine: Int?
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
        throw ImportError.invalidLine(
          number: empty, reason: "empty line before the end of the file")
      }
      let record: ExportRecord
      do {
        record = try ExportRecord(json: try JSONParser.parse(line))
      } catch let failure as JSONParser.Failure {
        throw ImportError.invalidLine(number: number, reason: failure.reason)
      } catch let failure as ImportLineFailure {
        throw ImportError.invalidLine(number: number, reason: failure.reason)
      }
      try insert.bind(1, record.id)
      try insert.bind(2, record.sender)
      try insert.bind(3, record.sentAtMilliseconds)
      try insert.bind(4, record.body)
      try insert.bind(5, record.edited ? 1 : 0)
      try insert.bind(6, try conversationRowID(url: record.conversation))
      // A server's message keeps its msgid as its id (SPEC §6), so replays still deduplicate.
      try insert.bind(7, record.conversation == Message.notes ? nil : record.id)
      try insert.run()
      guard db.changes == 1 else {
        summary.skippedDuplicates += 1
        return
      }
      summary.inserted += 1
      try insertTags(
        record.tags, seq: sqlite3_last_insert_rowid(db.handle),
        sentAt: record.sentAtMilliseconds)
    }
    let index = try db.prepare(
      "INSERT INTO messages_fts (rowid, body) SELECT seq, body FROM messages WHERE seq > ?")
    try index.bind(1, lastSeqBefore)
    try index.run()
    return summary
  }
}
