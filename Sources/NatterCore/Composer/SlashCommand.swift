/// A command typed in the composer (SPEC §10): `/join #chan [key]`, `/part [reason]`,
/// `/msg nick text`, `/query nick`, `/me text`, `/nick name`, `/topic [text]`, `/quote RAW`,
/// `/help`. `//text` sends `/text` literally.
public enum SlashCommand: Equatable, Sendable {
  case join(channel: String, key: String?)
  case part(reason: String?)
  case message(to: String, text: String)
  case query(nick: String)
  case action(String)
  case nick(String)
  case topic(String?)
  case quote(String)
  case help
  /// `/whois nick`: who someone is, in one block.
  case whois(String)
  /// `/away [text]`: away with a reason, or back without one.
  case away(String?)
  /// `/notice target text`.
  case notice(to: String, text: String)
  /// `/ctcp target COMMAND [arguments]`.
  case ctcp(to: String, command: String, arguments: String?)
  /// `/invite nick [#channel]`.
  case invite(nick: String, channel: String?)
  /// `/mode [target] modes…`: the channel's when no target is named.
  case mode([String])
  /// `/kick nick [reason]`.
  case kick(nick: String, reason: String?)
  /// `/op`, `/deop`, `/voice`, `/devoice` nick…: `+o`, `-o`, `+v`, `-v` for each.
  case memberMode(String, nicks: [String])
  /// `/ban nick|mask`: a nickname becomes `nick!*@*`.
  case ban(String)
  /// `/list [filter]`: the channel browser, its filter already typed.
  case list(filter: String?)
  /// `/ignore [nick|mask]`: ignore someone on this network, or list who is ignored.
  case ignore(String?)
  /// `/unignore nick|mask`.
  case unignore(String)
  /// `/quit [reason]`: leave this network (it stays, disconnected, until `Reconnect`).
  case quit(String?)

  /// What the composer does with its text when the user sends it.
  public enum Parsed: Equatable, Sendable {
    /// Not a command: send this text (a `//` escape has lost one slash).
    case text(String)
    /// Run the command.
    case command(SlashCommand)
    /// Send nothing; show this sentence under the text and keep the draft.
    case notice(String)
  }

  /// The usage line of each command, in the order `/help` lists them.
  public static var usage: [(name: String, usage: String, summary: String)] {
    [
      ("join", localized("/join #channel [key]"), localized("join a channel")),
      ("part", localized("/part [reason]"), localized("leave this channel")),
      ("msg", localized("/msg nick text"), localized("send a private message")),
      ("query", localized("/query nick"), localized("open a private chat")),
      ("me", localized("/me text"), localized("send an action: * you text")),
      ("nick", localized("/nick name"), localized("change your nickname")),
      ("topic", localized("/topic [text]"), localized("show or set the channel topic")),
      ("quote", localized("/quote RAW"), localized("send a raw line to the server (also /raw)")),
      ("whois", localized("/whois nick"), localized("show who someone is")),
      ("away", localized("/away [text]"), localized("set yourself away, or back without text")),
      ("notice", localized("/notice target text"), localized("send a notice")),
      ("ctcp", localized("/ctcp nick COMMAND"), localized("send a CTCP request")),
      ("invite", localized("/invite nick [#channel]"), localized("invite someone to a channel")),
      ("mode", localized("/mode [target] modes"), localized("show or change modes")),
      ("kick", localized("/kick nick [reason]"), localized("remove someone from this channel")),
      ("op", localized("/op nick"), localized("make someone an operator (/deop undoes)")),
      ("voice", localized("/voice nick"), localized("give someone voice (/devoice undoes)")),
      ("ban", localized("/ban nick|mask"), localized("ban someone from this channel")),
      ("list", localized("/list [filter]"), localized("browse the network's channels")),
      ("ignore", localized("/ignore [nick|mask]"), localized("hide someone's messages, or list")),
      ("unignore", localized("/unignore nick|mask"), localized("show someone's messages again")),
      ("quit", localized("/quit [reason]"), localized("disconnect from this network")),
      ("help", "/help", localized("list these commands")),
    ]
  }

  /// Every command name Tab completes after `/`, the aliases of `/help`'s lines included.
  public static var names: [String] {
    (usage.map(\.name) + ["raw", "deop", "devoice", "leave", "disconnect"]).sorted()
  }

  /// The `/help` text: one line per command.
  public static var helpText: String {
    usage.map { "\($0.usage) — \($0.summary)" }.joined(separator: "\n")
  }

  /// Whether text starting with `prefix` (its first two characters are enough) is a command
  /// line, in which `#channel` stays text instead of becoming a chip.
  public static func isCommandLine(_ prefix: some StringProtocol) -> Bool {
    prefix.hasPrefix("/") && !prefix.hasPrefix("//")
  }

  /// Parses the composer's (trimmed) text. Text that does not start with `/` is plain text.
  ///
  /// A command's arguments become parameters of one raw line, so a line break in them would
  /// let the text after it reach the server as a line of its own: such a command is refused.
  /// Where the argument is message text (`/me`, `/msg`), each line is its own message;
  /// `/quote` sends its first line only. A NUL is never sent (GTK's buffer cannot hold one,
  /// but a paste or an import may try).
  public static func parse(_ text: String) -> Parsed {
    guard text.hasPrefix("/") else { return .text(text) }
    if text.hasPrefix("//") { return .text(String(text.dropFirst())) }
    let body = text.dropFirst().filter { $0 != "\0" }
    let name = body.prefix { !$0.isWhitespace }
    let rest = body.dropFirst(name.count).drop { $0.isWhitespace && !$0.isNewline }
    let arguments = String(rest)
    let isMultiline = arguments.contains(where: \.isNewline)
    let firstLine = String(rest.prefix { !$0.isNewline })
    let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
    let command = "/" + name.lowercased()
    switch name.lowercased() {
    case "join", "j":
      if isMultiline { return oneLineNotice(command) }
      guard (1...2).contains(words.count), !words[0].contains(",") else {
        return usageNotice("join")
      }
      let channel = words[0].first.map { "#&+!".contains($0) } == true ? words[0] : "#" + words[0]
      return .command(.join(channel: channel, key: words.count == 2 ? words[1] : nil))
    case "part", "leave":
      if isMultiline { return oneLineNotice(command) }
      return .command(.part(reason: arguments.isEmpty ? nil : arguments))
    case "msg":
      // The nickname is the first word of the first line; the rest is the message's text.
      guard let target = firstLine.split(whereSeparator: \.isWhitespace).first.map(String.init)
      else { return usageNotice("msg") }
      let text = rest.dropFirst(target.count).drop(while: \.isWhitespace)
      guard text.contains(where: { !$0.isWhitespace }) else { return usageNotice("msg") }
      return .command(.message(to: target, text: String(text)))
    case "query":
      if isMultiline { return oneLineNotice(command) }
      guard words.count == 1 else { return usageNotice("query") }
      return .command(.query(nick: words[0]))
    case "me":
      let text = rest.drop(while: \.isWhitespace)
      guard !text.isEmpty else { return usageNotice("me") }
      return .command(.action(String(text)))
    case "nick":
      if isMultiline { return oneLineNotice(command) }
      guard words.count == 1 else { return usageNotice("nick") }
      return .command(.nick(words[0]))
    case "topic":
      if isMultiline { return oneLineNotice(command) }
      return .command(.topic(arguments.isEmpty ? nil : arguments))
    case "quote", "raw":
      guard !firstLine.isEmpty else { return usageNotice("quote") }
      return .command(.quote(firstLine))
    case "help":
      return .command(.help)
    case "whois", "wi":
      if isMultiline { return oneLineNotice(command) }
      guard words.count == 1 else { return usageNotice("whois") }
      return .command(.whois(words[0]))
    case "away":
      if isMultiline { return oneLineNotice(command) }
      return .command(.away(arguments.isEmpty ? nil : arguments))
    case "notice":
      if isMultiline { return oneLineNotice(command) }
      guard words.count >= 2 else { return usageNotice("notice") }
      let text = rest.dropFirst(words[0].count).drop(while: \.isWhitespace)
      return .command(.notice(to: words[0], text: String(text)))
    case "ctcp":
      if isMultiline { return oneLineNotice(command) }
      guard words.count >= 2 else { return usageNotice("ctcp") }
      let extra = words.dropFirst(2).joined(separator: " ")
      return .command(
        .ctcp(to: words[0], command: words[1].uppercased(), arguments: extra.isEmpty ? nil : extra))
    case "invite":
      if isMultiline { return oneLineNotice(command) }
      guard (1...2).contains(words.count) else { return usageNotice("invite") }
      return .command(.invite(nick: words[0], channel: words.count == 2 ? words[1] : nil))
    case "mode":
      if isMultiline { return oneLineNotice(command) }
      return .command(.mode(words))
    case "kick", "k":
      if isMultiline { return oneLineNotice(command) }
      guard let nick = words.first else { return usageNotice("kick") }
      let reason = rest.dropFirst(nick.count).drop(while: \.isWhitespace)
      return .command(.kick(nick: nick, reason: reason.isEmpty ? nil : String(reason)))
    case "op", "deop", "voice", "devoice":
      if isMultiline { return oneLineNotice(command) }
      let usage = name.lowercased().hasSuffix("voice") ? "voice" : "op"
      guard !words.isEmpty, words.count <= 12 else { return usageNotice(usage) }
      let mode: String
      switch name.lowercased() {
      case "op": mode = "+o"
      case "deop": mode = "-o"
      case "voice": mode = "+v"
      default: mode = "-v"
      }
      return .command(.memberMode(mode, nicks: words))
    case "ban":
      if isMultiline { return oneLineNotice(command) }
      guard words.count == 1 else { return usageNotice("ban") }
      return .command(.ban(words[0]))
    case "list":
      if isMultiline { return oneLineNotice(command) }
      return .command(.list(filter: arguments.isEmpty ? nil : arguments))
    case "ignore":
      if isMultiline { return oneLineNotice(command) }
      guard words.count <= 1 else { return usageNotice("ignore") }
      return .command(.ignore(words.first))
    case "unignore":
      if isMultiline { return oneLineNotice(command) }
      guard words.count == 1 else { return usageNotice("unignore") }
      return .command(.unignore(words[0]))
    case "quit", "disconnect":
      if isMultiline { return oneLineNotice(command) }
      return .command(.quit(arguments.isEmpty ? nil : arguments))
    default:
      let shown = name.isEmpty ? "/" : "/" + name
      return .notice(
        localized(
          "{command} is not a command. Type /help for the list, or // to send a slash.",
          ["command": shown]))
    }
  }

  /// Whether the command needs a network; in `Notes` those say there is none.
  public var needsNetwork: Bool {
    if case .help = self { return false }
    return true
  }

  /// What `Notes` answers to a network command.
  public static var noNetworkNotice: String {
    localized("Notes is not on a network, so this command does nothing here.")
  }

  /// What a command whose arguments would span lines answers: nothing goes to the server.
  private static func oneLineNotice(_ command: String) -> Parsed {
    .notice(localized("{command} takes one line, so nothing was sent.", ["command": command]))
  }

  private static func usageNotice(_ name: String) -> Parsed {
    let line = usage.first { $0.name == name }?.usage ?? "/\(name)"
    return .notice(localized("Usage: {command}", ["command": line]))
  }
}
