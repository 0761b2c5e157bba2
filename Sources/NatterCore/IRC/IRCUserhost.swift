/// A source split into its atoms: `nick!user@host`, any of which may be missing.
public struct IRCUserhost: Equatable, Hashable, Sendable {
  public var nick: String
  public var user: String?
  public var host: String?

  public init(nick: String, user: String? = nil, host: String? = nil) {
    self.nick = nick
    self.user = user
    self.host = host
  }

  /// Splits at the first `!` and the first `@` after it; an empty atom is nil (`nick` is "").
  public init(parsing source: String) {
    let utf8 = source.utf8
    let bang = utf8.firstIndex(of: UInt8(ascii: "!"))
    let at = utf8.firstIndex(of: UInt8(ascii: "@"))
    let nickEnd = [bang, at].compactMap { $0 }.min() ?? utf8.endIndex
    nick = String(source[..<nickEnd])
    if let bang, bang == nickEnd {
      let userStart = utf8.index(after: bang)
      let userEnd = utf8[userStart...].firstIndex(of: UInt8(ascii: "@")) ?? utf8.endIndex
      user = Self.nonEmpty(source[userStart..<userEnd])
      host = userEnd < utf8.endIndex ? Self.nonEmpty(source[utf8.index(after: userEnd)...]) : nil
    } else if let at {
      host = Self.nonEmpty(source[utf8.index(after: at)...])
    }
  }

  private static func nonEmpty(_ text: Substring) -> String? {
    text.isEmpty ? nil : String(text)
  }
}
