import Foundation

/// Registration: CAP LS 302 / REQ / ACK / NAK / END, SASL (`IRCSASL`, also when `sasl`
/// appears later with `CAP NEW`), an STS upgrade or policy, NICK and USER, the fallback
/// for a refused nickname (`nick_`, `nick__`, …; for one the server finds invalid, the
/// nickname with what no server accepts taken out, else `natter`) and the welcome.
struct IRCRegistration: Equatable, Sendable {
  /// The capabilities of SPEC §9, requested when offered (`sasl` only with an account).
  static let wanted: Set<String> = [
    "message-tags", "server-time", "echo-message", "batch", "labeled-response", "sasl",
    // IRCv3 history on request: shows whether a private message in doubt arrived.
    "draft/chathistory",
    "multi-prefix",
    // A multi-line message as one (SPEC §13).
    IRCMultilineLimits.capability,
    // What members are (SPEC §12): their accounts, away state and hosts as they change.
    "cap-notify", "away-notify", "account-notify", "extended-join", "account-tag",
    "userhost-in-names", "chghost", "setname", "invite-notify",
    // Strict Transport Security is never requested, only read from CAP LS and NEW.
    // A soju bouncer's networks become ours; only its own connection follows the list.
    IRCBouncerNetworks.capability, IRCBouncerNetworks.notifyCapability,
  ]
  /// `AUTHENTICATE` carries at most this many bytes of base64 a line.
  static let saslChunk = 400
  /// How many `_` the nickname fallback adds before it gives up.
  static let maxNickAttempts = 9
  /// How long a server may take from the connection to its welcome.
  static let timeout: TimeInterval = 60
  /// At most this many capabilities are kept from a (multi-line) CAP LS.
  static let maxOffered = 200

  enum Phase: Equatable, Sendable {
    case negotiating, authenticating, welcoming, done
    /// No nickname was accepted: the connection ends with this reason.
    case refused(reason: String)
    /// A plaintext connection heard `sts=port=…`: it ends before registering, for TLS there.
    case upgrade(port: Int)
  }

  var phase = Phase.negotiating
  private(set) var offered: [String: String] = [:]
  private var nickAttempts = 0
  /// What the fallback adds `_` to: the user's nickname, until the server calls it invalid.
  private var nickBase: String?
  private var saslMechanisms: String?
  /// The sign-in under way, during registration or after a `CAP NEW sasl`.
  private var sasl: IRCSASL?
  /// Why we stopped a sign-in ourselves (`AUTHENTICATE *`): said when the `906` comes.
  private var abortReason: String?
  /// The account the server says we are signed in as (`900`).
  private(set) var signedInAs: String?
  /// The STS duration already reported on this connection.
  private var stsReported: Int?
  /// SCRAM's client nonce for this connection.
  private var nonce = ""
  /// Whether a sign-in is under way, so a connection that ends now can say so.
  var isSigningIn: Bool { sasl != nil }
  /// The bouncer network to bind to before registration ends.
  private var binding: String?

  /// The first lines on a new connection.
  mutating func start(account: IRCAccount, nonce: String) -> [IRCEffect] {
    self = IRCRegistration()
    self.nonce = nonce
    binding = account.bouncerNetwork
    // PASS comes first, as RFC 1459 orders it; a password never holds a line break.
    let pass = account.serverPassword.map {
      IRCEffect.write(IRCMessage(command: "PASS", params: [$0]).serialized)
    }
    return (pass.map { [$0] } ?? []) + [
      .write("CAP LS 302"),
      .write(IRCMessage(command: "NICK", params: [account.nick]).serialized),
      .write(
        IRCMessage(command: "USER", params: [account.userName, "0", "*", realName(account)])
          .serialized),
    ]
  }

  /// Handles the lines that belong to registration; nil means "not mine".
  mutating func receive(
    _ message: IRCMessage, account: IRCAccount, session: inout IRCSession
  ) -> [IRCEffect]? {
    switch message.command {
    case "CAP": return cap(message, account: account, session: &session)
    case "AUTHENTICATE": return authenticate(message, account: account)
    case "900":
      // `900 <nick> <nick!user@host> <account> :You are now logged in as …`
      guard message.params.count > 2 else { return [] }
      signedInAs = message.params[2]
      return [.event(.signedIn(account: message.params[2]))]
    case "901":
      signedInAs = nil
      return nil
    case "903", "907":
      sasl = nil
      abortReason = nil
      // 907: signed in already (another mechanism, a bouncer); said, and nothing failed.
      let said =
        message.command == "907"
        ? IRCServerError(message).map { [IRCEffect.event(.serverError($0))] } ?? [] : []
      return said + endNegotiation(session)
    case "908":
      saslMechanisms = message.params.count > 1 ? message.params[1] : nil
      if let saslMechanisms { sasl?.restrict(to: saslMechanisms) }
      return []
    case "904" where sasl != nil && abortReason == nil:
      // The next mechanism, if the account has one the server may take.
      if let next = sasl?.next() { return [.write(next)] }
      return saslFailed(message, account: account, session: session)
    case "902", "904", "905", "906":
      guard sasl != nil else { return nil }
      return saslFailed(message, account: account, session: session)
    case "433", "432", "436":
      guard !session.registered else { return nil }
      return nicknameRefused(message, account: account, session: &session)
    case "437":
      // Temporarily unavailable: a nickname (ours) or a channel (not registration's).
      guard !session.registered, message.params.count > 1,
        session.support.casemapping.equal(message.params[1], session.nick)
      else { return nil }
      return nicknameRefused(message, account: account, session: &session)
    case "001":
      phase = .done
      session.registered = true
      if let nick = message.params.first, !nick.isEmpty { session.nick = nick }
      return [.event(.registered(nick: session.nick))]
    case "005":
      session.support.apply(message.params.dropFirst().dropLast())
      return []
    default: return nil
    }
  }

  private mutating func cap(
    _ message: IRCMessage, account: IRCAccount, session: inout IRCSession
  ) -> [IRCEffect] {
    guard message.params.count >= 2 else { return [] }
    let subcommand = message.params[1].uppercased()
    let list = message.params.count > 2 ? message.params[message.params.count - 1] : ""
    let names = list.split(separator: " ").map(String.init)
    switch subcommand {
    case "LS", "NEW":
      for token in names where offered.count < Self.maxOffered && !token.hasPrefix("=") {
        let pair = token.split(separator: "=", maxSplits: 1).map(String.init)
        offered[pair[0]] = pair.count > 1 ? pair[1] : ""
      }
      // `CAP * LS * :…` means more lines follow.
      let more = subcommand == "LS" && message.params.count > 3 && message.params[2] == "*"
      if more { return [] }
      var reported: [IRCEffect] = []
      if let sts = offered["sts"] {
        reported = strictTransport(sts, session: session)
        if case .upgrade = phase { return reported }
      }
      let request = Self.wanted.filter { name in
        guard let value = offered[name], !session.has(name) else { return false }
        if name == IRCBouncerNetworks.notifyCapability { return account.bouncerNetwork == nil }
        if name == "sasl" {
          return signedInAs == nil
            && IRCSASL(account: account, offered: value, nonce: "", secure: session.secure) != nil
        }
        return true
      }
      if request.isEmpty {
        return reported
          + (subcommand == "LS" && phase == .negotiating ? endNegotiation(session) : [])
      }
      return reported + [.write("CAP REQ :" + request.sorted().joined(separator: " "))]
    case "ACK":
      for name in names {
        if name.hasPrefix("-") {
          session.capabilities.remove(String(name.dropFirst()))
        } else {
          session.capabilities.insert(name)
        }
      }
      readMultiline(&session)
      switch phase {
      case .negotiating:
        if session.has("sasl"), let first = beginSASL(account: account, secure: session.secure) {
          phase = .authenticating
          return [.write(first)]
        }
        return endNegotiation(session)
      case .done where names.contains("sasl") && sasl == nil && signedInAs == nil:
        // `sasl` offered after the welcome (`CAP NEW`): SASL 3.2 signs in now.
        return beginSASL(account: account, secure: session.secure).map { [.write($0)] } ?? []
      default:
        return []
      }
    case "NAK":
      // REQ is all or nothing: go on without them.
      return phase == .negotiating ? endNegotiation(session) : []
    case "DEL":
      for name in names { session.capabilities.remove(name) }
      readMultiline(&session)
      return []
    default:
      return []
    }
  }

  /// The limits of `draft/multiline` from its offered value, while it is acknowledged.
  private func readMultiline(_ session: inout IRCSession) {
    let name = IRCMultilineLimits.capability
    session.multiline =
      session.has(name) ? offered[name].flatMap(IRCMultilineLimits.init(capabilityValue:)) : nil
  }

  private mutating func authenticate(_ message: IRCMessage, account: IRCAccount) -> [IRCEffect] {
    guard let parameter = message.params.first, var exchange = sasl else { return [] }
    let step = exchange.challenge(parameter, account: account)
    sasl = exchange
    switch step {
    case .write(let lines): return lines.map { .write($0) }
    case .abort(let reason):
      abortReason = reason
      return [.write("AUTHENTICATE *")]
    case nil: return []
    }
  }

  private mutating func beginSASL(account: IRCAccount, secure: Bool) -> String? {
    guard account.wantsSASL,
      var exchange = IRCSASL(
        account: account, offered: offered["sasl"] ?? "", nonce: nonce, secure: secure),
      let first = exchange.next()
    else { return nil }
    sasl = exchange
    abortReason = nil
    return first
  }

  /// The sign-in is over without success: one sentence says why, and registration goes on.
  private mutating func saslFailed(
    _ message: IRCMessage, account: IRCAccount, session: IRCSession
  ) -> [IRCEffect] {
    let mechanism = sasl?.current
    sasl = nil
    var effects: [IRCEffect]
    if let abortReason {
      effects = [
        .event(
          .serverError(
            IRCServerError(
              code: message.command, target: nil, serverText: "", sentence: abortReason)))
      ]
      self.abortReason = nil
    } else {
      effects = error(message, account: account, mechanism: mechanism)
    }
    return effects + endNegotiation(session)
  }

  /// `sts=port=P,duration=D`: on plaintext with a port, the end of this connection (before it
  /// registers, or at once when `CAP NEW` offers it later) and TLS on P next; on TLS, the
  /// policy to keep, reported once per connection.
  private mutating func strictTransport(_ value: String, session: IRCSession) -> [IRCEffect] {
    let policy = IRCSTSPolicy.parse(value)
    if session.secure {
      guard let duration = policy.duration, stsReported != duration else { return [] }
      stsReported = duration
      return [.event(.stsPolicy(duration: duration))]
    }
    switch phase {
    case .upgrade, .refused: return []
    case .negotiating, .authenticating, .welcoming, .done: break
    }
    guard let port = policy.port else { return [] }
    phase = .upgrade(port: port)
    return [.event(.stsUpgrade(port: port))]
  }

  /// `AUTHENTICATE` lines for a base64 payload: 400-byte chunks, and `+` after a last chunk
  /// of exactly 400 bytes (or for an empty payload).
  static func authenticateLines(_ payload: String) -> [String] {
    var lines: [String] = []
    var rest = Substring(payload)
    while !rest.isEmpty {
      lines.append("AUTHENTICATE " + rest.prefix(saslChunk))
      rest = rest.dropFirst(saslChunk)
    }
    if payload.utf8.count % saslChunk == 0 { lines.append("AUTHENTICATE +") }
    return lines
  }

  private mutating func endNegotiation(_ session: IRCSession) -> [IRCEffect] {
    guard phase == .negotiating || phase == .authenticating else { return [] }
    phase = .welcoming
    // The bouncer must know which network before the welcome; an id is one parameter.
    guard let binding, session.has(IRCBouncerNetworks.capability),
      !binding.contains(where: { $0 == " " || $0.isNewline || $0 == "\0" })
    else { return [.write("CAP END")] }
    return [
      .write(IRCMessage(command: "BOUNCER", params: ["BIND", binding]).serialized),
      .write("CAP END"),
    ]
  }

  private func error(
    _ message: IRCMessage, account: IRCAccount, mechanism: IRCSASL.Mechanism?
  ) -> [IRCEffect] {
    guard var error = IRCServerError(message) else { return [] }
    let name = account.saslAccount ?? ""
    if message.command == "904", let mechanisms = saslMechanisms,
      IRCSASL(account: account, offered: mechanisms, nonce: "", secure: true) == nil
    {
      error.sentence = localized(
        "Signing in as {account} failed: the server offers only {mechanisms} "
          + "(the server says: {text}).",
        ["account": name, "mechanisms": mechanisms, "text": error.serverText])
    } else if message.command == "904", mechanism == .external {
      error.sentence = localized(
        "Signing in with the client certificate failed: the server does not know its "
          + "fingerprint; add it to your account with NickServ CERT ADD (the server says: {text}).",
        ["text": error.serverText])
    } else if message.command == "904" {
      error.sentence = localized(
        "Signing in as {account} failed: the account name or the password is wrong "
          + "(the server says: {text}).",
        ["account": name, "text": error.serverText])
    }
    return [.event(.serverError(error))]
  }

  private mutating func nicknameRefused(
    _ message: IRCMessage, account: IRCAccount, session: inout IRCSession
  ) -> [IRCEffect] {
    var effects: [IRCEffect] = []
    let error = IRCServerError(message)
    if let error { effects.append(.event(.serverError(error))) }
    let old = session.nick
    var base = nickBase ?? account.nick
    if message.command == "432" {
      // More `_` will not make it valid: take out what no server accepts, then `natter`.
      var bases: [String] = []
      for candidate in [IRCNickname.valid(from: account.nick), IRCNickname.fallback]
      where !candidate.isEmpty && candidate != account.nick && !bases.contains(candidate) {
        bases.append(candidate)
      }
      let next = nickBase.flatMap { bases.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
      guard next < bases.count else { return effects + giveUp(old, error) }
      base = bases[next]
      nickBase = base
      nickAttempts = 0
    } else {
      guard nickAttempts < Self.maxNickAttempts else { return effects + giveUp(old, error) }
      nickAttempts += 1
    }
    session.nick = base + String(repeating: "_", count: nickAttempts)
    effects.append(.write(IRCMessage(command: "NICK", params: [session.nick]).serialized))
    effects.append(.event(.nickChanged(from: old, to: session.nick)))
    return effects
  }

  /// The end of the fallback: the connection closes with a reason that says what to do.
  private mutating func giveUp(_ nick: String, _ error: IRCServerError?) -> [IRCEffect] {
    let text = error?.serverText ?? ""
    phase = .refused(
      reason: text.isEmpty
        ? localized(
          "No nickname was accepted; the last one tried was {nick}. Choose another in Preferences.",
          ["nick": nick])
        : localized(
          "No nickname was accepted; the last one tried was {nick} (the server says: {text}). Choose another in Preferences.",
          ["nick": nick, "text": text]))
    return []
  }

  /// `USER`'s last parameter: the real name's first line (never a CR, LF or NUL), bounded; the
  /// nickname when that leaves nothing.
  func realName(_ account: IRCAccount) -> String {
    let line = IRCConnection.quitReason(account.realName).prefix(Self.maxRealNameCharacters)
    return line.isEmpty ? account.nick : String(line)
  }

  static let maxRealNameCharacters = 100
}
