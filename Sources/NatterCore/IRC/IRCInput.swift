import Foundation

/// What the host feeds `IRCConnection.handle(_:at:)`.
public enum IRCInput: Equatable, Sendable {
  /// Open a connection now: at start, on `Reconnect`, or when the network is back.
  case connectNow
  /// The socket (and TLS) is up.
  case connected
  /// One line from the server without CR LF, decoded with `IRCText.decode`.
  case lineReceived(String)
  /// A timer asked for with `IRCEffect.wake(at:)` fired (extra ticks do no harm).
  case tick
  /// Deliver a message; it waits in the outbox while offline.
  case send(IRCOutgoing)
  /// `/join #chan [key]`; remembered for reconnects.
  case join(channel: String, key: String?)
  /// `/part [reason]`.
  case part(channel: String, reason: String?)
  /// The user scrolled to the oldest stored message of `target`, sent at `before`: the page
  /// before it, where the server offers `draft/chathistory`.
  case fetchOlder(target: String, before: Date)
  /// We are in `target` again: what was said after `after` (the newest stored), where the
  /// server offers `draft/chathistory`.
  case catchUp(target: String, after: Date?)
  /// Any other command (`/nick`, `/topic`, `/quote RAW`), written as is while registered.
  case command(IRCMessage)
  /// The connection failed or closed; `reason` is the transport's error when there was one.
  case disconnected(reason: String?)
  /// The nicknames of our private chats: the server is asked to say when they come and go
  /// (`MONITOR`, where offered). The whole list each time.
  case watch([String])
  /// The masks `/ignore` keeps: what matches them is dropped from here on.
  case ignore([String])
  /// `/quit [reason]`: `QUIT` like `quit`, but the network stays in the window, disconnected
  /// until the user reconnects (no attempt of its own, not even when the network returns).
  case disconnect(reason: String)
  /// React to the message `msgid` in `target` with `emoji`, or take that reaction back
  /// (`TAGMSG` with `+draft/react`/`+draft/unreact` and `+draft/reply`), where the server
  /// relays client tags; dropped while offline.
  case react(target: String, msgid: String, emoji: String, remove: Bool)
  /// Our typing state in `target` (`TAGMSG` with `+typing`), where the server relays it;
  /// dropped while offline. The host paces it (`IRCTypingPacer`).
  case typing(target: String, IRCTypingState)
  /// Say goodbye: `QUIT :reason` (a bare `QUIT` when it is empty) while registering or ready.
  /// Nothing more is written, and the close that follows ends the connection without a
  /// reconnect. Only the reason's first line is sent.
  case quit(reason: String)
}
