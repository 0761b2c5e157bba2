import Foundation

/// One message in the outbox, as the store keeps it so a restart resumes where it stopped.
public struct IRCOutboxEntry: Equatable, Sendable, Codable {
  public var message: IRCOutgoing
  /// The PRIVMSG texts, fixed when the message is first written so a restart re-sends the same
  /// lines; nil until then.
  public var texts: [String]?
  /// How many of `texts`, from the first, the server has echoed.
  public var confirmedLines: Int
  /// The first line's echo's `msgid` and `time`.
  public var msgid: String?
  public var time: Date?
  /// Each of `texts` goes out as one `draft/multiline` batch, its lines joined by `\n`
  /// (`IRCMultilinePlan`); nil (as kept before batches existed) or false: each is a PRIVMSG.
  /// `confirmedLines` then counts batches.
  public var batched: Bool?

  public init(
    message: IRCOutgoing, texts: [String]? = nil, confirmedLines: Int = 0, msgid: String? = nil,
    time: Date? = nil, batched: Bool? = nil
  ) {
    self.message = message
    self.texts = texts
    self.confirmedLines = confirmedLines
    self.msgid = msgid
    self.time = time
    self.batched = batched
  }
}
