/// A member of a channel: the nickname and every prefix symbol it holds (`@+`), highest first.
public struct IRCMember: Equatable, Hashable, Sendable {
  public var nick: String
  public var prefixes: String

  public init(nick: String, prefixes: String = "") {
    self.nick = nick
    self.prefixes = prefixes
  }
}
