import NatterCore

extension Schema {
  /// Rewrites every stored tag key with `Hashtag.key(for:)`: the rows of `message_tags` whose
  /// key changed, and `tag_usage`, where keys that now coincide merge into their newest use.
  static func recomputeTagKeys(_ db: SQLiteConnection) throws {
    // Changes are collected before any is written: updating a table while a SELECT walks it
    // may visit rows twice. Only non-ASCII tags with case-folding differences change.
    var changed: [(seq: Int64, position: Int64, key: String)] = []
    let rows = try db.prepare("SELECT message_seq, position, tag, key FROM message_tags")
    while try rows.step() {
      let key = Hashtag.key(for: rows.text(2))
      if key != rows.text(3) { changed.append((rows.int64(0), rows.int64(1), key)) }
    }
    rows.reset()
    let update = try db.prepare(
      "UPDATE message_tags SET key = ? WHERE message_seq = ? AND position = ?")
    for row in changed {
      try update.bind(1, row.key)
      try update.bind(2, row.seq)
      try update.bind(3, row.position)
      try update.run()
    }

    var usage: [String: (tag: String, lastUsed: Int64)] = [:]
    let uses = try db.prepare("SELECT tag, last_used FROM tag_usage ORDER BY last_used, key")
    while try uses.step() {
      // In time order, so the newest spelling of a merged key is the one kept.
      usage[Hashtag.key(for: uses.text(0))] = (uses.text(0), uses.int64(1))
    }
    uses.reset()
    try db.execute("DELETE FROM tag_usage")
    let insert = try db.prepare("INSERT INTO tag_usage (key, tag, last_used) VALUES (?, ?, ?)")
    for (key, use) in usage.sorted(by: { $0.key < $1.key }) {
      try insert.bind(1, key)
      try insert.bind(2, use.tag)
      try insert.bind(3, use.lastUsed)
      try insert.run()
    }
  }
}
