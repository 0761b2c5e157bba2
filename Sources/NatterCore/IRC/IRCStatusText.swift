/// The quiet status lines the transcript shows for what happens on the connection itself.
public enum IRCStatusText {
  /// The line for `event`, or nil when it is not shown as one.
  public static func line(for event: IRCEvent) -> String? {
    switch event {
    case .joined(let channel): return localized("You joined {channel}", ["channel": channel])
    case .parted(let channel): return localized("You left {channel}", ["channel": channel])
    case .nickChanged(_, let new):
      return localized("You are now known as {nick}", ["nick": new])
    case .userRenamed(let old, let new):
      return localized("{old} is now known as {new}", ["old": old, "new": new])
    case .kicked(let channel, let by, let reason):
      let plain = IRCText.stripFormatting(reason)
      return plain.isEmpty
        ? localized("{by} removed you from {channel}", ["by": by, "channel": channel])
        : localized(
          "{by} removed you from {channel}: {reason}",
          ["by": by, "channel": channel, "reason": plain])
    case .channelActivity(_, let activity): return activity.sentence()
    case .serverError(let error): return error.sentence
    case .signInFailed(let reason): return reason
    case .signedIn(let account):
      return localized("You are signed in as {account}.", ["account": account])
    case .whois(let info): return info.text
    case .standardReply(let kind, let command, let text):
      switch kind {
      case "FAIL":
        return command == "*"
          ? localized("The server refused: {text}", ["text": text])
          : localized("{command} failed: {text}", ["command": command, "text": text])
      case "WARN": return localized("The server warns: {text}", ["text": text])
      default: return text
      }
    case .invited(let channel, let by):
      return localized(
        "{by} invites you to {channel}. Type /join {channel} to go.",
        ["by": by, "channel": channel])
    case .ctcpRequest(let from, let command, let answered):
      return answered
        ? localized(
          "{nick} asked for your CTCP {command}; answered", ["nick": from, "command": command])
        : localized("{nick} sent a CTCP {command} request", ["nick": from, "command": command])
    case .ctcpReply(let from, let command, let text):
      return localized(
        "CTCP {command} reply from {nick}: {text}",
        ["command": command, "nick": from, "text": text])
    case .awayReply(let nick, let reason):
      return reason.isEmpty
        ? localized("{nick} is away", ["nick": nick])
        : localized("{nick} is away: {reason}", ["nick": nick, "reason": reason])
    case .serverReply(_, let text): return text
    case .ownAway(let text?):
      return text.isEmpty
        ? localized("You are marked as away")
        : localized("You are marked as away: {reason}", ["reason": text])
    case .ownAway(nil): return localized("You are no longer marked as away")
    case .presence(_, _, false): return nil
    case .presence(let nick, let online, true):
      return online
        ? localized("{nick} is online", ["nick": nick])
        : localized("{nick} went offline", ["nick": nick])
    case .motd(let lines):
      return lines.map(IRCText.stripFormatting).joined(separator: "\n")
    default: return nil
    }
  }
}
