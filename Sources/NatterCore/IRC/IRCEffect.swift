import Foundation

/// What `IRCConnection.handle(_:at:)` asks the host to do, in order.
public enum IRCEffect: Equatable, Sendable {
  /// Write one line (add CR LF).
  case write(String)
  /// Feed `.tick` at or after this moment; a later `wake` replaces an earlier one.
  case wake(at: Date)
  /// Open a new connection, then feed `.connected` (or `.disconnected` when it fails).
  case connect
  /// Close the socket; the connection already counts itself as disconnected.
  case close
  /// Something to store or show.
  case event(IRCEvent)
  /// The outbox's kept form changed: a message's lines were fixed, to be written next. The
  /// host stores `IRCConnection.pending` before the writes that follow, so a restart writes
  /// the same lines.
  case outboxChanged

  /// What `AUTHENTICATE` may say in the log: a mechanism's name, an empty answer, an abort.
  private static let loggedAuthenticate: Set<String> = [
    "AUTHENTICATE PLAIN", "AUTHENTICATE EXTERNAL", "AUTHENTICATE SCRAM-SHA-256",
    "AUTHENTICATE +", "AUTHENTICATE *",
  ]

  /// The effect as it may be logged: the SASL payload is never shown.
  public var logDescription: String {
    if case .write(let line) = self, line.hasPrefix("AUTHENTICATE "),
      !Self.loggedAuthenticate.contains(line)
    {
      return "write(AUTHENTICATE <hidden>)"
    }
    if case .write(let line) = self, line.hasPrefix("PASS ") { return "write(PASS <hidden>)" }
    return "\(self)"
  }
}
