/// Something that happened in a channel we are in (mostly what other people did), shown as a
/// quiet status line.
public enum IRCChannelActivity: Equatable, Sendable {
  case joined(nick: String)
  case parted(nick: String, reason: String)
  /// Left the network; reported in every channel they were in with us.
  case quit(nick: String, reason: String)
  case nickChanged(from: String, to: String)
  /// `nick` was removed by `by` (a kick of us is `IRCEvent.kicked`).
  case kicked(nick: String, by: String, reason: String)
  /// Someone set the topic while we were there.
  case topicChanged(by: String, text: String)
  /// The topic the server sent when we joined.
  case topicShown(text: String)
  /// `by` invited `nick` to the channel (`invite-notify`).
  case invited(nick: String, by: String)
  /// `by` gave or took a member mode (`+o`, `-v`) of `nick`.
  case memberMode(by: String, nick: String, IRCModeChange)
  /// `by` banned a mask, or lifted the ban (`+b`, `-b`).
  case ban(by: String, mask: String, adding: Bool)
  /// `by` set the channel's other modes: `+m`, `-i+l 20`.
  case modesSet(by: String, modes: String)

  /// The line the transcript shows; the server's texts with formatting removed, as plain text.
  public func sentence() -> String {
    func because(_ reason: String) -> String {
      let plain = IRCText.stripFormatting(reason)
      return plain.isEmpty ? "" : localized(" ({reason})", ["reason": plain])
    }
    switch self {
    case .joined(let nick): return localized("{nick} joined", ["nick": nick])
    case .parted(let nick, let reason):
      return localized("{nick} left", ["nick": nick]) + because(reason)
    case .quit(let nick, let reason):
      return localized("{nick} quit", ["nick": nick]) + because(reason)
    case .nickChanged(let old, let new):
      return localized("{old} is now known as {new}", ["old": old, "new": new])
    case .kicked(let nick, let by, let reason):
      return localized("{by} removed {nick}", ["by": by, "nick": nick]) + because(reason)
    case .topicChanged(let by, let text):
      let plain = IRCText.stripFormatting(text)
      return plain.isEmpty
        ? localized("{by} cleared the topic", ["by": by])
        : localized("{by} changed the topic to: {topic}", ["by": by, "topic": plain])
    case .topicShown(let text):
      return localized("Topic: {topic}", ["topic": IRCText.stripFormatting(text)])
    case .invited(let nick, let by):
      return localized("{by} invited {nick}", ["by": by, "nick": nick])
    case .memberMode(let by, let nick, let change):
      switch (change.mode, change.adding) {
      case ("o", true): return localized("{by} made {nick} an operator", ["by": by, "nick": nick])
      case ("o", false):
        return localized("{by} took operator status from {nick}", ["by": by, "nick": nick])
      case ("h", true):
        return localized("{by} made {nick} a half-operator", ["by": by, "nick": nick])
      case ("h", false):
        return localized("{by} took half-operator status from {nick}", ["by": by, "nick": nick])
      case ("v", true): return localized("{by} gave voice to {nick}", ["by": by, "nick": nick])
      case ("v", false): return localized("{by} took voice from {nick}", ["by": by, "nick": nick])
      default:
        return localized(
          "{by} set {mode} on {nick}", ["by": by, "mode": change.flag, "nick": nick])
      }
    case .ban(let by, let mask, let adding):
      return adding
        ? localized("{by} banned {mask}", ["by": by, "mask": mask])
        : localized("{by} lifted the ban on {mask}", ["by": by, "mask": mask])
    case .modesSet(let by, let modes):
      return localized("{by} set {modes}", ["by": by, "modes": modes])
    }
  }
}
