import Foundation

/// One SASL 3.2 sign-in: the mechanisms to try, best first, and the exchange under way.
/// A client certificate signs in with `EXTERNAL`; a password with `SCRAM-SHA-256` (the server
/// never sees it) before `PLAIN`. A mechanism the server refuses (`904`, or missing from
/// `908`'s list) gives way to the next; a server that fails SCRAM's proof gets nothing more.
struct IRCSASL: Equatable, Sendable {
  enum Mechanism: String, Equatable, Sendable {
    case external = "EXTERNAL"
    case scramSHA256 = "SCRAM-SHA-256"
    case plain = "PLAIN"
  }

  /// What the exchange asks the connection to do with one `AUTHENTICATE` from the server.
  enum Step: Equatable, Sendable {
    case write([String])
    /// Stop: `AUTHENTICATE *` goes out and the sign-in fails with this sentence.
    case abort(String)
  }

  /// The mechanisms an account can use, best first; `EXTERNAL` only over TLS, where the
  /// handshake showed the certificate.
  static func mechanisms(for account: IRCAccount, secure: Bool = true) -> [Mechanism] {
    var result: [Mechanism] = []
    if account.hasClientCertificate, secure { result.append(.external) }
    if account.saslAccount != nil, account.saslPassword != nil {
      result += [.scramSHA256, .plain]
    }
    return result
  }

  /// The mechanism under way, or the last one tried.
  private(set) var current: Mechanism?
  private var remaining: [Mechanism]
  private var scram: IRCSCRAM?
  private var received = ""
  /// Bytes of base64 a challenge may take, far beyond any SCRAM server-first message.
  static let longestChallenge = 16_384
  private let nonce: String

  /// nil when no mechanism of the account is among `offered` (the `sasl=` value; empty
  /// when the server does not list them, as SASL 3.1 servers do).
  init?(account: IRCAccount, offered: String, nonce: String, secure: Bool) {
    let listed = offered.split(separator: ",").map { $0.uppercased() }
    // A server that does not list them gets PLAIN and EXTERNAL, which every SASL server has;
    // SCRAM only where it is offered.
    remaining = Self.mechanisms(for: account, secure: secure).filter {
      listed.isEmpty ? $0 != .scramSHA256 : listed.contains($0.rawValue)
    }
    self.nonce = nonce
    if remaining.isEmpty { return nil }
  }

  /// `AUTHENTICATE <mechanism>` for the next mechanism; nil when none is left.
  mutating func next() -> String? {
    scram = nil
    received = ""
    // `current` stays the last one tried, which the failure's sentence is about.
    guard !remaining.isEmpty else { return nil }
    let mechanism = remaining.removeFirst()
    current = mechanism
    return "AUTHENTICATE " + mechanism.rawValue
  }

  /// `908`: only these mechanisms are on offer.
  mutating func restrict(to list: String) {
    let listed = list.split(separator: ",").map { $0.uppercased() }
    remaining.removeAll { !listed.contains($0.rawValue) }
  }

  /// The answer to one `AUTHENTICATE` line from the server; nil while a long challenge is
  /// still coming in 400-byte pieces.
  mutating func challenge(_ parameter: String, account: IRCAccount) -> Step? {
    guard let current else { return nil }
    // Only SCRAM reads the server's words; they are short, so a server that sends pieces
    // for ever is stopped rather than kept in memory.
    if parameter != "+", current == .scramSHA256 {
      guard received.utf8.count + parameter.utf8.count <= Self.longestChallenge else {
        received = ""
        return abortSCRAM(.malformedChallenge, account: account)
      }
      received += parameter
    }
    if parameter.utf8.count == IRCRegistration.saslChunk { return nil }
    let text = received
    received = ""
    switch current {
    case .external:
      // The certificate says who we are; an empty authorization identity.
      return .write(["AUTHENTICATE +"])
    case .plain:
      guard let user = account.saslAccount, let password = account.saslPassword else {
        return .abort(localized("Signing in failed: there is no password."))
      }
      let payload = Data((user + "\0" + user + "\0" + password).utf8).base64EncodedString()
      return .write(IRCRegistration.authenticateLines(payload))
    case .scramSHA256:
      return scramStep(text, account: account)
    }
  }

  private mutating func scramStep(_ text: String, account: IRCAccount) -> Step {
    guard let user = account.saslAccount, let password = account.saslPassword else {
      return .abort(localized("Signing in failed: there is no password."))
    }
    guard var exchange = scram else {
      let started = IRCSCRAM(user: user, password: password, clientNonce: nonce)
      scram = started
      return .write(IRCRegistration.authenticateLines(Self.base64(started.clientFirst)))
    }
    guard let message = Data(base64Encoded: text).flatMap({ String(data: $0, encoding: .utf8) })
    else { return abortSCRAM(.malformedChallenge, account: account) }
    do {
      if message.hasPrefix("r=") {
        let final = try exchange.clientFinal(for: message)
        scram = exchange
        return .write(IRCRegistration.authenticateLines(Self.base64(final)))
      }
      try exchange.verify(serverFinal: message)
      return .write(["AUTHENTICATE +"])
    } catch {
      return abortSCRAM(error, account: account)
    }
  }

  /// A server that cannot prove it knows the password is not tried with `PLAIN` either.
  private mutating func abortSCRAM(_ failure: IRCSCRAM.Failure, account: IRCAccount) -> Step {
    remaining = []
    let name = account.saslAccount ?? ""
    switch failure {
    case .wrongServerSignature:
      return .abort(
        localized(
          "Signing in as {account} was stopped: the server could not prove that it knows "
            + "your password (SCRAM-SHA-256).", ["account": name]))
    case .malformedChallenge:
      return .abort(
        localized(
          "Signing in as {account} was stopped: the server's SCRAM-SHA-256 challenge made "
            + "no sense.", ["account": name]))
    case .serverError(let text):
      return .abort(
        localized(
          "Signing in as {account} failed (the server says: {text}).",
          ["account": name, "text": text]))
    }
  }

  private static func base64(_ text: String) -> String {
    Data(text.utf8).base64EncodedString()
  }
}
