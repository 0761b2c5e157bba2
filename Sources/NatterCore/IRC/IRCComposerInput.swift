/// What the composer's text means on an IRC conversation: `/me text` is an action, `//text`
/// sends `/text` literally, anything else is a message (SPEC §9, §10).
public enum IRCComposerInput: Equatable, Sendable {
  case message(String)
  case action(String)

  public init(_ body: String) {
    if body.hasPrefix("//") {
      self = .message(String(body.dropFirst()))
    } else if body == "/me" || body.hasPrefix("/me ") {
      self = .action(String(body.dropFirst(3).drop { $0 == " " }))
    } else {
      self = .message(body)
    }
  }
}
