/// Something that happened in a channel we are in (mostly what other people did), shown as a
/// quiet status line.
public enum IRCChannelActivity: Equatable, Sendable {
  case joined(nick: String)
  case parted(nick: String, reason: String)
  /// Left the network; reported in every channel they were in with us.
  case quit(nick: String, reason: String)
  case nickChanged(from: String, to: String)
  /// `nick` (possibly us) was removed by `by`.
  case kicked(nick: String, by: String, reason: String)
  /// Someone set the topic while we were there.
  case topicChanged(by: String, text: String)
  /// The topic the server sent when we joined.
  case topicShown(text: String)

  /// The line the transcript shows; the server's texts with formatting removed, as plain text.
  public func sentence(me: String? = nil) -> String {
    func because(_ reason: String) -> String {
      let plain = IRCText.stripFormatting(reason)
      return plain.isEmpty ? "" : " (\(plain))"
    }
    switch self {
    case .joined(let nick): return "\(nick) joined"
    case .parted(let nick, let reason): return "\(nick) left" + because(reason)
    case .quit(let nick, let reason): return "\(nick) quit" + because(reason)
    case .nickChanged(let old, let new): return "\(old) is now known as \(new)"
    case .kicked(let nick, let by, let reason):
      return nick == me
        ? "\(by) removed you from the channel" + because(reason)
        : "\(by) removed \(nick)" + because(reason)
    case .topicChanged(let by, let text):
      let plain = IRCText.stripFormatting(text)
      return plain.isEmpty ? "\(by) cleared the topic" : "\(by) changed the topic to: \(plain)"
    case .topicShown(let text): return "Topic: \(IRCText.stripFormatting(text))"
    }
  }
}
