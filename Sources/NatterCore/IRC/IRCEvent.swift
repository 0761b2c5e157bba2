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
  case topic(channel: String, text: String)
  /// Another person joined, left, quit, changed nickname, was kicked or set the topic (a
  /// kick of us is reported here too, before `parted`).
  case channelActivity(channel: String, IRCChannelActivity)
  /// The full member list after NAMES or any join, part, quit, kick or nick change.
  case members(channel: String, [IRCMember])
  case message(IRCIncomingMessage)
  /// A `chathistory` batch, complete (or cut short by a disconnect), in time order.
  case history(target: String, [IRCIncomingMessage])
  /// The server echoed every line of a sent message; its `msgid` and `time` are the first
  /// line's.
  case echoConfirmed(id: String, msgid: String?, time: Date?)
  /// Some lines of a multi-line message are confirmed; store it so a restart resumes there.
  case deliveryProgress(id: String, confirmedLines: Int)
  /// The server refused a sent message; `reason` is a sentence with the server's text.
  case messageFailed(id: String, reason: String)
  case serverError(IRCServerError)
  /// A line that is not an IRC message, skipped; the host logs it (SPEC §9).
  case skippedLine(String, IRCParseError)
}
