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
    }
  }

  static var notAChannel: String { localized("A private chat has no topic.") }

  /// The plan for `command` typed in a network's own conversation.
  private static func networkPlan(_ command: SlashCommand) -> [CommandPlan] {
    switch command {
    case .join, .message, .query, .nick, .quote, .help:
      return plan(command, in: .privateChat, target: "")
    case .part:
      return [.notice(localized("A network's own conversation cannot be left."))]
    case .action, .topic:
      return [.notice(localized("Open a channel or a private chat first."))]
    }
  }
}
