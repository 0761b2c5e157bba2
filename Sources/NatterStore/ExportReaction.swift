import NatterCore

/// One reaction in the exchange format, written under the message it answers:
/// `{"sender":"bob","emoji":"👍","sent_at":"2026-11-29T18:55:41Z","own":false}`.
struct ExportReaction: Equatable {
  var sender: String
  var emoji: String
  var sentAtMilliseconds: Int64
  /// The local user's own reaction (`Reaction.isOwn`).
  var isOwn: Bool
}

extension ExportReaction {
  /// Validates one element of a line's `"reactions"`; `sender`, `emoji` and `sent_at` are
  /// required, `own` defaults to false, other keys are ignored (as a message's are).
  init(json: JSONValue) throws(ImportLineFailure) {
    guard case .object(let members) = json else {
      throw ImportLineFailure(
        reason: localized("expected a JSON object, found {kind}", ["kind": json.kind]))
    }
    var sender: String?
    var emoji: String?
    var sentAt: Int64?
    var isOwn = false
    var seen = Set<String>()
    for (key, value) in members {
      guard seen.insert(key).inserted else {
        throw ImportLineFailure(reason: localized("duplicate key \"{key}\"", ["key": key]))
      }
      switch key {
      case "sender": sender = try ExportRecord.nonEmptyString(value, key)
      case "emoji": emoji = try ExportRecord.nonEmptyString(value, key)
      case "sent_at": sentAt = try ExportRecord.time(value, key)
      case "own":
        guard case .bool(let flag) = value else {
          throw ImportLineFailure(reason: localized("\"own\" must be true or false"))
        }
        isOwn = flag
      default: break
      }
    }
    guard let sender else { throw ImportLineFailure(reason: "missing \"sender\"") }
    guard let emoji else { throw ImportLineFailure(reason: "missing \"emoji\"") }
    guard let sentAt else { throw ImportLineFailure(reason: "missing \"sent_at\"") }
    self.init(sender: sender, emoji: emoji, sentAtMilliseconds: sentAt, isOwn: isOwn)
  }

  /// A line's `"reactions"` array; a wrong element is named by its place (from 1).
  static func list(_ value: JSONValue) throws(ImportLineFailure) -> [ExportReaction] {
    guard case .array(let elements) = value else {
      throw ImportLineFailure(reason: localized("\"reactions\" must be an array of objects"))
    }
    var reactions: [ExportReaction] = []
    for (index, element) in elements.enumerated() {
      do {
        reactions.append(try ExportReaction(json: element))
      } catch {
        throw ImportLineFailure(
          reason: localized(
            "reaction {number}: {reason}", ["number": String(index + 1), "reason": error.reason]))
      }
    }
    return reactions
  }
}
