import Foundation

/// What someone is, as `WHOIS` answers it (SPEC §12), gathered from its numerics up to `318`.
public struct IRCWhois: Equatable, Sendable {
  public var nick: String
  public var user: String?
  public var host: String?
  public var realName: String?
  public var account: String?
  public var channels: [String] = []
  public var server: String?
  public var serverInfo: String?
  public var idleSeconds: Int?
  public var signedOn: Date?
  public var away: String?
  public var isSecure = false
  public var isOperator = false
  public var isBot = false

  public init(nick: String) { self.nick = nick }

  /// One readable block, a fact a line.
  public var text: String {
    var lines: [String] = []
    let who = [user, host].compactMap { $0 }.joined(separator: "@")
    if let realName, !realName.isEmpty {
      lines.append(
        who.isEmpty
          ? localized("{nick} is {name}", ["nick": nick, "name": realName])
          : localized("{nick} is {name} ({who})", ["nick": nick, "name": realName, "who": who]))
    } else {
      lines.append(localized("{nick} ({who})", ["nick": nick, "who": who]))
    }
    if let account { lines.append(localized("Account: {account}", ["account": account])) }
    if !channels.isEmpty {
      lines.append(localized("Channels: {channels}", ["channels": channels.joined(separator: " ")]))
    }
    if let server {
      lines.append(
        serverInfo.map {
          localized("Server: {server} ({info})", ["server": server, "info": $0])
        } ?? localized("Server: {server}", ["server": server]))
    }
    if let idleSeconds {
      lines.append(localized("Idle: {time}", ["time": Self.duration(idleSeconds)]))
    }
    if let away { lines.append(localized("Away: {reason}", ["reason": away])) }
    if isSecure { lines.append(localized("Uses a secure connection")) }
    if isOperator { lines.append(localized("Is an IRC operator")) }
    if isBot { lines.append(localized("Is a bot")) }
    return lines.joined(separator: "\n")
  }

  /// `3 h 12 min`, `5 min 3 s`, `42 s`.
  static func duration(_ seconds: Int) -> String {
    let (days, hours) = (seconds / 86_400, seconds / 3_600 % 24)
    let (minutes, rest) = (seconds / 60 % 60, seconds % 60)
    if days > 0 { return localized("{d} d {h} h", ["d": String(days), "h": String(hours)]) }
    if hours > 0 {
      return localized("{h} h {m} min", ["h": String(hours), "m": String(minutes)])
    }
    if minutes > 0 {
      return localized("{m} min {s} s", ["m": String(minutes), "s": String(rest)])
    }
    return localized("{s} s", ["s": String(rest)])
  }
}

/// The server's replies that no other part of the connection answers (SPEC §12): a `WHOIS`
/// gathered into one block, and every other numeric shown as its text in the network's own
/// conversation, never swallowed (a reply to `/quote VERSION` shows).
struct IRCServerReplies: Equatable, Sendable {
  /// WHOIS replies being gathered, by folded nickname; a few at once at most.
  private var whois: [String: IRCWhois] = [:]
  static let maxWhois = 8
  /// Channels one WHOIS lists at most, over all its `319` lines.
  static let maxWhoisChannels = 500
  /// Numerics answered elsewhere, or nothing a person reads: the topic's setter and time (shown
  /// with the topic), a channel's creation time, and the WHOIS numerics no block shows.
  static let quiet: Set<String> = ["333", "329", "310", "378", "379"]

  /// The WHOIS numerics gathered into a block.
  static let whoisCodes: Set<String> = [
    "311", "312", "313", "317", "318", "319", "301", "330", "335", "338", "671", "276", "307",
  ]

  /// A numeric reply's event, or nil for any other line.
  mutating func receive(_ message: IRCMessage, session: IRCSession) -> [IRCEffect]? {
    let code = message.command
    guard code.count == 3, code.allSatisfy(\.isNumber) else { return nil }
    if Self.whoisCodes.contains(code), message.params.count >= 2 {
      return gather(message, session: session)
    }
    guard !Self.quiet.contains(code), let number = Int(code), number < 400 else { return nil }
    let text = Self.text(of: message)
    return text.isEmpty ? [] : [.event(.serverReply(code: code, text: text))]
  }

  /// The words of a reply: every parameter after our nickname, formatting removed.
  static func text(of message: IRCMessage) -> String {
    message.params.dropFirst().map(IRCText.stripFormatting).filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  private mutating func gather(_ message: IRCMessage, session: IRCSession) -> [IRCEffect] {
    let params = message.params
    let nick = params[1]
    let key = session.support.casemapping.fold(nick)
    if message.command == "318" {
      guard let done = whois.removeValue(forKey: key) else { return [] }
      return [.event(.whois(done))]
    }
    // A `301` outside a WHOIS is the away reply to a private message.
    if message.command == "301", whois[key] == nil {
      let reason = params.count > 2 ? IRCText.stripFormatting(params[params.count - 1]) : ""
      return [.event(.awayReply(nick: nick, reason: reason))]
    }
    guard whois[key] != nil || whois.count < Self.maxWhois else { return [] }
    var info = whois[key] ?? IRCWhois(nick: nick)
    let last = params.count > 2 ? IRCText.stripFormatting(params[params.count - 1]) : ""
    switch message.command {
    case "311" where params.count >= 6:
      info.nick = nick
      info.user = params[2]
      info.host = params[3]
      info.realName = IRCText.stripFormatting(params[5])
    case "319":
      // Several 319s make one list, which a server repeating them cannot make endless.
      info.channels += last.split(separator: " ").map(String.init)
        .prefix(max(0, Self.maxWhoisChannels - info.channels.count))
    case "312" where params.count >= 3:
      info.server = params[2]
      info.serverInfo = params.count >= 4 && !last.isEmpty ? last : nil
    case "317" where params.count >= 3:
      info.idleSeconds = Int(params[2]).map { max(0, $0) }
      if params.count >= 5, let seconds = Int(params[3]) {
        info.signedOn = Date(timeIntervalSince1970: TimeInterval(seconds))
      }
    case "330" where params.count >= 3:
      info.account = params[2]
    case "301":
      info.away = last
    case "671":
      info.isSecure = true
    case "313":
      info.isOperator = true
    case "335":
      info.isBot = true
    default:
      break
    }
    whois[key] = info
    return []
  }
}
