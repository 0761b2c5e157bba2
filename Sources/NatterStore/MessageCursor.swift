import Foundation
import NatterCore

/// A position in transcript order, (sent-at, id), used for keyset paging.
public struct MessageCursor: Hashable, Sendable, Comparable {
  /// Milliseconds since 1970-01-01 UTC, as stored.
  public let sentAtMilliseconds: Int64
  /// The message id, which breaks ties between messages sent in the same millisecond.
  public let id: String

  /// Creates a cursor from stored values.
  public init(sentAtMilliseconds: Int64, id: String) {
    self.sentAtMilliseconds = sentAtMilliseconds
    self.id = id
  }

  /// The cursor of a message.
  public init(_ message: Message) {
    self.init(sentAtMilliseconds: Timestamp.milliseconds(message.sentAt), id: message.id)
  }

  /// Transcript order: older first; SQLite compares the ids bytewise, as does `utf8` here.
  public static func < (lhs: MessageCursor, rhs: MessageCursor) -> Bool {
    if lhs.sentAtMilliseconds != rhs.sentAtMilliseconds {
      return lhs.sentAtMilliseconds < rhs.sentAtMilliseconds
    }
    return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
  }
}
