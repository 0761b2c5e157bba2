extension IRCConnectionState {
  /// The header bar's `Connection` subtitle (SPEC §9): `Connecting…`, `#natter on
  /// irc.example.net`, `Offline — 3 messages waiting`, `Disconnected: <reason>`.
  /// - Parameters:
  ///   - conversation: the channel or nickname shown, nil for none.
  ///   - waiting: pending messages in the outbox.
  ///   - isLeft: the conversation is a channel we were removed from.
  ///   - isOnline: for a private chat, whether its person is online (`MONITOR`); nil unknown.
  ///   - away: our away text while the server has us away (empty without a reason).
  public func subtitle(
    conversation: String?, host: String, waiting: Int, isLeft: Bool = false,
    isOnline: Bool? = nil, away: String? = nil
  ) -> String {
    switch self {
    case .idle, .connecting, .registering:
      return waiting > 0
        ? localized("Connecting… — {waiting}", ["waiting": Self.waiting(waiting)])
        : localized("Connecting…")
    case .ready:
      var line: String
      if let conversation {
        line =
          isLeft
          ? localized("Not in {channel} on {host}", ["channel": conversation, "host": host])
          : localized("{conversation} on {host}", ["conversation": conversation, "host": host])
      } else {
        line = localized("Connected to {host}", ["host": host])
      }
      if let isOnline, let conversation {
        line =
          isOnline
          ? localized("{line} — {nick} is online", ["line": line, "nick": conversation])
          : localized("{line} — {nick} is offline", ["line": line, "nick": conversation])
      }
      if let away {
        line =
          away.isEmpty
          ? localized("{line} · You are away", ["line": line])
          : localized("{line} · You are away: {reason}", ["line": line, "reason": away])
      }
      return line
    case .disconnected(let reason, _):
      return waiting > 0
        ? localized(
          "Offline — {waiting} · Disconnected: {reason}",
          ["waiting": Self.waiting(waiting), "reason": reason])
        : localized("Disconnected: {reason}", ["reason": reason])
    }
  }

  /// What a network's row in the sidebar says under its name (SPEC §11): `Connected`,
  /// `Connecting…`, `Offline — 2 messages waiting`, `Disconnected: <reason>`.
  public func networkDetail(waiting: Int) -> String {
    switch self {
    case .ready: return localized("Connected")
    case .idle, .connecting, .registering, .disconnected:
      return subtitle(conversation: nil, host: "", waiting: waiting)
    }
  }

  /// Whether `Reconnect` is offered: while disconnected and waiting for the next attempt.
  public var offersReconnect: Bool {
    if case .disconnected = self { return true }
    return false
  }

  private static func waiting(_ count: Int) -> String {
    localizedPlural("{count} message waiting", "{count} messages waiting", count: count)
  }
}
