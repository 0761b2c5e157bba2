import NatterCore

/// How to read messages out of a damaged database: every column its schema has (a file from
/// before conversations has no IRC columns) and its conversations' URLs, read once.
struct SalvageShape {
  /// What a message that was waiting to be sent becomes: whether it went out before the damage
  /// cannot be known, so it is not sent again on a guess; `Retry` is the user's choice.
  static var pendingReason: String {
    localized(
      "This message was waiting to be sent when the history was damaged; it was not sent again.")
  }

  let columns: String
  private let hasConversations: Bool
  private let hasFormatted: Bool
  private let hasReplyTo: Bool
  private var conversations: [Int64: String] = [:]

  init(_ source: SQLiteConnection) {
    let irc = "conversation_id, msgid, kind, failure, mentions"
    hasConversations = (try? source.prepare("SELECT \(irc) FROM messages LIMIT 0")) != nil
    hasFormatted =
      hasConversations && (try? source.prepare("SELECT formatted FROM messages LIMIT 0")) != nil
    hasReplyTo =
      hasFormatted && (try? source.prepare("SELECT reply_to FROM messages LIMIT 0")) != nil
    let plain = "seq, id, sender, sent_at, body, edited, delivery"
    // Reactions are not salvaged: they hang off msgids, and a recovery keeps messages first.
    columns =
      hasReplyTo
      ? MessageStore.messageColumns
      : hasFormatted
        ? "\(plain), \(irc), formatted" : hasConversations ? "\(plain), \(irc)" : plain
    guard hasConversations, let rows = try? source.prepare("SELECT id, url FROM conversations")
    else { return }
    // A damaged conversations table gives what it can; a message whose conversation is lost
    // is kept as a note rather than dropped.
    while (try? rows.step()) == true { conversations[rows.int64(0)] = rows.text(1) }
  }

  /// A message from a row of `columns`, with its tags when they can still be read; nil when
  /// the row's values do not fit a message (SQLite does not check an overflow page's bytes,
  /// so a damaged one can give a body of garbage), as `RowShape.message` decides for pages.
  func message(_ row: Statement, _ source: SQLiteConnection) -> Message? {
    guard let id = row.validText(1), let sender = row.validText(2), let body = row.validText(4),
      let delivery = row.validText(6).flatMap(Message.Delivery.init(rawValue:))
    else { return nil }
    var tags: [String] = []
    if let statement = try? source.cached(
      "SELECT tag FROM message_tags WHERE message_seq = ? ORDER BY position")
    {
      defer { statement.reset() }
      if (try? statement.bind(1, row.int64(0))) != nil {
        while (try? statement.step()) == true { tags.append(statement.text(0)) }
      }
    }
    var message = Message(
      id: id, sender: sender, sentAt: Timestamp.date(row.int64(3)), body: body, tags: tags,
      edited: row.int64(5) != 0, delivery: delivery)
    guard hasConversations else {
      Self.settle(&message)
      return message
    }
    guard let kind = row.validText(9).flatMap(Message.Kind.init(rawValue:)),
      row.isNull(8) || row.validText(8) != nil, row.isNull(10) || row.validText(10) != nil,
      !hasFormatted || row.isNull(12) || row.validText(12) != nil,
      !hasReplyTo || row.isNull(13) || row.validText(13) != nil
    else { return nil }
    message.conversation = conversations[row.int64(7)] ?? Message.notes
    message.msgid = row.isNull(8) ? nil : row.validText(8)
    message.kind = kind
    message.failureReason = row.isNull(10) ? nil : row.validText(10)
    message.mentionsMe = row.int64(11) != 0
    if hasFormatted, !row.isNull(12) { message.formatted = row.validText(12) }
    if hasReplyTo, !row.isNull(13) { message.replyTo = row.validText(13) }
    Self.settle(&message)
    return message
  }

  /// Makes a message that was waiting to be sent failed, with `pendingReason`.
  static func settle(_ message: inout Message) {
    guard message.delivery == .pending else { return }
    message.delivery = .failed
    message.failureReason = pendingReason
  }
}
