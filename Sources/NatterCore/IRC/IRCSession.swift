/// The facts of one connection that every reducer reads: who we are and what the server
/// supports. Made fresh on each connect.
struct IRCSession: Equatable, Sendable {
  var nick: String
  var capabilities: Set<String> = []
  var support = IRCSupport()
  var registered = false
  /// The connection is TLS (STS reads a policy from it, not an upgrade).
  var secure = false
  /// `draft/multiline` acknowledged (with `batch`), and what one batch may hold.
  var multiline: IRCMultilineLimits?

  init(nick: String) { self.nick = nick }

  func isMe(_ name: String?) -> Bool {
    guard let name else { return false }
    return support.casemapping.equal(name, nick)
  }

  func has(_ capability: String) -> Bool { capabilities.contains(capability) }

  /// What a batch may hold, where a multi-line message goes out as one (`draft/multiline`
  /// and the `batch` it needs); nil where its lines go out one by one.
  var multilineBatches: IRCMultilineLimits? { has("batch") ? multiline : nil }

  /// Whether the server relays the client tag `tag` (`+typing`): it takes `message-tags` and
  /// its `CLIENTTAGDENY` does not name the tag.
  func allowsClientTag(_ tag: String) -> Bool {
    has("message-tags") && support.allowsClientTag(tag)
  }

  /// The bytes a PRIVMSG's text may take: the line limit less CR LF, the prefix the server adds
  /// when relaying it (`:nick!user@host `, with the longest usual user and host) and
  /// `PRIVMSG target :`.
  func textBudget(target: String) -> Int {
    let prefix = 1 + nick.utf8.count + 1 + 10 + 1 + 63 + 1
    return support.lineLength - 2 - prefix - "PRIVMSG  :".utf8.count - target.utf8.count
  }
}
