/// A message the user wrote for an IRC conversation, as the outbox keeps it until the
/// server's echo confirms it (or refuses it). Codable, so the store can keep it across a
/// crash and give it back to a new `IRCOutbox`.
public struct IRCOutgoing: Equatable, Hashable, Sendable, Codable {
  /// The local message id (the store's), reported back in delivery events.
  public let id: String
  /// A channel or a nickname.
  public let target: String
  public let body: String
  /// Tag spellings without `#`, in chip order.
  public let tags: [String]
  /// `/me text`: sent as a CTCP ACTION.
  public let isAction: Bool
  /// The `msgid` of the message this one answers (`+draft/reply`), and who wrote it: other
  /// clients see the reply as `bob: text`. Absent from outboxes kept before replies existed.
  public let replyTo: String?
  public let replyToSender: String?

  public init(
    id: String, target: String, body: String, tags: [String] = [], isAction: Bool = false,
    replyTo: String? = nil, replyToSender: String? = nil
  ) {
    self.id = id
    self.target = target
    self.body = body
    self.tags = tags
    self.isAction = isAction
    self.replyTo = replyTo
    self.replyToSender = replyToSender
  }

  /// The PRIVMSG texts for this message when each may take `maxBytes`: one per line of the
  /// body (empty lines skipped), long lines split by `IRCLineSplitter`, the tag suffix on the
  /// last, and each wrapped as a CTCP ACTION for `/me`. A reply starts with `bob: `.
  public func texts(maxBytes: Int) -> [String] {
    let budget = isAction ? maxBytes - IRCText.actionOverhead : maxBytes
    var lines = bodyLines.filter { !$0.isEmpty }
    if lines.isEmpty { lines = [""] }
    var texts: [String] = []
    for (index, line) in lines.enumerated() {
      var pieces = IRCLineSplitter.split(line, maxBytes: budget)
      if index == lines.count - 1, !tags.isEmpty {
        let suffix = IRCTagConvention.suffix(tags)
        let last = pieces.popLast() ?? ""
        if last.utf8.count + suffix.utf8.count <= budget {
          pieces.append(last + suffix)
        } else {
          // Room for the suffix on the last piece, so it is never split across two PRIVMSGs.
          var tail = IRCLineSplitter.split(last, maxBytes: budget - suffix.utf8.count)
          if tail.isEmpty { tail = [""] }
          tail[tail.count - 1] += suffix
          pieces += tail
        }
      }
      texts += pieces
    }
    return texts.map { isAction ? IRCText.action($0) : $0 }
  }

  /// The body's lines as they go out, blank ones kept: CR and NUL removed, and for a reply the
  /// first line starting with `bob: ` so that clients without `+draft/reply` see whom it
  /// answers (as Halloy sends it), unless it already names them so. An action gets no prefix:
  /// `* me bob: waves` would read as if it were said.
  var bodyLines: [String] {
    var lines = body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(String.UnicodeScalarView(line.filter { $0 != "\r" && $0 != "\0" })) }
    if let prefix = replyPrefix, let first = lines.firstIndex(where: { !$0.isEmpty }) {
      lines[first] = prefix + lines[first]
    }
    return lines
  }

  /// A received reply's text without the `bob: ` that `replyPrefix` put before it for plain
  /// clients, when `parentSender` (bob) wrote the parent: the quote above it says so already.
  /// Any other text is kept as it is.
  public static func withoutReplyPrefix(_ body: String, parentSender: String) -> String {
    let prefix = parentSender + ": "
    guard !parentSender.isEmpty, body.utf8.count > prefix.utf8.count,
      body.lowercased().hasPrefix(prefix.lowercased())
    else { return body }
    return String(body.dropFirst(prefix.count))
  }

  /// `bob: ` for a reply to bob, nil when the text starts with `bob:` or `bob,` already.
  var replyPrefix: String? {
    guard !isAction, replyTo != nil, let nick = replyToSender, !nick.isEmpty,
      !nick.contains(where: { $0 == " " || $0.isNewline })
    else { return nil }
    return Self.names(nick, atStartOf: body) ? nil : nick + ": "
  }

  /// Whether `body` starts by addressing `nick` (`bob: `, `bob, `), as a reply's prefix would.
  public static func names(_ nick: String, atStartOf body: String) -> Bool {
    let start = body.drop(while: \.isNewline).lowercased()
    let named = nick.lowercased()
    return start.hasPrefix(named + ":") || start.hasPrefix(named + ",")
  }
}
