import Foundation
import NatterCore

/// The composer's drafts, one per conversation (SPEC §10), in the same database as the
/// messages, so they are as durable.
extension MessageStore {
  /// Saves `conversation`'s draft, replacing the previous one.
  public func saveDraft(_ draft: StoredDraft, for conversation: String = Message.notes) throws {
    try Self.writeDraft(draft, for: conversation, to: db)
  }

  /// A writer that saves drafts into this store's file on a thread of its own; nil for a store
  /// in memory.
  public func makeDraftWriter() -> DraftWriter? {
    databaseURL.map { DraftWriter(path: $0.path) }
  }

  /// Saves `conversation`'s draft through `db`, or clears the saved one when nil: the one
  /// draft statement, for this store's connection and for `DraftWriter`'s.
  static func writeDraft(
    _ draft: StoredDraft?, for conversation: String, to db: SQLiteConnection
  ) throws {
    guard let draft else {
      let statement = try db.cached("DELETE FROM conversation_drafts WHERE conversation = ?")
      try statement.bind(1, conversation)
      try statement.run()
      return
    }
    var chips: [UInt8] = []
    JSONLineEncoder.appendArray(draft.chips, to: &chips)
    let statement = try db.cached(
      "INSERT OR REPLACE INTO conversation_drafts (conversation, text, chips) VALUES (?, ?, ?)")
    try statement.bind(1, conversation)
    try statement.bind(2, draft.text)
    try statement.bind(3, String(decoding: chips, as: UTF8.self))
    try statement.run()
  }

  /// `conversation`'s saved draft, or nil when none was saved (or it was cleared).
  public func loadDraft(for conversation: String = Message.notes) throws -> StoredDraft? {
    let statement = try db.cached(
      "SELECT text, chips FROM conversation_drafts WHERE conversation = ?")
    defer { statement.reset() }
    try statement.bind(1, conversation)
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

  /// Removes `conversation`'s saved draft (after sending, when the composer is empty).
  public func clearDraft(for conversation: String = Message.notes) throws {
    try Self.writeDraft(nil, for: conversation, to: db)
  }

  // MARK: The sidebar

  /// The conversations in the sidebar (`open` set), by URL, `Notes` excepted.
  public func openConversations() throws -> [String] {
    let statement = try db.cached(
      "SELECT url FROM conversations WHERE open = 1 AND url <> 'notes' ORDER BY id")
    defer { statement.reset() }
    var urls: [String] = []
    while try statement.step() { urls.append(statement.text(0)) }
    return urls
  }

  /// Every conversation whose URL starts with `prefix` (one server's), oldest first.
  public func conversations(under prefix: String) throws -> [String] {
    let statement = try db.cached(
      "SELECT url FROM conversations WHERE substr(url, 1, length(?1)) = ?1 ORDER BY id")
    defer { statement.reset() }
    try statement.bind(1, prefix)
    var urls: [String] = []
    while try statement.step() { urls.append(statement.text(0)) }
    return urls
  }

  /// The conversations the user left (`open` cleared), by URL.
  public func closedConversations() throws -> [String] {
    let statement = try db.cached("SELECT url FROM conversations WHERE open = 0 ORDER BY id")
    defer { statement.reset() }
    var urls: [String] = []
    while try statement.step() { urls.append(statement.text(0)) }
    return urls
  }

  /// `conversation` is the one open now (the next start opens it again).
  public func noteOpened(_ conversation: String, at time: Date = Date()) throws {
    let id = try conversationRowID(url: conversation)
    let statement = try db.cached("UPDATE conversations SET opened_at = ? WHERE id = ?")
    try statement.bind(1, Timestamp.milliseconds(time))
    try statement.bind(2, id)
    try statement.run()
  }

  /// The conversation open last, or nil when none was noted.
  public func lastOpenedConversation() throws -> String? {
    let statement = try db.cached(
      "SELECT url FROM conversations WHERE opened_at IS NOT NULL ORDER BY opened_at DESC LIMIT 1")
    defer { statement.reset() }
    return try statement.step() ? statement.text(0) : nil
  }

  /// Puts `conversation` in the sidebar or takes it out; its messages stay either way.
  public func setOpen(_ conversation: String, _ open: Bool) throws {
    let id = try conversationRowID(url: conversation)
    let statement = try db.cached("UPDATE conversations SET open = ? WHERE id = ?")
    try statement.bind(1, open ? 1 : 0)
    try statement.bind(2, id)
    try statement.run()
  }
}
