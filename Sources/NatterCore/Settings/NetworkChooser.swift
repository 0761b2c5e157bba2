import Foundation

/// `Connect to a network…` (Ctrl+N, SPEC §11): a searchable list of well-known networks and
/// `Custom server`, a nickname and channels, decided without a widget.
public struct NetworkChooser: Equatable, Sendable {
  /// A public network people come to Natter for, with its TLS port.
  public struct Known: Equatable, Sendable {
    public let name: String
    public let host: String
    public let port: Int
    public let tls: Bool
  }

  /// Well-known networks and the server each documents for clients, TLS where it offers it.
  public static let known: [Known] = [
    Known(name: "Libera.Chat", host: "irc.libera.chat", port: 6697, tls: true),
    Known(name: "OFTC", host: "irc.oftc.net", port: 6697, tls: true),
    Known(name: "EFnet", host: "irc.efnet.org", port: 6697, tls: true),
    Known(name: "Rizon", host: "irc.rizon.net", port: 6697, tls: true),
    Known(name: "IRCnet", host: "open.ircnet.net", port: 6697, tls: true),
    Known(name: "DALnet", host: "irc.dal.net", port: 6697, tls: true),
    Known(name: "Undernet", host: "irc.undernet.org", port: 6697, tls: true),
    Known(name: "QuakeNet", host: "irc.quakenet.org", port: 6667, tls: false),
    Known(name: "EsperNet", host: "irc.esper.net", port: 6697, tls: true),
    Known(name: "GIMPNet", host: "irc.gimp.org", port: 6697, tls: true),
    Known(name: "hackint", host: "irc.hackint.org", port: 6697, tls: true),
    Known(name: "tilde.chat", host: "irc.tilde.chat", port: 6697, tls: true),
  ]

  /// One row of the list: a known network, or `Custom server` (always last).
  public enum Choice: Equatable, Sendable {
    case known(Known)
    case custom

    public var title: String {
      switch self {
      case .known(let network): return network.name
      case .custom: return localized("Custom server")
      }
    }
  }

  /// The rows matching what is typed in the search, best first; `Custom server` stays.
  public private(set) var shown: [Choice] = Self.known.map(Choice.known) + [.custom]
  /// The row chosen, an index into `shown`.
  public private(set) var selected = 0

  public init() {}

  /// Filters by name or server as the search is typed; the first match is chosen.
  public mutating func search(_ query: String) {
    let names = Self.known.map { ($0.name, $0.host) }
    let byName = SwitcherFilter.filter(names.map(\.0), query: query)
    let byHost = SwitcherFilter.filter(names.map(\.1), query: query)
    var order = byName
    for index in byHost where !order.contains(index) { order.append(index) }
    shown = order.map { .known(Self.known[$0]) } + [.custom]
    selected = 0
  }

  public mutating func select(_ index: Int) {
    if shown.indices.contains(index) { selected = index }
  }

  /// Up and Down in the search move the choice, wrapping.
  public mutating func move(_ step: Int) {
    selected = ((selected + step) % shown.count + shown.count) % shown.count
  }

  public var choice: Choice { shown[selected] }

  /// The network `Connect` adds, with its name, or the problem with the fields.
  /// - Parameters:
  ///   - server: for `Custom server`, `host` or `host:port`.
  ///   - channels: names separated by commas or spaces; `#` is added where missing.
  public func network(server: String, tls: Bool, nick: String, channels: String)
    -> Result<NetworkAccount, IRCServerURL.Problem>
  {
    let nickname = nick.trimmingCharacters(in: .whitespaces)
    guard IRCNickname.isValid(nickname) else {
      return .failure(
        IRCServerURL.Problem(
          description: localized(
            "\"{nick}\" is not a nickname a server would accept", ["nick": nickname])))
    }
    let names = channels.split { $0 == "," || $0 == " " }.map { name in
      name.first == "#" || name.first == "&" ? String(name) : "#" + name
    }
    let host: String
    let name: String?
    var secure = tls
    switch choice {
    case .known(let network):
      host = "\(network.host):\(network.port)"
      name = network.name
      secure = network.tls
    case .custom:
      var given = server.trimmingCharacters(in: .whitespaces)
      // A pasted `ircs://host:port` says its TLS itself.
      for (scheme, isTLS) in [("ircs://", true), ("irc://", false)]
      where given.lowercased().hasPrefix(scheme) {
        given = String(given.dropFirst(scheme.count))
        secure = isTLS
      }
      if given.hasSuffix("/") { given = String(given.dropLast()) }
      host = given
      name = nil
      guard !host.isEmpty else {
        return .failure(IRCServerURL.Problem(description: localized("the URL has no server name")))
      }
    }
    let text = "\(secure ? "ircs" : "irc")://\(nickname)@\(host)/\(names.joined(separator: ","))"
    do {
      return .success(
        NetworkAccount(url: try IRCServerURL(parsing: text, defaultNick: nickname), name: name))
    } catch {
      return .failure(error)
    }
  }
}
