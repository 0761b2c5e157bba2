import Foundation

/// One IRC connection as a pure state machine (SPEC §9): fed inputs with the current time, it
/// answers with lines to write, timers and events, and never touches a socket or a clock.
///
/// The work is split by concern: `IRCRegistration` (CAP, SASL, nicknames, welcome),
/// `IRCChannels` (joins, topics, members, history batches), `IRCOutbox` (delivery) and
/// `IRCLiveness` (PING and reconnect timing). This type routes between them.
public struct IRCConnection: Sendable {
  public private(set) var state = IRCConnectionState.idle
  public private(set) var account: IRCAccount

  /// The real name `USER` gives from the next connection on (empty: the nickname); a name
  /// cannot change while signed in.
  public mutating func useRealName(_ name: String) {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    account.realName = trimmed.isEmpty ? account.nick : trimmed
  }
  /// Our nickname on this connection (or the one we will ask for).
  public var nick: String { session.nick }
  /// What the server supports, from ISUPPORT.
  public var support: IRCSupport { session.support }
  /// Capabilities the server acknowledged.
  public var capabilities: Set<String> { session.capabilities }
  /// Messages waiting for their echo, for the store to keep across a restart.
  public var pending: [IRCOutboxEntry] { outbox.entries }
  /// Whether a page of older history for `target` may be asked for now (`fetchOlder` would
  /// write one), so the host reads the store only when it will be used.
  public func canFetchOlder(_ target: String) -> Bool {
    state == .ready && history.canAskOlder(target, session: session)
  }
  /// The channels we are in, as the server spells them, in name order.
  public var joinedChannels: [String] { channels.joined.values.map(\.name).sorted() }

  var session: IRCSession
  /// When a connection that has not been welcomed yet is given up.
  private var registrationDeadline: Date?
  var registration = IRCRegistration()
  var channels: IRCChannels
  var outbox: IRCOutbox
  var liveness = IRCLiveness()
  var history = IRCHistoryRequests()
  var bouncer = IRCBouncerNetworks()
  var replies = IRCServerReplies()
  var ctcpReplies = IRCCTCPReplies()
  var directory = IRCChannelDirectory()
  var presence = IRCPresenceWatch()
  var ignored: IRCIgnoreList
  var tagMessages = IRCTagMessages()
  /// `draft/multiline` batches being received.
  var multiline = IRCMultilineInbox()
  /// Our away text while the server has us away (`306`); nil while here.
  public private(set) var away: String?
  /// The text of our last `AWAY`, until the server confirms it.
  private var requestedAway: String?
  /// The away text the user last asked for, nil once they asked to be back: each new
  /// connection says it again, since a connection that ended does not bring the user back,
  /// only their own `AWAY` does (and a confirmation lost with a connection changes nothing).
  private var wantedAway: String?
  /// `/quit` went out: the close that follows leaves the network disconnected until the user
  /// reconnects.
  private var leaving = false
  static let leaveTimeout: TimeInterval = 2
  private var leaveDeadline: Date?
  /// A reason the server gave (`ERROR`) before it closed.
  private var serverReason: String?
  /// The message of the day as far as it came, between `375` and `376`.
  private var motd: [String]?
  static let maxMOTDLines = 1_000
  private var retryAt: Date?
  /// Our `QUIT` went out: nothing more is written, and the close that follows is the end.
  private var quitting = false
  private var wakeAt: Date?
  private var random: any RandomNumberGenerator & Sendable
  /// SCRAM's client nonce for each connection; by default from `random`.
  private let makeNonce: (@Sendable () -> String)?
  /// Whether the transport is TLS; the host sets it before feeding `.connected`.
  public var isSecure = false

  /// - Parameters:
  ///   - pending: the outbox as the store kept it, to resume after a restart.
  ///   - budget: how fast message lines may go out (flood protection).
  ///   - random: the jitter's (and the SCRAM nonce's) source; tests pass a seeded one.
  ///   - nonce: SCRAM's client nonce instead, so a test can replay a published exchange.
  public init(
    account: IRCAccount, pending: [IRCOutboxEntry] = [], budget: IRCSendBudget = .standard,
    random: any RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
    nonce: (@Sendable () -> String)? = nil
  ) {
    self.makeNonce = nonce
    self.account = account
    self.session = IRCSession(nick: account.nick)
    self.channels = IRCChannels(wanted: account.channels)
    self.outbox = IRCOutbox(entries: pending, budget: budget)
    self.ignored = IRCIgnoreList(account.ignored)
    self.random = random
  }

  /// Entries held in every table, so a test can check nothing grows without bound.
  var footprint: Int {
    channels.footprint + outbox.footprint + registration.offered.count + history.footprint
      + session.capabilities.count + directory.footprint + presence.footprint
      + multiline.footprint
  }

  /// Whether `nick` (of a private chat) is online, as `MONITOR` last said; nil when unknown.
  public func isOnline(_ nick: String) -> Bool? {
    guard state == .ready else { return nil }
    return presence.isOnline(nick, casemapping: session.support.casemapping)
  }

  /// Whether the connection tries again by itself (after a loss); false once the user left the
  /// network with `/quit`, until they reconnect.
  public var reconnectsByItself: Bool { !leaving && retryAt != nil }

  /// Feeds one input at `now` and returns what to do, in order.
  public mutating func handle(_ input: IRCInput, at now: Date) -> [IRCEffect] {
    var effects: [IRCEffect]
    switch input {
    case .connectNow:
      effects = connectNow()
    case .connected:
      guard state == .connecting else { return [] }
      session = IRCSession(nick: account.nick)
      session.secure = isSecure
      bouncer = IRCBouncerNetworks()
      replies = IRCServerReplies()
      directory.reset()
      presence.reset()
      tagMessages = IRCTagMessages()
      multiline = IRCMultilineInbox()
      away = nil
      requestedAway = nil
      leaving = false
      outbox.reset()
      serverReason = nil
      liveness.start(at: now)
      registrationDeadline = now + IRCRegistration.timeout
      effects =
        transition(to: .registering) + registration.start(account: account, nonce: nextNonce())
    case .lineReceived(let line):
      guard state == .registering || state == .ready else { return [] }
      liveness.heard(at: now)
      do {
        let message = try IRCMessage(
          parsing: line, maxBodyBytes: session.support.lineLength)
        effects = receive(message, at: now)
      } catch {
        effects = [.event(.skippedLine(line, error))]
      }
    case .tick:
      // No PING and no paced message lines after our QUIT; the host waits for the close.
      effects = quitting ? leaveTimedOut(at: now) : tick(at: now)
    case .send(let message):
      effects = outbox.enqueue(message, session: session, at: now)
    case .join(let channel, let key):
      channels.want(IRCAccount.Channel(channel, key: key), casemapping: session.support.casemapping)
      let params = key.map { [channel, $0] } ?? [channel]
      effects =
        state == .ready ? [.write(IRCMessage(command: "JOIN", params: params).serialized)] : []
    case .part(let channel, let reason):
      channels.unwant(channel, casemapping: session.support.casemapping)
      let params = reason.map { [channel, $0] } ?? [channel]
      effects =
        state == .ready ? [.write(IRCMessage(command: "PART", params: params).serialized)] : []
    case .command(let message):
      if message.command.uppercased() == "AWAY" {
        let text = message.params.first ?? ""
        requestedAway = text
        wantedAway = text.isEmpty ? nil : text
      }
      effects = state == .ready ? [.write(message.serialized)] : []
    case .watch(let nicks):
      effects = presence.watch(nicks, session: session)
    case .ignore(let masks):
      ignored = IRCIgnoreList(masks)
      effects = []
    case .disconnect(let reason):
      // Returned before the silence below: its QUIT is the last line written.
      return disconnect(reason: reason, at: now) + scheduleWake(now: now)
    case .fetchOlder(let target, let before):
      effects = state == .ready ? history.older(target, before: before, session: session) : []
    case .catchUp(let target, let after):
      effects = state == .ready ? history.latest(target, after: after, session: session) : []
    case .disconnected(let reason):
      effects = lost(reason: reason ?? serverReason ?? localized("The connection closed"), at: now)
    case .quit(let reason):
      return quit(reason: reason)
    case .react(let target, let msgid, let emoji, let remove):
      let tag = remove ? IRCClientTags.unreact : IRCClientTags.react
      let reaction = IRCReaction(
        conversation: target, sender: session.nick, msgid: msgid, emoji: emoji, removed: remove,
        isOwn: true, time: now)
      effects = tagMessage(
        target, [tag: emoji, IRCClientTags.reply: msgid], reaction: reaction, at: now)
    case .typing(let target, let typing):
      effects = tagMessage(target, [IRCClientTags.typing: typing.rawValue], at: now)
    }
    // After our QUIT the server hears nothing more from us: no PONG, JOIN or command.
    if quitting { effects.removeAll { if case .write = $0 { true } else { false } } }
    return effects + scheduleWake(now: now)
  }

  /// A `TAGMSG` to `target` with `tags`, where the server relays every one of them (a
  /// reaction is nothing without the `+draft/reply` that says to what).
  private mutating func tagMessage(
    _ target: String, _ tags: [String: String], reaction: IRCReaction? = nil, at now: Date
  ) -> [IRCEffect] {
    guard state == .ready, tags.keys.allSatisfy(session.allowsClientTag) else { return [] }
    var tags = tags
    if let label = tagMessages.written(
      to: target, reaction: reaction, labeled: session.has("labeled-response"), at: now)
    {
      tags["label"] = label
    }
    return [.write(IRCMessage(tags: tags, command: "TAGMSG", params: [target]).serialized)]
  }

  /// `/quit`: says goodbye where the server can hear it, and in any state ends disconnected,
  /// with no attempt to reconnect until the user asks.
  private mutating func disconnect(reason: String, at now: Date) -> [IRCEffect] {
    leaving = true
    retryAt = nil
    switch state {
    case .registering, .ready:
      guard !quitting else { return [] }
      quitting = true
      leaveDeadline = now + Self.leaveTimeout
      let text = Self.quitReason(reason)
      return [.write(text.isEmpty ? "QUIT" : "QUIT :" + text)]
    case .connecting:
      return [.close] + left(at: now)
    case .idle, .disconnected:
      return left(at: now)
    }
  }

  /// A server that keeps the connection open after our `QUIT` is left anyway.
  private mutating func leaveTimedOut(at now: Date) -> [IRCEffect] {
    guard leaving, let deadline = leaveDeadline, now >= deadline else { return [] }
    leaveDeadline = nil
    return [.close] + lost(reason: "", at: now)
  }

  /// The state after `/quit`: disconnected, by the user's choice, with `Reconnect` offered.
  private mutating func left(at now: Date) -> [IRCEffect] {
    leaveDeadline = nil
    quitting = false
    return ended(at: now)
      + transition(
        to: .disconnected(reason: localized("You left the network"), retryAt: .distantFuture))
  }

  /// 18 random bytes in base64: printable, and never a `,`.
  private mutating func nextNonce() -> String {
    if let makeNonce { return makeNonce() }
    var bytes: [UInt8] = []
    for _ in 0..<3 {
      let word = random.next()
      for shift in stride(from: 0, to: 48, by: 8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
      }
    }
    return Data(bytes).base64EncodedString()
  }

  /// The most bytes of a quit reason: `QUIT :`, the reason and CR LF fit one line.
  static let maxQuitReasonBytes = IRCMessage.maxBodyBytes - "QUIT :\r\n".utf8.count

  /// Writes `QUIT` while the server can hear it; before that, or with no connection, stops
  /// where it is (no reconnect follows either way).
  private mutating func quit(reason: String) -> [IRCEffect] {
    switch state {
    case .idle:
      return []
    case .connecting:
      return [.close] + transition(to: .idle)
    case .disconnected:
      return transition(to: .idle)
    case .registering, .ready:
      guard !quitting else { return [] }
      quitting = true
      let text = Self.quitReason(reason)
      return [.write(text.isEmpty ? "QUIT" : "QUIT :" + text)]
    }
  }

  /// The reason as it may go on the wire: its first line (never a CR, LF or NUL), without
  /// surrounding whitespace, cut at a word to fit the line.
  static func quitReason(_ reason: String) -> String {
    let firstLine = reason.unicodeScalars.prefix { !"\r\n\0".unicodeScalars.contains($0) }
    let text = String(firstLine).trimmingCharacters(in: .whitespaces)
    return IRCLineSplitter.split(text, maxBytes: maxQuitReasonBytes).first ?? ""
  }

  private mutating func connectNow() -> [IRCEffect] {
    switch state {
    case .idle, .disconnected:
      retryAt = nil
      leaving = false
      return transition(to: .connecting) + [.connect]
    case .connecting, .registering, .ready:
      return []
    }
  }

  /// How long messages that may have reached the server unconfirmed (before a crash or a
  /// dropped connection) wait for the history that would show them.
  static let doubtWait: TimeInterval = 5
  private var doubtDeadline: Date?

  /// Asks for the history that shows whether messages in doubt arrived: a channel plays its
  /// own back on join; a private conversation's comes from `CHATHISTORY` where the server
  /// offers it. With no history to ask, they fail now rather than go out a second time.
  private mutating func checkDoubts(at now: Date) -> [IRCEffect] {
    guard outbox.hasDoubts else { return [] }
    doubtDeadline = now + Self.doubtWait
    let support = session.support
    let privateTargets = outbox.doubtfulTargets.filter { !support.isChannel($0) }
    guard session.has("draft/chathistory") else {
      return outbox.failDoubts { !support.isChannel($0) }
    }
    return privateTargets.map { target in
      .write(IRCMessage(command: "CHATHISTORY", params: ["LATEST", target, "*", "50"]).serialized)
    }
  }

  /// A played-back history shows which in-doubt messages did reach the server: those are
  /// confirmed before the history is stored (so it deduplicates against them), the rest go
  /// out now.
  private mutating func reconcile(_ effects: [IRCEffect], at now: Date) -> [IRCEffect] {
    var result: [IRCEffect] = []
    for effect in effects {
      result.append(effect)
      if case .event(.history(let target, let messages)) = effect {
        result.insert(
          contentsOf: outbox.reconcile(
            target: target, history: messages, session: session, at: now),
          at: result.count - 1)
        if !outbox.hasDoubts { doubtDeadline = nil }
        result += history.answered(target, count: messages.count, session: session)
      }
    }
    return result
  }

  /// What `/ignore` drops, before anything answers it (a CTCP) or shows it.
  static let ignorable: Set<String> = ["PRIVMSG", "NOTICE", "INVITE", "TAGMSG"]

  private mutating func receive(_ message: IRCMessage, at now: Date) -> [IRCEffect] {
    if Self.ignorable.contains(message.command), session.registered,
      ignored.ignores(message.source, casemapping: session.support.casemapping),
      !session.isMe(message.sourceNick)
    {
      return []
    }
    if let completed = multiline.receive(message, casemapping: session.support.casemapping) {
      return completed.flatMap { privateOrChannelMessage($0, at: now) }
    }
    if message.command == "FAIL", message.params.first == "BATCH",
      let failed = outbox.refuse(
        message, error: Self.batchRefused(message), session: session, batchesOnly: true)
    {
      return failed
    }
    switch message.command {
    case "PING":
      return [.write(IRCMessage(command: "PONG", params: message.params).serialized)]
    case "PONG":
      return []
    case "FAIL" where message.params.first == "CHATHISTORY":
      // The server would not give that history: nothing is under way any more, and the
      // reason is shown where errors go.
      return history.cancelAll()
        + (IRCServerError(message).map { [.event(.serverError($0))] } ?? [])
    case "FAIL", "WARN", "NOTE":
      // `FAIL <command> <code> [<context>…] :<description>` (IRCv3 standard replies).
      guard message.params.count >= 3 else { return [] }
      let text = IRCText.stripFormatting(message.params[message.params.count - 1])
      return [
        .event(.standardReply(kind: message.command, command: message.params[0], text: text))
      ]
    case "ERROR":
      serverReason = message.params.last.map {
        localized("The server closed the connection: {reason}", ["reason": $0])
      }
      return []
    case "PRIVMSG", "NOTICE":
      return privateOrChannelMessage(message, at: now)
    case "TAGMSG":
      if let label = message.tags["label"] { tagMessages.echoed(label: label) }
      return clientTagMessage(message)
    case "305":
      away = nil
      requestedAway = nil
      return [.event(.ownAway(nil))]
    case "306":
      away = requestedAway ?? ""
      return [.event(.ownAway(away))]
    case "375":
      motd = []
      return []
    case "372":
      if var lines = motd, lines.count < Self.maxMOTDLines, let line = message.params.last {
        // `- ` starts each line by convention.
        lines.append(line.hasPrefix("- ") ? String(line.dropFirst(2)) : line)
        motd = lines
      }
      return []
    case "376":
      defer { motd = nil }
      return motd.map { [.event(.motd($0))] } ?? []
    default:
      break
    }
    if let effects = registration.receive(message, account: account, session: &session) {
      if case .refused(let reason) = registration.phase {
        return effects + [.event(.signInFailed(reason: reason)), .close]
          + lost(reason: reason, at: now)
      }
      if case .upgrade = registration.phase {
        // Nothing more in plaintext: TLS at once, with no backoff.
        return effects + [.close] + ended(at: now) + transition(to: .connecting) + [.connect]
      }
      if message.command == "005" { return effects + presence.sync(session: session) }
      guard message.command == "001" else { return effects }
      liveness.registered()
      registrationDeadline = nil
      doubtDeadline = nil
      return effects + transition(to: .ready) + channels.joinAll() + restoreAway()
        + checkDoubts(at: now) + outbox.flush(session: session, at: now)
        + bouncer.registered(account: account, session: session)
    }
    if let effects = bouncer.receive(message, account: account, session: session) { return effects }
    if let effects = directory.receive(message, session: session) { return effects }
    if let effects = presence.receive(message, session: session) { return effects }
    if let effects = channels.receive(message, session: &session) {
      return reconcile(effects, at: now)
    }
    if let effects = replies.receive(message, session: session) { return effects }
    if let error = IRCServerError(message) {
      let map = session.support.casemapping
      let refusesSending = IRCServerError.sendFailures.contains(message.command)
      // A refused TAGMSG (typing, a reaction) is no news: nothing was lost, and no pending
      // message may be failed for it. Labels tell; without them, the outbox has first say.
      if refusesSending, message.tags["label"] != nil,
        let effects = tagMessages.refusal(message, target: error.target, casemapping: map, at: now)
      {
        return effects
      }
      // A refused message shows the reason on its own row; a status line would say it twice.
      if refusesSending, let failed = outbox.refuse(message, error: error, session: session) {
        return failed
      }
      if refusesSending, message.tags["label"] == nil,
        let effects = tagMessages.refusal(message, target: error.target, casemapping: map, at: now)
      {
        return effects
      }
      return [.event(.serverError(error))]
    }
    return []
  }

  /// A CTCP request other than ACTION is answered (or not) and reported; a reply to one of
  /// ours (a NOTICE) is reported with its text. Our own are neither.
  private mutating func ctcpMessage(
    _ message: IRCMessage, _ ctcp: (command: String, argument: String), sender: String,
    isOwn: Bool, at now: Date
  ) -> [IRCEffect] {
    guard !isOwn, !sender.isEmpty, session.registered else { return [] }
    if message.command == "NOTICE" {
      let text = IRCText.stripFormatting(ctcp.argument)
      return [.event(.ctcpReply(from: sender, command: ctcp.command, text: text))]
    }
    return ctcpReplies.request(
      ctcp.command, argument: ctcp.argument, from: sender, version: account.version, at: now)
  }

  private mutating func privateOrChannelMessage(_ message: IRCMessage, at now: Date)
    -> [IRCEffect]
  {
    guard message.params.count >= 2, session.registered || message.command == "NOTICE" else {
      return []
    }
    let sender = message.sourceNick ?? ""
    let isOwn = session.isMe(sender)
    // Our lines in played-back history are history, never the echo of something pending.
    if isOwn, message.command == "PRIVMSG", !channels.isHistory(batch: message.tags["batch"]),
      let effects = outbox.echo(message, session: session)
    {
      return effects
    }
    let target = message.params[0]
    var raw = message.params[1]
    let isFromServer =
      !session.support.isChannel(target)
      && Self.isFromServer(message, registered: session.registered)
    var isAction = false
    if let ctcp = IRCText.ctcp(raw) {
      guard ctcp.command == "ACTION", message.command == "PRIVMSG" else {
        return ctcpMessage(message, ctcp, sender: sender, isOwn: isOwn, at: now)
      }
      raw = ctcp.argument
      isAction = true
    }
    let shown = IRCText.stripFormatting(raw)
    let converted = IRCTagConvention.received(
      body: shown, tagValue: message.tags[IRCTagConvention.clientTag])
    let conversation: String
    if isFromServer {
      conversation = ""
    } else if session.support.isChannel(target) {
      conversation = target
    } else if isOwn {
      conversation = target
    } else {
      conversation = sender.isEmpty ? target : sender
    }
    var incoming = IRCIncomingMessage(
      conversation: conversation, sender: sender, body: converted.body, tags: converted.tags)
    incoming.formatted = IRCFormatting.original(raw, shown: converted.body)
    incoming.isAction = isAction
    incoming.isNotice = message.command == "NOTICE"
    incoming.isFromServer = isFromServer
    incoming.isOwn = isOwn
    incoming.mentionsMe =
      !isOwn && !isFromServer
      && IRCText.mentions(
        session.nick, in: converted.body, casemapping: session.support.casemapping)
    incoming.msgid = message.tags["msgid"]
    incoming.time = message.tags["time"].flatMap(IRCServerTime.parse)
    incoming.clientID = message.tags[IRCOutbox.idTag]
    incoming.clientPart = message.tags[IRCOutbox.partTag].flatMap { Int($0) }
    incoming.replyTo = message.tags[IRCClientTags.reply].flatMap { $0.isEmpty ? nil : $0 }
    if channels.collect(incoming, batch: message.tags["batch"]) { return [] }
    return [.event(.message(incoming))]
  }

  /// Services that answer with notices (Atheme's, Anope's), whose words belong with the
  /// server's rather than in a private chat of their own.
  static let services: Set<String> = [
    "nickserv", "chanserv", "memoserv", "operserv", "hostserv", "botserv", "saslserv", "global",
  ]

  /// Whether a PRIVMSG or NOTICE not to a channel comes from the server (or its services)
  /// rather than a person: a notice before sign-in or to `*`, one from a service, or a line
  /// whose source is no `nick!user@host`.
  static func isFromServer(_ message: IRCMessage, registered: Bool) -> Bool {
    guard let source = message.source, source.contains("!") else { return true }
    guard message.command == "NOTICE" else { return false }
    if !registered || message.params.first == "*" { return true }
    return services.contains((message.sourceNick ?? "").lowercased())
  }

  private mutating func tick(at now: Date) -> [IRCEffect] {
    if let wakeAt, now >= wakeAt { self.wakeAt = nil }
    switch state {
    case .disconnected:
      guard let retryAt, now >= retryAt else { return [] }
      return connectNow()
    case .registering, .ready:
      if let deadline = registrationDeadline, now >= deadline, !session.registered {
        registrationDeadline = nil
        let reason = localizedPlural(
          "The server did not finish signing in within {count} second",
          "The server did not finish signing in within {count} seconds",
          count: Int(IRCRegistration.timeout))
        return [.event(.signInFailed(reason: reason)), .close] + lost(reason: reason, at: now)
      }
      var effects: [IRCEffect] = []
      if session.registered, let resume = outbox.resumeAt, now >= resume {
        effects += outbox.flush(session: session, at: now)
      }
      if let deadline = doubtDeadline, now >= deadline {
        // No history came: what is still in doubt fails visibly rather than go out twice.
        doubtDeadline = nil
        return effects + outbox.failDoubts { _ in true } + outbox.flush(session: session, at: now)
          + tick(at: now)
      }
      return effects + checkLiveness(at: now)
    case .idle, .connecting:
      return []
    }
  }

  private mutating func checkLiveness(at now: Date) -> [IRCEffect] {
    switch liveness.check(at: now) {
    case .nothing: return []
    case .ping:
      let token = "natter-\(Int(now.timeIntervalSince1970))"
      return [.write(IRCMessage(command: "PING", params: [token]).serialized)]
    case .dead:
      let seconds = Int(IRCLiveness.answer)
      return [.close]
        + lost(
          reason: localizedPlural(
            "The server did not answer for {count} second",
            "The server did not answer for {count} seconds", count: seconds),
          at: now)
    }
  }

  /// `AWAY` with the text the user is away with, on a new connection.
  private mutating func restoreAway() -> [IRCEffect] {
    guard let text = wantedAway else { return [] }
    requestedAway = text
    return [.write(IRCMessage(command: "AWAY", params: [text]).serialized)]
  }

  /// What every end of a connection resets.
  private mutating func ended(at now: Date) -> [IRCEffect] {
    // An unfinished batch is shown as far as it came, before the history batch it may be in.
    let unfinished = multiline.flush().flatMap { privateOrChannelMessage($0, at: now) }
    liveness.stop()
    registrationDeadline = nil
    session.registered = false
    outbox.reset()
    directory.reset()
    presence.reset()
    away = nil
    return unfinished + channels.reset() + history.cancelAll()
  }

  private mutating func lost(reason: String, at now: Date) -> [IRCEffect] {
    switch state {
    case .idle, .disconnected: return []
    case .connecting, .registering, .ready: break
    }
    if leaving { return left(at: now) }
    var reason = reason
    var signInEnded: [IRCEffect] = []
    if registration.isSigningIn, !quitting {
      reason = localized(
        "The connection ended while signing in ({reason}).", ["reason": reason])
      signInEnded = [.event(.signInFailed(reason: reason))]
    }
    let reset = ended(at: now)
    if quitting {
      // The close that follows our QUIT (or its timeout) is the end, not a loss.
      quitting = false
      return reset + transition(to: .idle)
    }
    // 53 random bits as a fraction in 0..<1.
    let fraction = Double(random.next() >> 11) * 0x1.0p-53
    let delay = liveness.nextDelay(random: fraction)
    let retry = now + delay
    retryAt = retry
    return signInEnded + reset + transition(to: .disconnected(reason: reason, retryAt: retry))
  }

  private mutating func transition(to new: IRCConnectionState) -> [IRCEffect] {
    guard new != state else { return [] }
    state = new
    return [.event(.stateChanged(new))]
  }

  /// Asks for a tick when the next deadline is sooner than the one already asked for.
  private mutating func scheduleWake(now: Date) -> [IRCEffect] {
    let deadline: Date?
    switch state {
    case .disconnected: deadline = retryAt
    case .registering, .ready:
      deadline = [
        liveness.deadline, doubtDeadline, outbox.resumeAt, registrationDeadline, leaveDeadline,
      ]
      .compactMap { $0 }.min()
    case .idle, .connecting: deadline = nil
    }
    guard let deadline else { return [] }
    if let wakeAt, wakeAt <= deadline, wakeAt > now { return [] }
    wakeAt = deadline
    return [.wake(at: deadline)]
  }
}
