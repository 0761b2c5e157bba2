/// One network the user is on (SPEC §11): its server and who to be there, its SASL account
/// (the password is in the Secret Service, never here), and whether Natter connects to it.
public struct NetworkAccount: Equatable, Sendable {
  public var url: IRCServerURL
  /// What the sidebar and the header call it: `Libera.Chat`, else the server's host.
  public var name: String
  /// SASL PLAIN account name; nil signs in as the nickname when a password is stored.
  public var saslAccount: String?
  /// Off: its conversations stay, and Natter does not connect.
  public var isEnabled: Bool

  public init(
    url: IRCServerURL, name: String? = nil, saslAccount: String? = nil, isEnabled: Bool = true
  ) {
    self.url = url
    self.name = name.flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultName(for: url)
    self.saslAccount = saslAccount
    self.isEnabled = isEnabled
  }

  /// The network's key: what its conversations' ids start with, and its own conversation.
  public var id: String { url.conversationPrefix }

  /// The host, or for a bouncer's network the network's name there (`net1 on bouncer`).
  public static func defaultName(for url: IRCServerURL) -> String {
    guard let login = url.login, let slash = login.firstIndex(of: "/") else { return url.host }
    return String(login[login.index(after: slash)...])
  }

  /// The Secret Service's key for its password: `host:port`, and for a bouncer the login too,
  /// since a bouncer's networks share one server.
  public var secretServer: String {
    url.login.map { "\($0)@\(url.server)" } ?? url.server
  }

  /// The account the stored password belongs to.
  public var secretAccount: String { saslAccount ?? url.login ?? url.nick }
}

extension [NetworkAccount] {
  /// `--connect URL`: the network on that server (host, port and bouncer login) is updated in
  /// place, nickname and channels included; another is added at the end. Returns the network's index.
  @discardableResult
  public mutating func addOrUpdate(_ url: IRCServerURL, saslAccount: String? = nil) -> Int {
    if let index = firstIndex(where: { $0.url.matchesAccount(of: url) }) {
      self[index].url = url
      self[index].isEnabled = true
      if let saslAccount { self[index].saslAccount = saslAccount }
      return index
    }
    var added = NetworkAccount(url: url, saslAccount: saslAccount)
    // Two networks on one host (two ports, a bouncer's) must not read the same.
    if contains(where: { $0.name == added.name }) { added.name = url.login ?? url.server }
    append(added)
    return count - 1
  }

  /// `--disconnect HOST`: every network on `host` (any port, or `host:port` for one) is
  /// turned off. Returns how many were.
  public mutating func disable(host: String) -> Int {
    var count = 0
    for index in indices where self[index].url.matches(host: host) && self[index].isEnabled {
      self[index].isEnabled = false
      count += 1
    }
    return count
  }
}

extension IRCServerURL {
  /// The same network: host, port, TLS and bouncer login, which is what its conversations'
  /// ids are made of (a second nickname on one server would share them, so it is the same
  /// network under a new nickname).
  func matchesAccount(of other: IRCServerURL) -> Bool {
    conversationPrefix.lowercased() == other.conversationPrefix.lowercased()
  }

  /// `host` or `host:port` names this server.
  func matches(host text: String) -> Bool {
    let wanted = text.lowercased()
    return wanted == host.lowercased() || wanted == server.lowercased()
  }
}
