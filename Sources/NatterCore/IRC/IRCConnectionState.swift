import Foundation

/// Where the connection is, for the header bar's `Connection` subtitle.
public enum IRCConnectionState: Equatable, Sendable {
  /// Not started, or ended by `IRCInput.quit`.
  case idle
  /// Waiting for the socket.
  case connecting
  /// Socket up; capabilities, SASL and the welcome are under way.
  case registering
  /// Registered: messages flow.
  case ready
  /// Lost, with the reason, and when the next attempt starts.
  case disconnected(reason: String, retryAt: Date)
}
