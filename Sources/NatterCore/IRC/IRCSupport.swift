/// What the server said about itself in `005 RPL_ISUPPORT`, with the defaults of RFC 1459
/// until it does.
public struct IRCSupport: Equatable, Sendable {
  /// The characters that start a channel name.
  public var channelTypes = "#&"
  /// Member modes and their prefix symbols, highest first: `ov` and `@+` by default.
  public var prefixModes = "ov"
  public var prefixSymbols = "@+"
  public var nickLength: Int?
  /// The longest line the server accepts, CR LF included; never below 512.
  public var lineLength = 512
  public var casemapping = IRCCasemapping.rfc1459
  public var network: String?
  /// `WHOX`: WHO answers with the fields asked for (accounts, away and bot flags).
  public var hasWHOX = false
  /// `CHANMODES=A,B,C,D`: list modes (`beI`), modes with an argument always (`k`), only when
  /// set (`l`), and never.
  public var listModes = "beI"
  public var alwaysParameterModes = "k"
  public var setParameterModes = "l"
  /// `MONITOR[=limit]`: how many nicknames the server watches for us; nil without MONITOR.
  public var monitorLimit: Int?
  /// `CLIENTTAGDENY`: the client tags the server will not relay (names without `+`), all of
  /// them but `clientTagExemptions` when `deniesAllClientTags` (`*`).
  public var deniedClientTags: Set<String> = []
  public var deniesAllClientTags = false
  public var clientTagExemptions: Set<String> = []
  /// At most this many names are kept from `CLIENTTAGDENY`.
  static let maxClientTagNames = 64

  public init() {}

  /// Whether the server relays the client tag `tag` (`+typing` or `typing`), by
  /// `CLIENTTAGDENY` (IRCv3 message-tags): `*` denies all but those listed with `-`.
  public func allowsClientTag(_ tag: String) -> Bool {
    let name = tag.hasPrefix("+") ? String(tag.dropFirst()) : tag
    if deniesAllClientTags { return clientTagExemptions.contains(name) }
    return !deniedClientTags.contains(name)
  }

  /// Applies the tokens of one `005` line (its params between the nickname and the text).
  public mutating func apply(_ tokens: some Sequence<String>) {
    for token in tokens {
      if token.hasPrefix("-") {
        reset(String(token.dropFirst()))
        continue
      }
      let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = parts[0].uppercased()
      let value = parts.count > 1 ? String(parts[1]) : ""
      switch key {
      case "CHANTYPES": channelTypes = value
      case "PREFIX":
        // `(qaohv)~&@%+`
        guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { continue }
        let modes = value[value.index(after: value.startIndex)..<close]
        let symbols = value[value.index(after: close)...]
        guard modes.count == symbols.count else { continue }
        prefixModes = String(modes)
        prefixSymbols = String(symbols)
      case "NICKLEN": nickLength = Int(value)
      case "LINELEN": lineLength = max(512, Int(value) ?? 512)
      case "CASEMAPPING": casemapping = IRCCasemapping(named: value)
      case "NETWORK": network = value.isEmpty ? nil : value
      case "WHOX": hasWHOX = true
      case "CHANMODES":
        let types = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard types.count >= 3 else { continue }
        (listModes, alwaysParameterModes, setParameterModes) = (types[0], types[1], types[2])
      // No limit given means the server sets none; Natter watches at most its own bound.
      case "MONITOR": monitorLimit = max(0, min(Int(value) ?? 500, 500))
      case "CLIENTTAGDENY": denyClientTags(value)
      default: continue
      }
    }
  }

  private mutating func reset(_ key: String) {
    let defaults = IRCSupport()
    switch key.uppercased() {
    case "CHANTYPES": channelTypes = defaults.channelTypes
    case "PREFIX":
      prefixModes = defaults.prefixModes
      prefixSymbols = defaults.prefixSymbols
    case "NICKLEN": nickLength = nil
    case "LINELEN": lineLength = defaults.lineLength
    case "CASEMAPPING": casemapping = defaults.casemapping
    case "NETWORK": network = nil
    case "WHOX": hasWHOX = false
    case "CHANMODES":
      (listModes, alwaysParameterModes, setParameterModes) =
        (defaults.listModes, defaults.alwaysParameterModes, defaults.setParameterModes)
    case "MONITOR": monitorLimit = nil
    case "CLIENTTAGDENY": denyClientTags("")
    default: break
    }
  }

  /// `CLIENTTAGDENY=*,-draft/react`: the list replaces what an earlier one said.
  private mutating func denyClientTags(_ value: String) {
    (deniedClientTags, deniesAllClientTags, clientTagExemptions) = ([], false, [])
    for token in value.split(separator: ",").prefix(Self.maxClientTagNames) {
      if token == "*" {
        deniesAllClientTags = true
      } else if token.hasPrefix("-") {
        clientTagExemptions.insert(String(token.dropFirst()))
      } else {
        deniedClientTags.insert(token.hasPrefix("+") ? String(token.dropFirst()) : String(token))
      }
    }
  }

  /// Whether `name` is a channel rather than a nickname.
  public func isChannel(_ name: String) -> Bool {
    guard let first = name.first else { return false }
    return channelTypes.contains(first)
  }

  /// Splits a `353 RPL_NAMREPLY` entry into its prefix symbols (all of them with
  /// `multi-prefix`) and the nickname.
  public func splitMember(_ entry: String) -> IRCMember {
    let symbols = entry.prefix { prefixSymbols.contains($0) }
    let rest = entry.dropFirst(symbols.count)
    // `userhost-in-names` would add `!user@host`; keep the nickname only.
    let nick = rest.prefix { $0 != "!" }
    return IRCMember(nick: String(nick), prefixes: String(symbols))
  }
}
