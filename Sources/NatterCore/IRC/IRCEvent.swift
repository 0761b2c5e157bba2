import Foundation

/// Something that happened on the connection, for the store and the window.
public enum IRCEvent: Equatable, Sendable {
  case stateChanged(IRCConnectionState)
  /// The server welcomed us under this nickname.
  case registered(nick: String)
  /// Our own nickname changed (433 fallback during registration, or `/nick`).
  case nickChanged(from: String, to: String)
  case joined(channel: String)
  case parted(channel: String)
  /// Someone removed us from a channel. Nothing is sent back (a `PART` would only earn a
  /// `442`), and the channel is not joined again on reconnecting until the user asks.
  case kicked(channel: String, by: String, reason: String)
  /// Someone else changed nickname (reported once, whatever channels we share, so a private
  /// chat with them can follow).
  case userRenamed(from: String, to: String)
  case topic(channel: String, text: String)
  /// Another person joined, left, quit, changed nickname, was kicked or set the topic (a
  /// kick of us is reported here too, before `parted`).
  case channelActivity(channel: String, IRCChannelActivity)
  /// The full member list after NAMES or any join, part, quit, kick or nick change, in the
  /// order of the names as the network folds them (`ConversationRoster.setMembers(inFoldedOrder:)`).
  case members(channel: String, [IRCMember])
  case message(IRCIncomingMessage)
  /// A `chathistory` batch, complete (or cut short by a disconnect), in time order.
  case history(target: String, [IRCIncomingMessage])
  /// The server echoed every line of a sent message; its `msgid` and `time` are the first
  /// line's.
  case echoConfirmed(id: String, msgid: String?, time: Date?)
  /// A line after the first of a sent message came back with its own `msgid`, by which a
  /// history played back later names that line.
  case lineEchoed(id: String, msgid: String)
  /// Some lines of a multi-line message are confirmed; store it so a restart resumes there.
  case deliveryProgress(id: String, confirmedLines: Int)
  /// The server refused a sent message; `reason` is a sentence with the server's text.
  case messageFailed(id: String, reason: String)
  case serverError(IRCServerError)
  /// The server's message of the day, its lines as sent (formatting still in).
  case motd([String])
  /// A page of older history for `target` was asked for (true) or has come (false).
  case historyLoading(target: String, Bool)
  /// Registration ended without a welcome (no nickname accepted, or no answer in time); the
  /// connection closes with this reason and is tried again later.
  case signInFailed(reason: String)
  /// Someone sent a CTCP request (`VERSION`…), answered or not (SPEC §12).
  case ctcpRequest(from: String, command: String, answered: Bool)
  /// The answer to a CTCP request of ours.
  case ctcpReply(from: String, command: String, text: String)
  /// A standard reply (`FAIL`, `WARN` or `NOTE`) about `command`, with the server's words.
  case standardReply(kind: String, command: String, text: String)
  /// `by` invites us to `channel`.
  case invited(channel: String, by: String)
  /// A `WHOIS` answered whole (SPEC §12).
  case whois(IRCWhois)
  /// `nick`, written to, is away (`301`).
  case awayReply(nick: String, reason: String)
  /// A numeric reply nothing else answers, as its words, for the network's own conversation.
  case serverReply(code: String, text: String)
  /// The networks a soju bouncer is on, listed whole (`soju.im/bouncer-networks`, SPEC §11).
  case bouncerNetworks([IRCBouncerNetwork])
  /// One of them added or changed (the attributes that changed, an empty value for one
  /// removed), or deleted (nil).
  case bouncerNetworkChanged(id: String, [String: String]?)
  /// The answer to `LIST`, whole: every channel the server listed (`complete` false when
  /// there were more than Natter keeps).
  case channelList([IRCListedChannel], complete: Bool)
  /// We are away with this text (`306` after our `AWAY`), or back (nil, `305`).
  case ownAway(String?)
  /// Whether someone of a private chat is online (`MONITOR`); `changed` when this is news,
  /// not the first word of a connection about them or a repeat.
  case presence(nick: String, online: Bool, changed: Bool)
  /// SASL signed us in to this account (`900`).
  case signedIn(account: String)
  /// A plaintext connection was told to use TLS on `port` (`sts`): it closes before
  /// registering, and the host connects again with TLS there (and never again in plaintext).
  case stsUpgrade(port: Int)
  /// A TLS connection carries an STS policy: keep it for `duration` seconds (0 removes it).
  case stsPolicy(duration: Int)
  /// Someone (or we, on another client) reacted to a message or took a reaction back
  /// (`+draft/react` in a `TAGMSG`, SPEC §13).
  case reaction(IRCReaction)
  /// Someone is typing in `conversation` (a channel, or the person of a private chat), paused,
  /// or done (`+typing`).
  case typing(conversation: String, nick: String, IRCTypingState)
  /// A line that is not an IRC message, skipped; the host logs it (SPEC §9).
  case skippedLine(String, IRCParseError)
}
