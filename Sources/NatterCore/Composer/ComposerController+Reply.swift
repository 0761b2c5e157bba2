extension ComposerController {
  /// Whether the next message answers another (the reply bar shows).
  public var isReplying: Bool { replyingTo != nil }

  /// `R` (or `Reply`) on a selected message: the next message answers `parent`, the reply bar
  /// says so and the composer has the keyboard; the draft stays as it is. A message the server
  /// gave no `msgid` cannot be answered (`MessageAction.available`): nothing happens.
  public mutating func beginReply(to parent: Message) -> [ComposerEffect] {
    guard MessageAction.available(for: parent).contains(.reply) else { return [] }
    // An edit is of a message in `Notes`, a reply of one on a network: one or the other.
    editing = nil
    replyingTo = parent
    return [.showReply(parent), .focus(.composer)]
  }

  /// Escape while replying, or the bar's `Cancel reply`: the message will answer nothing; the
  /// draft stays.
  public mutating func cancelReply() -> [ComposerEffect] {
    guard replyingTo != nil else { return [] }
    replyingTo = nil
    return [.showReply(nil), .focus(.composer)]
  }
}
