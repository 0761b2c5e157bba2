import NatterCore

/// One message in the exchange format, with the time as stored (milliseconds, UTC).
struct ExportRecord: Equatable {
  var id: String
  var sender: String
  var sentAtMilliseconds: Int64
  var body: String
  var tags: [String]
  var edited: Bool
  /// `notes`, or the conversation's URL (SPEC §6).
  var conversation: String = Message.notes
  /// `message` unless it is an action, a notice or a status line; absent in older files.
  var kind: Message.Kind = .message
  /// The text with its mIRC formatting, when it had any (`Message.formatted`).
  var formatted: String?
  /// The msgid of the message this one replies to (`Message.replyTo`).
  var replyTo: String?
  /// The reactions to it that are shown, oldest first; only a server's message has any.
  var reactions: [ExportReaction] = []
}

extension ExportRecord {
  /// Validates one parsed line; the thrown string says what is wrong, for `invalidLine`.
  ///
  /// `id`, `sender`, `sent_at` and `body` are required; `tags` and `edited` default to none and
  /// false, `reply_to` and `reactions` to none; other keys are ignored so files from a newer
  /// Natter still import.
  init(json: JSONValue) throws(ImportLineFailure) {
    guard case .object(let members) = json else {
      throw ImportLineFailure(
        reason: localized("expected a JSON object, found {kind}", ["kind": json.kind]))
    }
    var id: String?
    var sender: String?
    var sentAt: Int64?
    var body: String?
    var tags: [String] = []
    var edited = false
    var conversation = Message.notes
    var kind = Message.Kind.message
    var formatted: String?
    var replyTo: String?
    var reactions: [ExportReaction] = []
    var seen = Set<String>()
    for (key, value) in members {
      guard seen.insert(key).inserted else {
        throw ImportLineFailure(reason: localized("duplicate key \"{key}\"", ["key": key]))
      }
      switch key {
      case "id": id = try Self.string(value, key)
      case "sender": sender = try Self.string(value, key)
      case "body": body = try Self.string(value, key)
      case "sent_at": sentAt = try Self.time(value, key)
      case "tags":
        guard case .array(let elements) = value else {
          throw ImportLineFailure(reason: localized("\"tags\" must be an array of strings"))
        }
        tags = try elements.map { element throws(ImportLineFailure) in
          guard case .string(let tag) = element else {
            throw ImportLineFailure(reason: localized("\"tags\" must be an array of strings"))
          }
          return tag
        }
      case "edited":
        guard case .bool(let flag) = value else {
          throw ImportLineFailure(reason: localized("\"edited\" must be true or false"))
        }
        edited = flag
      case "conversation":
        conversation = try Self.string(value, key)
        if conversation.isEmpty {
          throw ImportLineFailure(reason: localized("\"conversation\" is empty"))
        }
      case "kind":
        let name = try Self.string(value, key)
        guard let known = Message.Kind(rawValue: name) else {
          let names = Message.Kind.allCases.map(\.rawValue).joined(separator: ", ")
          throw ImportLineFailure(
            reason: localized(
              "\"kind\" must be one of {kinds}, found \"{kind}\"", ["kinds": names, "kind": name]))
        }
        kind = known
      case "formatted": formatted = try Self.string(value, key)
      case "reply_to": replyTo = try Self.nonEmptyString(value, key)
      case "reactions": reactions = try ExportReaction.list(value)
      default: break
      }
    }
    guard let id else { throw ImportLineFailure(reason: "missing \"id\"") }
    guard let sender else { throw ImportLineFailure(reason: "missing \"sender\"") }
    guard let sentAt else { throw ImportLineFailure(reason: "missing \"sent_at\"") }
    guard let body else { throw ImportLineFailure(reason: "missing \"body\"") }
    // The composer's own rules: an import must not store what the composer would refuse.
    let violations = MessageRules.violations(id: id, body: body, tags: tags)
    guard violations.isEmpty else {
      throw ImportLineFailure(reason: violations.map(\.reason).joined(separator: "; "))
    }
    // The formatting is how the body looks, never other words: search reads the body.
    if let formatted, IRCText.stripFormatting(formatted) != body {
      throw ImportLineFailure(
        reason: localized("\"formatted\" is not \"body\" with mIRC formatting"))
    }
    // A reaction is kept by its message's msgid, which only a server's message has.
    if !reactions.isEmpty, conversation == Message.notes || kind == .status {
      throw ImportLineFailure(
        reason: localized("only a message from a server can have \"reactions\""))
    }
    // Tags are stored as the composer spells them (NFC), so search and chips agree.
    let spellings = tags.map { HashtagScanner.validTag($0) ?? $0 }
    self.init(
      id: id, sender: sender, sentAtMilliseconds: sentAt, body: body, tags: spellings,
      edited: edited, conversation: conversation, kind: kind, formatted: formatted,
      replyTo: replyTo, reactions: reactions)
  }

  /// A time in the format's ISO-8601 form, as milliseconds.
  static func time(_ value: JSONValue, _ key: String) throws(ImportLineFailure) -> Int64 {
    let text = try string(value, key)
    guard let milliseconds = Timestamp.parse(Array(text.utf8)) else {
      throw ImportLineFailure(
        reason: localized(
          "\"sent_at\" is not an ISO-8601 date and time between the years 0 and 9999 with at "
            + "most millisecond precision, like 2026-11-29T18:55:41Z"))
    }
    return milliseconds
  }

  /// A string that must not be empty (a name, an emoji, a msgid).
  static func nonEmptyString(_ value: JSONValue, _ key: String) throws(ImportLineFailure)
    -> String
  {
    let text = try string(value, key)
    guard !text.isEmpty else {
      throw ImportLineFailure(reason: localized("\"{key}\" is empty", ["key": key]))
    }
    return text
  }

  static func string(_ value: JSONValue, _ key: String) throws(ImportLineFailure)
    -> String
  {
    guard case .string(let text) = value else {
      throw ImportLineFailure(
        reason: localized(
          "\"{key}\" must be a string, found {kind}", ["key": key, "kind": value.kind]))
    }
    return text
  }
}
