/// The composer's draft: one row in the same database, so it is as durable as the messages.
extension MessageStore {
  /// Saves the draft, replacing the previous one.
  public func saveDraft(_ draft: StoredDraft) throws {
    try Self.writeDraft(draft, to: db)
  }

  /// A writer that saves drafts into this store's file on a thread of its own; nil for a store
  /// in memory.
  public func makeDraftWriter() -> DraftWriter? {
    databaseURL.map { DraftWriter(path: $0.path) }
  }

  /// Saves `draft` through `db`, or clears the saved one when nil: the one draft statement,
  /// for this store's connection and for `DraftWriter`'s.
  static func writeDraft(_ draft: StoredDraft?, to db: SQLiteConnection) throws {
    guard let draft else {
      try db.cached("DELETE FROM draft WHERE slot = 0").run()
      return
    }
    var chips: [UInt8] = []
    JSONLineEncoder.appendArray(draft.chips, to: &chips)
    let statement = try db.cached(
      "INSERT OR REPLACE INTO draft (slot, text, chips) VALUES (0, ?, ?)")
    try statement.bind(1, draft.text)
    try statement.bind(2, String(decoding: chips, as: UTF8.self))
    try statement.run()
  }

  /// The saved draft, or nil when none was saved (or it was cleared).
  public func loadDraft() throws -> StoredDraft? {
    let statement = try db.cached("SELECT text, chips FROM draft WHERE slot = 0")
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    let text = statement.text(0)
    var chipsJSON = Array(statement.text(1).utf8)
    let parsed = chipsJSON.withUnsafeMutableBufferPointer {
      try? JSONParser.parse(UnsafeBufferPointer($0))
    }
    // Chips are our own JSON; if they were damaged, keeping the text matters more.
    guard case .array(let values) = parsed else { return StoredDraft(text: text, chips: []) }
    let chips = values.compactMap { value -> String? in
      if case .string(let chip) = value { return chip }
      return nil
    }
    return StoredDraft(text: text, chips: chips)
  }

  /// Removes the saved draft (after sending, when the composer is empty).
  public func clearDraft() throws {
    try Self.writeDraft(nil, to: db)
  }
}
