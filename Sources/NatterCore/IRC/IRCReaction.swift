import Foundation

/// A `+typing` state (IRCv3 `typing` client tag).
public enum IRCTypingState: String, Equatable, Hashable, Sendable, CaseIterable {
  case active
  case paused
  case done
}

/// A received `+draft/react` (or `+draft/unreact`) `TAGMSG`.
public struct IRCReaction: Equatable, Sendable {
  /// The channel, or for a private chat the other person's nickname.
  public var conversation: String
  public var sender: String
  /// The `msgid` of the message reacted to (the `+draft/reply` beside the reaction).
  public var msgid: String
  public var emoji: String
  public var removed: Bool
  public var isOwn: Bool
  public var time: Date?

  public init(
    conversation: String, sender: String, msgid: String, emoji: String, removed: Bool = false,
    isOwn: Bool = false, time: Date? = nil
  ) {
    self.conversation = conversation
    self.sender = sender
    self.msgid = msgid
    self.emoji = emoji
    self.removed = removed
    self.isOwn = isOwn
    self.time = time
  }
}
