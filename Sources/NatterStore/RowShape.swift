import NatterCore

/// Which of the history's tables a record read from a page belongs to, told by its shape
/// alone (page 1, with the schema, may be the damaged one), and the row it holds.
///
/// The checks are strict, so that a stray page of another table never becomes a message:
/// every column of the right type, text valid UTF-8, a delivery and a kind the app knows.
/// The columns are `Schema`'s; rows written before an `ALTER TABLE … ADD COLUMN` lack the
/// columns added after them, which take their defaults.
enum RowShape {
  /// A `messages` record: `seq` (NULL, it is the rowid), id, sender, sent_at, body, edited,
  /// delivery (version 1); conversation_id, msgid, kind, failure, mentions, outbox (6);
  /// formatted (9); reply_to (10).
  static let messageColumns = 7...15
  /// A `conversations` record: id (NULL, the rowid), url, name, message_count (6); open,
  /// read_sent_at, read_id, opened_at (7).
  static let conversationColumns = 4...8
  /// The longest id taken for a message's: the app's are UUIDs, an import's may be longer.
  static let idLimit = 256
  /// Milliseconds from year 1 to year 9999, the times a history can hold.
  static let sentAtRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

  /// The message in a `messages` record with rowid `seq`, as stored (`SalvageShape.settle`
  /// makes a pending one failed); nil when the record is not one. `conversations` maps conversation ids to URLs.
  static func message(_ record: [RecordValue], seq: Int64, conversations: [Int64: String])
    -> Message?
  {
    guard seq > 0, messageColumns.contains(record.count), record[0].isNull,
      let id = record[1].string, !id.isEmpty, id.utf8.count <= idLimit,
      !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
      let sender = record[2].string, let sentAt = record[3].integer,
      sentAtRange.contains(sentAt), let body = record[4].string,
      let edited = record[5].integer, edited == 0 || edited == 1,
      let delivery = record[6].string.flatMap(Message.Delivery.init(rawValue:))
    else { return nil }
    func column(_ index: Int) -> RecordValue? { index < record.count ? record[index] : nil }
    func optionalText(_ index: Int) -> (ok: Bool, text: String?) {
      guard let value = column(index), !value.isNull else { return (true, nil) }
      guard let text = value.string else { return (false, nil) }
      return (true, text)
    }
    let conversation = column(7).map { $0.integer } ?? 1
    let kind = column(9).map { $0.string.flatMap(Message.Kind.init(rawValue:)) } ?? .message
    let mentions = column(11).map { $0.integer } ?? 0
    let (msgid, failure, outbox, formatted, replyTo) =
      (optionalText(8), optionalText(10), optionalText(12), optionalText(13), optionalText(14))
    guard let conversation, conversation > 0, let kind, let mentions,
      mentions == 0 || mentions == 1,
      msgid.ok, failure.ok, outbox.ok, formatted.ok, replyTo.ok
    else { return nil }
    return Message(
      id: id, sender: sender, sentAt: Timestamp.date(sentAt), body: body, edited: edited != 0,
      delivery: delivery, conversation: conversations[conversation] ?? Message.notes,
      msgid: msgid.text, kind: kind, failureReason: failure.text, mentionsMe: mentions != 0,
      formatted: formatted.text, replyTo: replyTo.text)
  }

  /// The URL in a `conversations` record, or nil when the record is not one.
  static func conversationURL(_ record: [RecordValue]) -> String? {
    guard conversationColumns.contains(record.count), record[0].isNull,
      let url = record[1].string, url == Message.notes || url.contains("://"),
      record[2].string != nil, record[3].integer != nil
    else { return nil }
    // open, read_sent_at and opened_at are integers or NULL; read_id is text or NULL.
    for (index, value) in record.enumerated().dropFirst(4) {
      let fits = value.isNull || (index == 6 ? value.string != nil : value.integer != nil)
      guard fits else { return nil }
    }
    return url
  }

  /// A `message_tags` record (WITHOUT ROWID: message_seq, position, tag, key), or nil when
  /// the record is not one; the key must be the tag's, as the store computes it.
  static func tag(_ record: [RecordValue]) -> (seq: Int64, position: Int64, tag: String)? {
    guard record.count == 4, let seq = record[0].integer, seq > 0,
      let position = record[1].integer, position >= 0, let tag = record[2].string,
      let key = record[3].string, key == Hashtag.key(for: tag) || key == tag.lowercased()
    else { return nil }
    return (seq, position, tag)
  }
}
