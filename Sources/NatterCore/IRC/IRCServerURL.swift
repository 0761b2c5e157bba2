/// An account as `natter --connect` takes it: `ircs://NICK@HOST[:PORT]/#chan[,#other]`
/// (`irc://` for plain TCP), SPEC §9, or a bouncer's `ircs://USER/NETWORK@HOST[:PORT]`
/// (SPEC §11). Parsing says exactly what is wrong, so the command line can print it and save
/// nothing.
public struct IRCServerURL: Equatable, Sendable, CustomStringConvertible {
  public var tls: Bool
  public var nick: String
  /// A bouncer's login, `user/network` (ZNC's), sent as the user name with the password as
  /// the server password; nil for a server signed in to with SASL.
  public var login: String?
  public var host: String
  /// `host:port`, the key certificates are pinned under.
  public var server: String { "\(host):\(port)" }
  public var port: Int
  public var channels: [String]
  /// The id of the soju bouncer's network this account is bound to (SPEC §11), kept beside
  /// the URL in `settings.ini`: the bouncer's networks share its host, nickname and login.
  public var bouncerNetwork: String?

  public init(
    tls: Bool, nick: String, host: String, port: Int? = nil, channels: [String],
    login: String? = nil
  ) {
    self.tls = tls
    self.nick = nick
    self.login = login
    self.host = host
    self.port = port ?? (tls ? 6697 : 6667)
    self.channels = channels
  }

  /// What is wrong with a URL, as a sentence for standard error.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// Parses `text`; `defaultNick` is used when the URL names no nickname.
  public init(parsing text: String, defaultNick: String) throws(Problem) {
    let scheme: Bool
    let rest: Substring
    if text.lowercased().hasPrefix("ircs://") {
      scheme = true
      rest = text.dropFirst(7)
    } else if text.lowercased().hasPrefix("irc://") {
      scheme = false
      rest = text.dropFirst(6)
    } else {
      throw Problem(
        description: localized("\"{text}\" is not an irc:// or ircs:// URL", ["text": String(text)])
      )
    }
    // A bouncer login holds a `/`, so the path starts at the first `/` after the `@`.
    let userEnd = rest.firstIndex(of: "@").flatMap { at in
      rest[..<at].contains("#") ? nil : at
    }
    let slash = rest[(userEnd ?? rest.startIndex)...].firstIndex(of: "/") ?? rest.endIndex
    var authority = rest[..<slash]
    // The channels are the fragment-like tail; `#` is never a fragment here.
    let path = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""
    var nick = defaultNick
    var login: String?
    if let at = authority.lastIndex(of: "@") {
      nick = String(authority[..<at])
      authority = authority[authority.index(after: at)...]
      if let slash = nick.firstIndex(of: "/") {
        // `user/network`: the bouncer's user is the nickname asked for too.
        let user = String(nick[..<slash])
        let network = nick[nick.index(after: slash)...]
        guard !user.isEmpty, !network.isEmpty,
          !nick.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == ":" })
        else {
          throw Problem(
            description: localized(
              "\"{login}\" is not a bouncer login such as user/network", ["login": nick]))
        }
        login = nick
        nick = IRCNickname.isValid(user) ? user : defaultNick
      }
      guard IRCNickname.isValid(nick) else {
        throw Problem(
          description: localized(
            "\"{nick}\" is not a nickname a server would accept", ["nick": nick]))
      }
    }
    var host = String(authority)
    var port: Int?
    if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
      host = String(authority[..<colon])
      let digits = authority[authority.index(after: colon)...]
      guard let number = Int(digits), (1...65535).contains(number) else {
        throw Problem(
          description: localized(
            "the port \"{port}\" is not a number from 1 to 65535", ["port": String(digits)]))
      }
      port = number
    }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { throw Problem(description: localized("the URL has no server name")) }
    guard !host.contains(where: { $0 == " " || $0 == "/" || $0 == "#" || $0 == "," }) else {
      throw Problem(description: localized("\"{host}\" is not a server name", ["host": host]))
    }
    var channels: [String] = []
    for name in path.split(separator: ",", omittingEmptySubsequences: true) {
      let channel = String(name)
      guard Self.isValidChannel(channel) else {
        throw Problem(
          description: localized(
            "\"{channel}\" is not a channel name: it starts with # or & and has no spaces, "
              + "commas or control characters", ["channel": channel]))
      }
      channels.append(channel)
    }
    self.init(tls: scheme, nick: nick, host: host, port: port, channels: channels, login: login)
  }

  /// The URL back, as `settings.ini` keeps it.
  public var description: String {
    let defaultPort = tls ? 6697 : 6667
    let portPart = port == defaultPort ? "" : ":\(port)"
    return "\(tls ? "ircs" : "irc")://\(login ?? nick)@\(host)\(portPart)/"
      + channels.joined(separator: ",")
  }

  /// The conversation's URL in the store and export (SPEC §6): `ircs://host/#chan`,
  /// `ircs://host/alice`; the port only when it is not the default.
  public func conversation(_ target: String) -> String {
    conversationPrefix + target
  }

  /// The inverse of `conversation(_:)`: the channel or nickname of one of this server's
  /// conversations, nil for `Notes` or another server's.
  public func target(ofConversation conversation: String) -> String? {
    let prefix = conversationPrefix
    guard conversation.hasPrefix(prefix), conversation.count > prefix.count else { return nil }
    return String(conversation.dropFirst(prefix.count))
  }

  /// What every conversation URL of this server starts with, and the id of the network's own
  /// conversation (its server messages). A bouncer's networks share a host, so theirs names
  /// the login too (`ircs://alice%2Fnet1@bouncer/`), or for soju's the network's id there
  /// (`ircs://~3@bouncer/`: no nickname starts with `~`).
  public var conversationPrefix: String {
    let defaultPort = tls ? 6697 : 6667
    let portPart = port == defaultPort ? "" : ":\(port)"
    let loginPart =
      bouncerNetwork.map { "~" + Self.escaped($0) + "@" }
      ?? login.map {
        $0.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "%2F") + "@"
      }
      ?? ""
    return "\(tls ? "ircs" : "irc")://\(loginPart)\(host)\(portPart)/"
  }

  /// A bouncer's opaque id as URL text: letters, digits, `-`, `.` and `_` as they are, any
  /// other byte `%XX`.
  private static func escaped(_ id: String) -> String {
    var text = ""
    for byte in id.utf8 {
      let scalar = Unicode.Scalar(byte)
      if ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar)
        || ("A"..."Z").contains(scalar) || "-._".unicodeScalars.contains(scalar)
      {
        text.unicodeScalars.append(scalar)
      } else {
        text += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return text
  }

  /// The bouncer's own connection, for one of its networks: the same URL, unbound.
  public var bouncer: IRCServerURL? {
    guard bouncerNetwork != nil else { return nil }
    var own = self
    own.bouncerNetwork = nil
    return own
  }

  /// RFC 2812 channel names as servers accept them: a prefix, then up to 200 characters without
  /// space, comma, BEL, NUL, CR or LF.
  static func isValidChannel(_ name: String) -> Bool {
    guard let first = name.first, first == "#" || first == "&", name.count >= 2,
      name.count <= 200
    else { return false }
    return !name.unicodeScalars.contains { $0 == " " || $0 == "," || $0.value < 0x20 }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
