/// One typing notification to send: `+typing=<state>` in a `TAGMSG` to `target`
/// (`IRCInput.typing`).
public struct IRCTypingNotice: Equatable, Hashable, Sendable {
  public var target: String
  public var state: IRCTypingState

  public init(_ target: String, _ state: IRCTypingState) {
    self.target = target
    self.state = state
  }
}
