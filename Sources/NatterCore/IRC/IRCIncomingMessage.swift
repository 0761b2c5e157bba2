import Foundation

/// A PRIVMSG or NOTICE as Natter stores and shows it.
public struct IRCIncomingMessage: Equatable, Sendable {
  /// The channel, or for a private message the other person's nickname.
  public var conversation: String
  public var sender: String
  /// Shown text: formatting removed, the tag suffix removed, an ACTION unwrapped.
  public var body: String
  /// The text with its mIRC formatting when it had any (`Message.formatted`).
  public var formatted: String?
  /// Tag spellings without `#` (SPEC §9's convention).
  public var tags: [String]
  public var isAction = false
  public var isNotice = false
  /// From the server itself or its services (a notice before sign-in, from a server name,
  /// or from NickServ and its kin): it belongs to the network's own conversation.
  public var isFromServer = false
  /// Sent by us (another client of ours, or history), not matched to the outbox.
  public var isOwn = false
  /// Mentions our nickname as a whole word.
  public var mentionsMe = false
  public var msgid: String?
  public var time: Date?
  /// The sending Natter's own id for the message (the `+natter.org/id` client tag), which
  /// lets a restarted Natter recognise its own lines in played-back history.
  public var clientID: String?
  /// Which line of that message this is (`+natter.org/part`, from 1), when it was sent as
  /// several.
  public var clientPart: Int?
  /// The `msgid` of the message this one answers (`+draft/reply`).
  public var replyTo: String?

  public init(conversation: String, sender: String, body: String, tags: [String] = []) {
    self.conversation = conversation
    self.sender = sender
    self.body = body
    self.tags = tags
  }
}
