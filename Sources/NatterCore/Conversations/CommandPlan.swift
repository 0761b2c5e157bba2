/// What a slash command does in the open conversation (SPEC §10), decided without a network or
/// a widget: the window performs the steps in order.
public enum CommandPlan: Equatable, Sendable {
  /// Send nothing; show this sentence under the text and keep the draft.
  case notice(String)
  /// Send `text` to `target` (a channel or a nickname); an action when `isAction`.
  case send(target: String, text: String, isAction: Bool)
  /// Join a channel and open its conversation.
  case join(channel: String, key: String?)
  /// Leave a channel (its conversation leaves the sidebar; its history stays stored).
  case part(channel: String, reason: String?)
  /// Close a private chat (nothing to tell the server).
  case close
  /// Open the private chat with `nick` (adding it to the sidebar).
  case query(nick: String)
  /// Write one raw line to the server (`/nick`, `/topic`, `/quote`).
  case raw(IRCMessage)
  /// Show this text in place, sending nothing (`/help`, `/topic` without text).
  case show(String)
  /// Open the channel browser and ask the server for its channels (`LIST`).
  case browseChannels(filter: String?)
  /// Change or list this network's ignore list (`/ignore`, `/unignore`).
  case ignore(IgnoreRequest)
  /// Leave the network: `QUIT`, then disconnected until the user reconnects.
  case disconnect(reason: String?)

  /// What `/ignore` and `/unignore` ask of the network's list.
  public enum IgnoreRequest: Equatable, Sendable {
    case add(String)
    case remove(String)
    case list
  }

  /// The plan for `command` typed in a conversation of `kind` whose channel or nickname is
  /// `target` (nil in `Notes`); `topic` is the channel's topic as known.
  public static func plan(
    _ command: SlashCommand, in kind: ConversationList.Kind, target: String?, topic: String = ""
  ) -> [CommandPlan] {
    if command == .help { return [.show(SlashCommand.helpText)] }
    guard kind != .notes else { return [.notice(SlashCommand.noNetworkNotice)] }
    // A network's own conversation has no channel or person: what needs one says so.
    guard kind != .network else { return networkPlan(command) }
    guard let target else { return [.notice(SlashCommand.noNetworkNotice)] }
    switch command {
    case .help:
      return [.show(SlashCommand.helpText)]
    case .join(let channel, let key):
      return [.join(channel: channel, key: key)]
    case .part(let reason):
      return kind == .channel ? [.part(channel: target, reason: reason)] : [.close]
    case .message(let to, let text):
      return [.send(target: to, text: text, isAction: false)]
    case .query(let nick):
      return [.query(nick: nick)]
    case .action(let text):
      return [.send(target: target, text: text, isAction: true)]
    case .nick(let name):
      return [.raw(IRCMessage(command: "NICK", params: [name]))]
    case .topic(let text?):
      guard kind == .channel else { return [.notice(notAChannel)] }
      return [.raw(IRCMessage(command: "TOPIC", params: [target, text]))]
    case .topic(nil):
      guard kind == .channel else { return [.notice(notAChannel)] }
      return [
        .show(
          topic.isEmpty
            ? localized("{channel} has no topic.", ["channel": target])
            : localized("Topic of {channel}: {topic}", ["channel": target, "topic": topic]))
      ]
    case .quote(let line):
      guard let message = try? IRCMessage(parsing: line) else {
        return [.notice(localized("That is not an IRC line: {line}", ["line": line]))]
      }
      return [.raw(message)]
    case .whois, .away, .notice, .ctcp, .invite, .mode, .kick, .memberMode, .ban:
      return serverPlan(command, in: kind, target: target)
    case .list(let filter):
      return [.browseChannels(filter: filter)]
    case .ignore(let who?):
      return [.ignore(.add(who))]
    case .ignore(nil):
      return [.ignore(.list)]
    case .unignore(let who):
      return [.ignore(.remove(who))]
    case .quit(let reason):
      return [.disconnect(reason: reason)]
    }
  }

  /// The commands that are one line to the server; those about a channel use the open one.
  private static func serverPlan(
    _ command: SlashCommand, in kind: ConversationList.Kind, target: String
  ) -> [CommandPlan] {
    let channel = kind == .channel ? target : nil
    switch command {
    case .whois(let nick):
      // Named twice, the question goes to their own server, which knows how long they idled.
      return [.raw(IRCMessage(command: "WHOIS", params: [nick, nick]))]
    case .away(let text):
      return [.raw(IRCMessage(command: "AWAY", params: text.map { [$0] } ?? []))]
    case .notice(let to, let text):
      return [.raw(IRCMessage(command: "NOTICE", params: [to, text]))]
    case .ctcp(let to, let name, let arguments):
      let body = "\u{01}" + name + (arguments.map { " " + $0 } ?? "") + "\u{01}"
      return [.raw(IRCMessage(command: "PRIVMSG", params: [to, body]))]
    case .invite(let nick, let named):
      guard let into = named ?? channel else { return [.notice(needsChannel)] }
      return [.raw(IRCMessage(command: "INVITE", params: [nick, into]))]
    case .mode(let words):
      // `/mode +m` is the open channel's; `/mode #other +i` or `/mode alice +i` names its own.
      if let first = words.first, !first.hasPrefix("+"), !first.hasPrefix("-") {
        return [.raw(IRCMessage(command: "MODE", params: words))]
      }
      guard let channel else { return [.notice(needsChannel)] }
      return [.raw(IRCMessage(command: "MODE", params: [channel] + words))]
    case .kick(let nick, let reason):
      guard let channel else { return [.notice(needsChannel)] }
      return [
        .raw(IRCMessage(command: "KICK", params: [channel, nick] + (reason.map { [$0] } ?? [])))
      ]
    case .memberMode(let mode, let nicks):
      guard let channel, let sign = mode.first, let letter = mode.last else {
        return [.notice(needsChannel)]
      }
      let modes = String(sign) + String(repeating: letter, count: nicks.count)
      return [.raw(IRCMessage(command: "MODE", params: [channel, modes] + nicks))]
    case .ban(let who):
      guard let channel else { return [.notice(needsChannel)] }
      let mask = who.contains("!") || who.contains("@") ? who : who + "!*@*"
      return [.raw(IRCMessage(command: "MODE", params: [channel, "+b", mask]))]
    default:
      return []
    }
  }

  static var needsChannel: String { localized("Open a channel first, or name one.") }

  static var notAChannel: String { localized("A private chat has no topic.") }

  /// The plan for `command` typed in a network's own conversation.
  private static func networkPlan(_ command: SlashCommand) -> [CommandPlan] {
    switch command {
    case .join, .message, .query, .nick, .quote, .help, .whois, .away, .notice, .ctcp, .invite,
      .mode, .kick, .memberMode, .ban, .list, .ignore, .unignore, .quit:
      return plan(command, in: .privateChat, target: "")
    case .part:
      return [.notice(localized("A network's own conversation cannot be left."))]
    case .action, .topic:
      return [.notice(localized("Open a channel or a private chat first."))]
    }
  }
}
