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
  /// last, and each wrapped as a CTCP ACTION for `/me`.
  public func texts(maxBytes: Int) -> [String] {
    let budget = isAction ? maxBytes - IRCText.actionOverhead : maxBytes
    var lines = body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true)
      .map { line in String(String.UnicodeScalarView(line.filter { $0 != "\r" && $0 != "\0" })) }
      .filter { !$0.isEmpty }
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
}
