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
  /// The masks `/ignore` keeps on this network (`IRCIgnoreList`).
  public var ignored: [String] = []
  /// A PEM file (certificate and key) shown in the TLS handshake to sign in with SASL
  /// `EXTERNAL`; the path is no secret, the key stays in its file.
  public var clientCertificate: String?

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

  /// For a network of a soju bouncer, the id of the bouncer's own network.
  public var bouncerID: String? { url.bouncer?.conversationPrefix }

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

extension [NetworkAccount] {
  /// A soju bouncer's word about its networks (SPEC §11) applied to the networks of
  /// `bouncerID` (the bouncer's own): a listing adds those not known yet, renames those the
  /// bouncer renamed and removes those it no longer has; a change does so for one. Each
  /// comes after the bouncer and its networks, on while the bouncer is, signed in as it is.
  /// Returns whether anything changed; other events change nothing.
  @discardableResult
  public mutating func applyBouncer(_ event: IRCEvent, of bouncerID: String) -> Bool {
    guard let bouncer = first(where: { $0.id == bouncerID }), bouncer.bouncerID == nil else {
      return false
    }
    let before = self
    switch event {
    case .bouncerNetworks(let listing):
      let listed = Set(listing.map(\.id))
      removeAll { $0.bouncerID == bouncerID && !listed.contains($0.url.bouncerNetwork ?? "") }
      for network in listing { upsert(network, of: bouncer) }
    case .bouncerNetworkChanged(let id, nil):
      removeAll { $0.bouncerID == bouncerID && $0.url.bouncerNetwork == id }
    case .bouncerNetworkChanged(let id, let changes?):
      // One by one, as in a listing, a bouncer adds no more than it may list at once.
      let known = filter { $0.bouncerID == bouncerID }
      guard
        known.contains(where: { $0.url.bouncerNetwork == id })
          || known.count < IRCBouncerNetworks.maxNetworks
      else { return false }
      var network = IRCBouncerNetwork(id: id, attributes: [:])
      network.apply(changes)
      upsert(network, of: bouncer, renamesOnlyWithName: true)
    default:
      return false
    }
    return self != before
  }

  private mutating func upsert(
    _ network: IRCBouncerNetwork, of bouncer: NetworkAccount, renamesOnlyWithName: Bool = false
  ) {
    var url = bouncer.url
    url.bouncerNetwork = network.id
    url.channels = []  // the bouncer joins them itself
    let named = network.name ?? localized("Network {id}", ["id": network.id])
    if let index = firstIndex(where: { $0.id == url.conversationPrefix }) {
      if network.name != nil || !renamesOnlyWithName {
        self[index].name = unique(named, not: index)
      }
      return
    }
    let last = lastIndex { $0.id == bouncer.id || $0.bouncerID == bouncer.id } ?? count - 1
    var added = NetworkAccount(
      url: url, name: named, saslAccount: bouncer.saslAccount, isEnabled: bouncer.isEnabled)
    added.name = unique(named, not: nil)
    insert(added, at: last + 1)
  }

  /// `name`, or `name (2)`… when another network already reads so.
  private func unique(_ name: String, not index: Int?) -> String {
    let others = Set(enumerated().filter { $0.offset != index }.map(\.element.name))
    var candidate = name
    var n = 2
    while others.contains(candidate) {
      candidate = "\(name) (\(n))"
      n += 1
    }
    return candidate
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
