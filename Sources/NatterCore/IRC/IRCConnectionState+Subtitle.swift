extension IRCConnectionState {
  /// The header bar's `Connection` subtitle (SPEC §9): `Connecting…`, `#natter on
  /// irc.example.net`, `Offline — 3 messages waiting`, `Disconnected: <reason>`.
  /// - Parameters:
  ///   - conversation: the channel or nickname shown, nil for none.
  ///   - waiting: pending messages in the outbox.
  public func subtitle(conversation: String?, host: String, waiting: Int) -> String {
    switch self {
    case .idle, .connecting, .registering:
      return waiting > 0 ? "Connecting… — \(Self.waiting(waiting))" : "Connecting…"
    case .ready:
      guard let conversation else { return "Connected to \(host)" }
      return "\(conversation) on \(host)"
    case .disconnected(let reason, _):
      return waiting > 0
        ? "Offline — \(Self.waiting(waiting)) · Disconnected: \(reason)"
        : "Disconnected: \(reason)"
    }
  }

  /// Whether `Reconnect` is offered: while disconnected and waiting for the next attempt.
  public var offersReconnect: Bool {
    if case .disconnected = self { return true }
    return false
  }

  private static func waiting(_ count: Int) -> String {
    count == 1 ? "1 message waiting" : "\(count) messages waiting"
  }
}
