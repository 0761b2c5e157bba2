/// What the header's `Connection` line says where no one network's state does (SPEC §11):
/// in `Notes`, of every network that is on, and in a conversation of a network that is off.
public struct NetworkSummary: Equatable, Sendable {
  /// One network that is on: its name, state and waiting messages.
  public struct Network: Equatable, Sendable {
    public var name: String
    public var state: IRCConnectionState
    public var waiting: Int

    public init(name: String, state: IRCConnectionState, waiting: Int) {
      self.name = name
      self.state = state
      self.waiting = waiting
    }
  }

  public var networks: [Network]

  public init(_ networks: [Network]) { self.networks = networks }

  /// The line: one network's own subtitle, or how many of several are connected and what
  /// waits; with every network off, that.
  public var subtitle: String {
    guard networks.count > 1 else {
      guard let only = networks.first else { return localized("Every network is off") }
      return only.state.subtitle(conversation: nil, host: only.name, waiting: only.waiting)
    }
    let ready = networks.count { $0.state == .ready }
    let waiting = networks.reduce(0) { $0 + $1.waiting }
    let connected =
      ready == networks.count
      ? localizedPlural(
        "Connected to {count} network", "Connected to {count} networks", count: ready)
      : localized(
        "{ready} of {count} networks connected",
        ["ready": String(ready), "count": String(networks.count)])
    guard waiting > 0 else { return connected }
    return connected + " — "
      + localizedPlural("{count} message waiting", "{count} messages waiting", count: waiting)
  }

  /// `Reconnect` is offered when any network waits for its next attempt.
  public var offersReconnect: Bool { networks.contains { $0.state.offersReconnect } }

  /// The line in a conversation of a network that is off.
  public static func off(_ name: String) -> String {
    localized("{network} is off", ["network": name])
  }
}
