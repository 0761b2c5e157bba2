/// `MONITOR` (SPEC §12): the server tells us when the people of our private chats come and
/// go, so a private chat shows whether its person is online. The host says whom to watch;
/// this keeps the server's list in step with it, within the server's limit.
struct IRCPresenceWatch: Equatable, Sendable {
  /// Whom the host wants watched, by folded nickname, as spelled.
  private var wanted: [String: String] = [:]
  /// Whom the server watches for us on this connection, folded.
  private var monitored: Set<String> = []
  /// What the server last said of each watched person, folded; kept across reconnects, so
  /// only a change is news.
  private var known: [String: Bool] = [:]
  /// The server's limit was reached (`734`): nobody more is added until something is removed.
  private var full = false

  /// The most nicknames watched; private chats beyond it simply show no presence.
  static let maxWanted = 500
  /// Nicknames per `MONITOR +` line, which stays well under 512 bytes.
  static let perLine = 20

  var footprint: Int { wanted.count + monitored.count + known.count }

  /// The host's whole list changed; the difference goes to the server when it can hear it.
  mutating func watch(_ nicks: [String], session: IRCSession) -> [IRCEffect] {
    let casemapping = session.support.casemapping
    wanted = [:]
    for nick in nicks.prefix(Self.maxWanted) where IRCNickname.isValid(nick) {
      wanted[casemapping.fold(nick)] = nick
    }
    known = known.filter { wanted[$0.key] != nil }
    return sync(session: session)
  }

  /// The lines that bring the server's list to the wanted one: removals first, so a full list
  /// makes room.
  mutating func sync(session: IRCSession) -> [IRCEffect] {
    guard session.registered, let limit = session.support.monitorLimit else { return [] }
    var effects: [IRCEffect] = []
    let removed = monitored.subtracting(wanted.keys).sorted()
    for chunk in stride(from: 0, to: removed.count, by: Self.perLine) {
      let names = removed[chunk..<min(chunk + Self.perLine, removed.count)]
      effects.append(.write("MONITOR - " + names.joined(separator: ",")))
      monitored.subtract(names)
      full = false
    }
    guard !full else { return effects }
    let room = max(0, limit - monitored.count)
    let added = wanted.keys.filter { !monitored.contains($0) }.sorted().prefix(room)
    let spelled = added.compactMap { wanted[$0] }
    for chunk in stride(from: 0, to: spelled.count, by: Self.perLine) {
      let names = spelled[chunk..<min(chunk + Self.perLine, spelled.count)]
      effects.append(.write("MONITOR + " + names.joined(separator: ",")))
    }
    monitored.formUnion(added)
    return effects
  }

  /// `730` online, `731` offline (each a comma-separated list of `nick[!user@host]`), `734`
  /// list full; nil for any other line.
  mutating func receive(_ message: IRCMessage, session: IRCSession) -> [IRCEffect]? {
    switch message.command {
    case "730", "731":
      guard let list = message.params.last, message.params.count >= 2 else { return [] }
      let online = message.command == "730"
      let casemapping = session.support.casemapping
      var effects: [IRCEffect] = []
      for target in list.split(separator: ",").prefix(Self.maxWanted) {
        let key = casemapping.fold(String(target.prefix { $0 != "!" }))
        guard let spelled = wanted[key] else { continue }
        let before = known.updateValue(online, forKey: key)
        effects.append(
          .event(
            .presence(nick: spelled, online: online, changed: before.map { $0 != online } ?? false))
        )
      }
      return effects
    case "732", "733":
      return []
    case "734":
      full = true
      return []
    default:
      return nil
    }
  }

  /// What the server last said of `nick`, while it watches them on this connection.
  func isOnline(_ nick: String, casemapping: IRCCasemapping) -> Bool? {
    let key = casemapping.fold(nick)
    return monitored.contains(key) ? known[key] : nil
  }

  /// A new connection: the server watches nobody for us yet.
  mutating func reset() {
    monitored = []
    full = false
  }
}
