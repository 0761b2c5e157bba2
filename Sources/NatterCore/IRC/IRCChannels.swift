/// Channels: the ones to join (with keys), the ones joined, their topics and members, and
/// the `chathistory` batches a server plays back on join.
struct IRCChannels: Equatable, Sendable {
  /// Bounds, so a broken or hostile server cannot make the state grow without end.
  static let maxChannels = 500
  static let maxMembers = 20_000
  static let maxOpenBatches = 16
  static let maxBatchMessages = 5_000

  struct Joined: Equatable, Sendable {
    var name: String
    var topic = ""
    /// By folded nickname.
    var members: [String: IRCMember] = [:]
    /// A NAMES reply under way, by folded nickname: folded as each `353` comes, so the `366`
    /// that ends a list of 20,000 does not fold them all at once (issue 32).
    var incoming: [String: IRCMember]?
    /// WHOX replies changed members since the list was last reported.
    var whoxChanged = false
    /// Our WHOX for the channel is under way.
    var whoxPending = false
  }

  struct Batch: Equatable, Sendable {
    var type: String
    var target: String
    var messages: [IRCIncomingMessage] = []
  }

  /// The channels to be in, in order; each reconnect joins them again.
  private(set) var wanted: [IRCAccount.Channel]
  /// By folded name.
  private(set) var joined: [String: Joined] = [:]
  private(set) var batches: [String: Batch] = [:]
  private var batchOrder: [String] = []

  init(wanted: [IRCAccount.Channel]) { self.wanted = wanted }

  /// Entries kept, for the fuzz test's growth check.
  var footprint: Int {
    joined.values.reduce(joined.count) { $0 + $1.members.count + ($1.incoming?.count ?? 0) }
      + batches.values.reduce(batches.count) { $0 + $1.messages.count } + wanted.count
  }

  /// Forgets what the old connection knew; what we want to join stays.
  mutating func reset() -> [IRCEffect] {
    let effects = flushBatches()
    joined = [:]
    return effects
  }

  /// `JOIN` lines for every wanted channel, keyed ones first as the protocol pairs keys in
  /// order, as few lines as fit 512 bytes.
  func joinAll() -> [IRCEffect] {
    let keyed = wanted.filter { $0.key != nil }
    let open = wanted.filter { $0.key == nil }
    var effects: [IRCEffect] = []
    var names: [String] = []
    var keys: [String] = []
    func flush() {
      guard !names.isEmpty else { return }
      var params = [names.joined(separator: ",")]
      if !keys.isEmpty { params.append(keys.joined(separator: ",")) }
      effects.append(.write(IRCMessage(command: "JOIN", params: params).serialized))
      names = []
      keys = []
    }
    for channel in keyed + open {
      let size = names.joined(separator: ",").utf8.count + keys.joined(separator: ",").utf8.count
      if size + channel.name.utf8.count + (channel.key?.utf8.count ?? 0) > 400 { flush() }
      names.append(channel.name)
      if let key = channel.key { keys.append(key) }
    }
    flush()
    return effects
  }

  mutating func want(_ channel: IRCAccount.Channel, casemapping: IRCCasemapping) {
    wanted.removeAll { casemapping.equal($0.name, channel.name) }
    if wanted.count < Self.maxChannels { wanted.append(channel) }
  }

  mutating func unwant(_ name: String, casemapping: IRCCasemapping) {
    wanted.removeAll { casemapping.equal($0.name, name) }
  }

  /// Handles membership, topic and batch lines; nil means "not mine".
  mutating func receive(_ message: IRCMessage, session: inout IRCSession) -> [IRCEffect]? {
    let map = session.support.casemapping
    let params = message.params
    let nick = message.sourceNick ?? ""
    switch message.command {
    case "JOIN":
      // A name no channel can have (RFC 2812: no space, comma or BEL) would go out again as
      // more than one parameter in the WHO and CHATHISTORY that follow a join.
      guard let name = params.first, !name.isEmpty,
        !name.contains(where: { $0 == " " || $0 == "," || $0 == "\u{7}" })
      else { return [] }
      let key = map.fold(name)
      if session.isMe(nick) {
        guard joined[key] == nil, joined.count < Self.maxChannels else { return [] }
        joined[key] = Joined(name: name)
        return [.event(.joined(channel: name))]
      }
      // `extended-join`: `JOIN #chan account :Real Name`, `*` for no account.
      let account = params.count >= 3 && params[1] != "*" ? params[1] : nil
      return activity(key, .joined(nick: nick))
        + change(key) { $0.members[map.fold(nick)] = IRCMember(nick: nick, account: account) }
    case "AWAY":
      // `away-notify`: away with a reason, back without one.
      let away = !(params.first ?? "").isEmpty
      return update(nick, map: map) { $0.isAway = away }
    case "ACCOUNT":
      guard let account = params.first else { return [] }
      return update(nick, map: map) { $0.account = account == "*" ? nil : account }
    case "MODE":
      guard params.count >= 2, let key = joinedKey(params[0], map: map) else { return [] }
      return modes(
        key, IRCModeChange.parse(Array(params.dropFirst()), support: session.support),
        by: nick.isEmpty ? (message.source ?? "") : nick, support: session.support)
    case "CHGHOST", "SETNAME":
      return []  // hosts and real names are not shown
    case "INVITE":
      guard params.count >= 2 else { return [] }
      if session.isMe(params[0]) {
        return [.event(.invited(channel: params[1], by: nick))]
      }
      guard let key = joinedKey(params[1], map: map) else { return [] }
      return activity(key, .invited(nick: params[0], by: nick))
    case "354" where params.count >= 2 && params[1] == Self.whoxToken:
      return whox(params, map: map)
    case "PART":
      guard let name = params.first else { return [] }
      let reason = params.count > 1 ? params[1] : ""
      return leave(
        nick: nick, channel: name, activity: .parted(nick: nick, reason: reason), session: session)
    case "KICK":
      guard params.count >= 2 else { return [] }
      let victim = session.isMe(params[1]) ? session.nick : params[1]
      let kick = IRCChannelActivity.kicked(
        nick: victim, by: nick, reason: params.count > 2 ? params[2] : "")
      return leave(nick: params[1], channel: params[0], activity: kick, session: session)
    case "QUIT":
      let folded = map.fold(nick)
      let reason = params.first ?? ""
      return joined.keys.sorted().flatMap { key in
        joined[key]?.members[folded] == nil
          ? []
          : activity(key, .quit(nick: nick, reason: reason))
            + change(key) { $0.members[folded] = nil }
      }
    case "NICK":
      guard let new = params.first, !new.isEmpty else { return [] }
      var effects: [IRCEffect] = []
      if session.isMe(nick) {
        let old = session.nick
        session.nick = new
        effects.append(.event(.nickChanged(from: old, to: new)))
      } else if !nick.isEmpty {
        effects.append(.event(.userRenamed(from: nick, to: new)))
      }
      let folded = map.fold(nick)
      for key in joined.keys.sorted() {
        guard let member = joined[key]?.members[folded] else { continue }
        // Our own change is reported once, as `nickChanged`.
        if !session.isMe(new) { effects += activity(key, .nickChanged(from: nick, to: new)) }
        effects += change(key) {
          $0.members[folded] = nil
          $0.members[map.fold(new)] = IRCMember(nick: new, prefixes: member.prefixes)
        }
      }
      return effects
    case "TOPIC":
      guard params.count >= 2 else { return [] }
      return topic(params[0], params[1], map: map, shown: .topicChanged(by: nick, text: params[1]))
    case "332":
      guard params.count >= 3 else { return [] }
      return topic(params[1], params[2], map: map, shown: .topicShown(text: params[2]))
    case "331":
      guard params.count >= 2 else { return [] }
      return topic(params[1], "", map: map)
    case "353":
      // `353 me = #chan :@alice +bob carol`
      guard params.count >= 4, let key = joinedKey(params[2], map: map) else { return [] }
      var incoming = joined[key]?.incoming ?? [:]
      // Let go of the stored list first: while it held the same buffer, every line copied
      // all the members listed so far (20,000 members: half a second, issue 32).
      joined[key]?.incoming = [:]
      for word in params[3].split(separator: " ") where incoming.count < Self.maxMembers {
        let member = session.support.splitMember(String(word))
        incoming[map.fold(member.nick)] = member
      }
      joined[key]?.incoming = incoming
      return []
    case "366":
      guard params.count >= 2, let key = joinedKey(params[1], map: map),
        let incoming = joined[key]?.incoming
      else { return [] }
      let listed = change(key) {
        // What the list does not say (accounts, away) is kept for those still there.
        let known = $0.members
        $0.incoming = nil
        var members = incoming
        for (folded, old) in known {
          guard var member = members[folded] else { continue }
          (member.account, member.isAway, member.isBot) = (old.account, old.isAway, old.isBot)
          members[folded] = member
        }
        $0.members = members
      }
      let asked = whoxRequest(params[1], support: session.support)
      if !asked.isEmpty { joined[key]?.whoxPending = true }
      return listed + asked
    case "315":
      // The end of our WHOX, with the list if it changed; a user's own WHO ends in view.
      guard params.count >= 2, let key = joinedKey(params[1], map: map),
        joined[key]?.whoxPending == true
      else { return nil }
      joined[key]?.whoxPending = false
      return endOfWho(params[1], map: map)
    case "BATCH":
      return batch(params)
    default:
      return nil
    }
  }

  /// Whether `id` names an open `chathistory` batch.
  func isHistory(batch id: String?) -> Bool {
    guard let id, let batch = batches[id] else { return false }
    return Self.isHistory(type: batch.type)
  }

  /// A batch of played-back history: IRCv3's `chathistory` (`draft/` or not), and the
  /// buffer a ZNC bouncer plays back on attach (`znc.in/playback`, SPEC §11).
  static func isHistory(type: String) -> Bool {
    type.hasSuffix("chathistory") || type == "znc.in/playback"
  }

  /// Keeps a PRIVMSG or NOTICE of an open `chathistory` batch until the batch ends; false when
  /// it belongs to none.
  mutating func collect(_ message: IRCIncomingMessage, batch id: String?) -> Bool {
    guard let id, let batch = batches[id], isHistory(batch: id) else { return false }
    if batch.messages.count < Self.maxBatchMessages {
      batches[id]?.messages.append(message)
    }
    return true
  }

  /// Every open history batch as far as it got: what arrived is real, and stored messages are
  /// deduplicated by `msgid`.
  mutating func flushBatches() -> [IRCEffect] {
    let effects = batchOrder.compactMap { id in batches[id].flatMap(Self.history) }
    batches = [:]
    batchOrder = []
    return effects
  }

  private mutating func batch(_ params: [String]) -> [IRCEffect] {
    guard let reference = params.first, reference.count > 1 else { return [] }
    let id = String(reference.dropFirst())
    if reference.hasPrefix("+") {
      var effects: [IRCEffect] = []
      if batches[id] == nil, batchOrder.count >= Self.maxOpenBatches {
        let oldest = batchOrder.removeFirst()
        if let batch = batches.removeValue(forKey: oldest), let event = Self.history(batch) {
          effects.append(event)
        }
      }
      if batches[id] == nil { batchOrder.append(id) }
      batches[id] = Batch(
        type: params.count > 1 ? params[1] : "", target: params.count > 2 ? params[2] : "")
      return effects
    }
    guard reference.hasPrefix("-"), let batch = batches.removeValue(forKey: id) else { return [] }
    batchOrder.removeAll { $0 == id }
    return Self.history(batch).map { [$0] } ?? []
  }

  private static func history(_ batch: Batch) -> IRCEffect? {
    guard isHistory(type: batch.type) else { return nil }
    // A stable sort by time: messages without one keep their place after those before them.
    let sorted = batch.messages.enumerated().sorted { lhs, rhs in
      switch (lhs.element.time, rhs.element.time) {
      case (let left?, let right?) where left != right: return left < right
      default: return lhs.offset < rhs.offset
      }
    }.map(\.element)
    return .event(.history(target: batch.target, sorted))
  }

  private mutating func leave(
    nick: String, channel: String, activity: IRCChannelActivity, session: IRCSession
  ) -> [IRCEffect] {
    let map = session.support.casemapping
    guard let key = joinedKey(channel, map: map) else { return [] }
    if session.isMe(nick) {
      let name = joined.removeValue(forKey: key)?.name ?? channel
      // Removed, we stay out until the user asks to rejoin: a reconnect does not join again.
      if case .kicked(_, let by, let reason) = activity {
        unwant(name, casemapping: map)
        return [.event(.kicked(channel: name, by: by, reason: reason))]
      }
      return [.event(.parted(channel: name))]
    }
    return self.activity(key, activity) + change(key) { $0.members[map.fold(nick)] = nil }
  }

  private mutating func topic(
    _ channel: String, _ text: String, map: IRCCasemapping, shown: IRCChannelActivity? = nil
  ) -> [IRCEffect] {
    guard let key = joinedKey(channel, map: map), let name = joined[key]?.name else { return [] }
    joined[key]?.topic = text
    let plain = IRCText.stripFormatting(text)
    var effects: [IRCEffect] = [.event(.topic(channel: name, text: plain))]
    // An empty topic on join is no news; someone clearing it is.
    if let shown, !(plain.isEmpty && shown == .topicShown(text: text)) {
      effects += activity(key, shown)
    }
    return effects
  }

  /// A channel's `MODE`: members' prefixes follow, and each change is a status line (member
  /// modes and bans one each, the channel's other modes one together).
  private mutating func modes(
    _ key: String, _ changes: [IRCModeChange], by: String, support: IRCSupport
  ) -> [IRCEffect] {
    let map = support.casemapping
    var effects: [IRCEffect] = []
    var others = ""
    var otherArguments: [String] = []
    var sign: Bool?
    var prefixesChanged = false
    for change in changes {
      if let index = support.prefixModes.firstIndex(of: change.mode), let nick = change.argument {
        let offset = support.prefixModes.distance(from: support.prefixModes.startIndex, to: index)
        let symbols = Array(support.prefixSymbols)
        guard offset < symbols.count, var member = joined[key]?.members[map.fold(nick)] else {
          continue
        }
        var held = Set(member.prefixes)
        if change.adding { held.insert(symbols[offset]) } else { held.remove(symbols[offset]) }
        // Highest first, in the server's order.
        member.prefixes = String(symbols.filter(held.contains))
        joined[key]?.members[map.fold(nick)] = member
        prefixesChanged = true
        effects += activity(key, .memberMode(by: by, nick: member.nick, change))
      } else if change.mode == "b", let mask = change.argument {
        effects += activity(key, .ban(by: by, mask: mask, adding: change.adding))
      } else {
        if sign != change.adding { others += change.adding ? "+" : "-" }
        sign = change.adding
        others.append(change.mode)
        // A key is a password: the line says it changed, never what it is.
        if let argument = change.argument, change.mode != "k" { otherArguments.append(argument) }
      }
    }
    if !others.isEmpty {
      let modes = ([others] + otherArguments).joined(separator: " ")
      effects += activity(key, .modesSet(by: by, modes: modes))
    }
    if prefixesChanged { effects += change(key) { _ in } }
    return effects
  }

  /// A status line for a joined channel, under the channel's own spelling.
  private func activity(_ key: String, _ activity: IRCChannelActivity) -> [IRCEffect] {
    guard let name = joined[key]?.name else { return [] }
    return [.event(.channelActivity(channel: name, activity))]
  }

  private func joinedKey(_ channel: String, map: IRCCasemapping) -> String? {
    let key = map.fold(channel)
    return joined[key] == nil ? nil : key
  }

  /// The tag of our WHOX requests, so their replies are told from a user's own `WHO`.
  static let whoxToken = "752"

  /// After a member list, the question WHOX answers for all of them at once: accounts, away
  /// and bot flags (`%tnfa`), where the server offers it.
  func whoxRequest(_ channel: String, support: IRCSupport) -> [IRCEffect] {
    guard support.hasWHOX else { return [] }
    return [
      .write(
        IRCMessage(command: "WHO", params: [channel, "%tnfa,\(Self.whoxToken)"]).serialized)
    ]
  }

  /// `354 me 752 nick flags account`: flags `G` away, `B` bot; account `0` for none.
  private mutating func whox(_ params: [String], map: IRCCasemapping) -> [IRCEffect] {
    guard params.count >= 5, params[1] == Self.whoxToken else { return [] }
    let (nick, flags, account) = (params[2], params[3], params[4])
    return update(nick, map: map, reporting: false) {
      $0.isAway = flags.contains("G")
      $0.isBot = flags.contains("B")
      $0.account = account == "0" ? nil : account
    }
  }

  /// Changes `nick` in every channel they are in with us, reporting each list that changed
  /// (WHOX replies come one per member: their lists are reported at the end, `315`).
  private mutating func update(
    _ nick: String, map: IRCCasemapping, reporting: Bool = true,
    _ body: (inout IRCMember) -> Void
  ) -> [IRCEffect] {
    let folded = map.fold(nick)
    var effects: [IRCEffect] = []
    for key in joined.keys.sorted() {
      guard var member = joined[key]?.members[folded] else { continue }
      let before = member
      body(&member)
      guard member != before else { continue }
      if reporting {
        effects += change(key) { $0.members[folded] = member }
      } else {
        joined[key]?.members[folded] = member
        joined[key]?.whoxChanged = true
      }
    }
    return effects
  }

  /// The end of a WHO: the channel's list, if WHOX replies changed it.
  mutating func endOfWho(_ channel: String, map: IRCCasemapping) -> [IRCEffect] {
    guard let key = joinedKey(channel, map: map), joined[key]?.whoxChanged == true else {
      return []
    }
    return change(key) { $0.whoxChanged = false }
  }

  /// Applies a change to a joined channel's members and reports the new list.
  private mutating func change(_ key: String, _ update: (inout Joined) -> Void) -> [IRCEffect] {
    guard var channel = joined[key] else { return [] }
    update(&channel)
    if channel.members.count > Self.maxMembers { return [] }
    joined[key] = channel
    // In folded-name order, by the keys already made, which the roster keeps as it comes
    // (`setMembers(inFoldedOrder:)`; a 20,000-member NAMES was sorted three times, issue 32).
    let members = channel.members.sorted { $0.key < $1.key }.map(\.value)
    return [.event(.members(channel: channel.name, members))]
  }
}
