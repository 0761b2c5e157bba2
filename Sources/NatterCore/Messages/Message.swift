import Foundation

/// One chat message, as stored, shown and exported.
public struct Message: Equatable, Hashable, Sendable, Identifiable {
  /// Where a message is on its way out; local messages are `sent` once stored.
  public enum Delivery: String, Equatable, Hashable, Sendable, CaseIterable {
    case pending
    case sent
    case failed
  }

  /// What a row is: a message someone wrote, or a line about the conversation itself.
  public enum Kind: String, Equatable, Hashable, Sendable, CaseIterable {
    case message
    /// `/me text`, shown as `* nick text`.
    case action
    case notice
    /// A join, a part or a server error: a quiet line, not a message.
    case status
  }

  /// The conversation of the local history (SPEC §10's `Notes`).
  public static let notes = "notes"

  /// A UUID string; the identity used for import deduplication and editing.
  public let id: String
  public var sender: String
  public var sentAt: Date
  public var body: String
  /// Tags as first spelled, in chip order, without the leading `#`.
  public var tags: [String]
  public var edited: Bool
  public var delivery: Delivery
  /// `notes`, or the conversation's URL (`ircs://irc.example.net/#natter`).
  public var conversation: String
  /// The server's message id, once it gave one.
  public var msgid: String?
  public var kind: Kind
  /// Why the server refused it, while `delivery` is `failed`.
  public var failureReason: String?
  /// It mentions the local user's nickname.
  public var mentionsMe: Bool
  /// For a line received from a server: the id the sending Natter gave the message it is a
  /// line of (`+natter.org/id`). Never stored; it recognises a played-back line of a message
  /// of ours that is stored already.
  public var clientID: String?
  /// The text as received, with its mIRC formatting, when it had any: reading it
  /// (`IRCFormatting`) gives `body`, which is what search and notifications use.
  public var formatted: String?
  /// The server's `msgid` of the message this one answers (`+draft/reply`, SPEC §13).
  public var replyTo: String?
  /// The reactions to this message (`+draft/react`), one group per emoji in the order the
  /// first of each came; filled by the store when it reads the message.
  public var reactions: [ReactionGroup] = []

  public init(
    id: String = Message.newID(),
    sender: String,
    sentAt: Date,
    body: String,
    tags: [String] = [],
    edited: Bool = false,
    delivery: Delivery = .sent,
    conversation: String = Message.notes,
    msgid: String? = nil,
    kind: Kind = .message,
    failureReason: String? = nil,
    mentionsMe: Bool = false,
    formatted: String? = nil,
    replyTo: String? = nil
  ) {
    self.id = id
    self.sender = sender
    self.sentAt = sentAt
    self.body = body
    self.tags = tags
    self.edited = edited
    self.delivery = delivery
    self.conversation = conversation
    self.msgid = msgid
    self.kind = kind
    self.failureReason = failureReason
    self.mentionsMe = mentionsMe
    self.formatted = formatted
    self.replyTo = replyTo
  }
}

extension Message {
  /// A new random id, for a message made here.
  public static func newID() -> String { UUID().uuidString.lowercased() }

  /// A quiet status line (`You joined #natter`) in `conversation`, which no one sent.
  public static func status(
    _ text: String, in conversation: String, at time: Date,
    id: String = Message.newID()
  ) -> Message {
    var line = Message(id: id, sender: "", sentAt: time, body: text, conversation: conversation)
    line.kind = .status
    return line
  }
}
