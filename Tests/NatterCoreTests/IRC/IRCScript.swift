import Foundation
import SeededRandom

@testable import NatterCore

/// Drives an `IRCConnection` through a scripted conversation: plays the server's lines and
/// the clock, and keeps what the connection wrote and reported since the last look.
struct IRCScript {
  var connection: IRCConnection
  var now = Date(timeIntervalSince1970: 1_800_000_000)
  private(set) var written: [String] = []
  private(set) var events: [IRCEvent] = []
  private(set) var effects: [IRCEffect] = []

  static let allCaps =
    "message-tags server-time echo-message batch labeled-response sasl=PLAIN,EXTERNAL "
    + "multi-prefix away-notify"

  init(
    account: IRCAccount = IRCAccount(nick: "me", channels: [IRCAccount.Channel("#natter")]),
    pending: [IRCOutboxEntry] = [], seed: UInt64 = 1
  ) {
    connection = IRCConnection(
      account: account, pending: pending, random: SeededGenerator(seed: seed))
  }

  @discardableResult
  mutating func feed(_ input: IRCInput) -> [IRCEffect] {
    let result = connection.handle(input, at: now)
    effects += result
    for effect in result {
      switch effect {
      case .write(let line): written.append(line)
      case .event(let event): events.append(event)
      default: break
      }
    }
    return result
  }

  @discardableResult
  mutating func server(_ line: String) -> [IRCEffect] { feed(.lineReceived(line)) }

  /// Moves the clock and ticks.
  @discardableResult
  mutating func advance(_ seconds: TimeInterval) -> [IRCEffect] {
    now += seconds
    return feed(.tick)
  }

  /// The lines written since the last call.
  mutating func takeWritten() -> [String] {
    defer { written = [] }
    return written
  }

  mutating func takeEvents() -> [IRCEvent] {
    defer { events = [] }
    return events
  }

  mutating func takeEffects() -> [IRCEffect] {
    defer { effects = [] }
    return effects
  }

  /// Connects and registers with the given capabilities acknowledged, then forgets what that
  /// wrote and reported.
  mutating func register(caps: String = allCaps, ack: String? = nil) {
    feed(.connectNow)
    feed(.connected)
    server(":irc.test CAP * LS :\(caps)")
    let request = written.last { $0.hasPrefix("CAP REQ") }
    if let request {
      let list = ack ?? String(request.dropFirst("CAP REQ :".count))
      server(":irc.test CAP * ACK :\(list)")
    }
    if written.last == "AUTHENTICATE PLAIN" {
      server("AUTHENTICATE +")
      server(":irc.test 903 \(connection.nick) :SASL authentication successful")
    }
    server(":irc.test 001 \(connection.nick) :Welcome")
    server(":irc.test 005 \(connection.nick) CHANTYPES=# PREFIX=(ov)@+ :are supported")
    server(":\(connection.nick)!u@h JOIN #natter")
    _ = takeWritten()
    _ = takeEvents()
    _ = takeEffects()
  }

  /// Connects, acknowledges `caps` and takes the welcome (no SASL); returns the PRIVMSG lines
  /// written on the way, which is what the outbox re-sent.
  mutating func reconnect(caps: String = "message-tags echo-message labeled-response")
    -> [String]
  {
    _ = takeWritten()
    feed(.connectNow)
    feed(.connected)
    server(":irc.test CAP * LS :\(caps)")
    server(":irc.test CAP * ACK :\(caps)")
    server(":irc.test 001 \(connection.nick) :Welcome")
    return takeWritten().filter { $0.contains("PRIVMSG") }
  }

  var states: [IRCConnectionState] {
    events.compactMap { event in
      if case .stateChanged(let state) = event { return state }
      return nil
    }
  }
}

extension IRCConnectionState {
  var isDisconnected: Bool {
    if case .disconnected = self { return true }
    return false
  }
}
