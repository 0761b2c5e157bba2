/// Who to be on a server and where to go: what registration and joining need.
public struct IRCAccount: Equatable, Sendable, CustomStringConvertible {
  /// A channel to join, with its key when it has one.
  public struct Channel: Equatable, Sendable {
    public var name: String
    public var key: String?

    public init(_ name: String, key: String? = nil) {
      self.name = name
      self.key = key
    }
  }

  public var nick: String
  public var userName: String
  public var realName: String
  public var channels: [Channel]
  /// A client certificate goes with the TLS handshake: SASL `EXTERNAL` signs in with it.
  public var hasClientCertificate = false
  /// SASL account and password (`SCRAM-SHA-256` or `PLAIN`); nil signs in with nothing else.
  public var saslAccount: String?
  public var saslPassword: String?
  /// The server password (`PASS`), which is how a bouncer signs its user in.
  public var serverPassword: String?
  /// The id of the soju bouncer's network this connection is bound to (`BOUNCER BIND`); nil
  /// for a server's or a bouncer's own connection.
  public var bouncerNetwork: String?
  /// What a CTCP `VERSION` is answered with.
  public var version = "Natter"
  /// The masks `/ignore` keeps for this network.
  public var ignored: [String] = []

  public init(
    nick: String, userName: String? = nil, realName: String? = nil, channels: [Channel] = [],
    saslAccount: String? = nil, saslPassword: String? = nil, serverPassword: String? = nil,
    bouncerNetwork: String? = nil
  ) {
    self.serverPassword = serverPassword
    self.bouncerNetwork = bouncerNetwork
    self.nick = nick
    self.userName = userName ?? nick
    self.realName = realName ?? nick
    self.channels = channels
    self.saslAccount = saslAccount
    self.saslPassword = saslPassword
  }

  var wantsSASL: Bool { !IRCSASL.mechanisms(for: self).isEmpty }

  /// Never shows the password, so an account can be logged.
  public var description: String {
    "IRCAccount(nick: \(nick), channels: \(channels.map(\.name)), sasl: \(saslAccount ?? "none"))"
  }
}
