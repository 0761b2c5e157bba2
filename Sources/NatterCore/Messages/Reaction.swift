import Foundation

/// One person's reaction to one message (`+draft/react`, SPEC §13), as stored. Kept by the
/// reacted-to message's `msgid`, so a reaction that arrives before its message waits for it.
public struct Reaction: Equatable, Hashable, Sendable {
  /// The conversation of the message reacted to.
  public var conversation: String
  /// The `msgid` of the message reacted to.
  public var msgid: String
  public var sender: String
  /// The emoji (or short text) as sent.
  public var emoji: String
  public var sentAt: Date
  /// Sent by the local user (on any of their clients).
  public var isOwn: Bool
  /// An `unreact`: the sender took this reaction back.
  public var removed: Bool

  public init(
    conversation: String, msgid: String, sender: String, emoji: String, sentAt: Date,
    isOwn: Bool = false, removed: Bool = false
  ) {
    self.conversation = conversation
    self.msgid = msgid
    self.sender = sender
    self.emoji = emoji
    self.sentAt = sentAt
    self.isOwn = isOwn
    self.removed = removed
  }
}

/// The reactions to one message with one emoji: what a reaction chip shows.
public struct ReactionGroup: Equatable, Hashable, Sendable {
  public var emoji: String
  /// Who reacted so, in the order they did.
  public var senders: [String]
  /// The local user is one of them: the chip is highlighted and activating it takes it back.
  public var includesMe: Bool

  public init(emoji: String, senders: [String], includesMe: Bool) {
    self.emoji = emoji
    self.senders = senders
    self.includesMe = includesMe
  }

  public var count: Int { senders.count }
}
