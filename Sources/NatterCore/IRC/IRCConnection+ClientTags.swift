import Foundation

/// Received `TAGMSG`s (SPEC §13): reactions and typing notifications, read from client tags
/// and checked, since any client can put anything in them.
extension IRCConnection {
  /// The most bytes of an emoji (or short text) a reaction may carry: a flag or a family of
  /// skin-toned people fits; a paragraph does not.
  static let maxReactionBytes = 64
  /// The most bytes of a `msgid` a reaction may name (Ergo's are 26, soju's under 40).
  static let maxMsgidBytes = 256

  func clientTagMessage(_ message: IRCMessage) -> [IRCEffect] {
    guard session.registered, let target = message.params.first, !target.isEmpty,
      let sender = message.sourceNick, !sender.isEmpty, message.source?.contains("!") == true
    else { return [] }
    let isOwn = session.isMe(sender)
    let conversation = session.support.isChannel(target) || isOwn ? target : sender
    var effects: [IRCEffect] = []
    if let reaction = Self.reaction(message, conversation: conversation, sender: sender) {
      var reaction = reaction
      reaction.isOwn = isOwn
      effects.append(.event(.reaction(reaction)))
    }
    // Our own typing comes back as an echo; played-back history is no one typing now.
    if !isOwn, !channels.isHistory(batch: message.tags["batch"]),
      let value = message.tags[IRCClientTags.typing], let state = IRCTypingState(rawValue: value)
    {
      effects.append(.event(.typing(conversation: conversation, nick: sender, state)))
    }
    return effects
  }

  /// The reaction a `TAGMSG` carries: `+draft/react` (or `+draft/unreact`) with the reacted
  /// message's `msgid` in `+draft/reply`; nil when either is missing or out of bounds.
  static func reaction(_ message: IRCMessage, conversation: String, sender: String)
    -> IRCReaction?
  {
    let removed = message.tags[IRCClientTags.react] == nil
    guard
      let emoji = message.tags[IRCClientTags.react] ?? message.tags[IRCClientTags.unreact],
      let msgid = message.tags[IRCClientTags.reply],
      isReasonable(emoji, maxBytes: maxReactionBytes), isReasonable(msgid, maxBytes: maxMsgidBytes)
    else { return nil }
    return IRCReaction(
      conversation: conversation, sender: sender, msgid: msgid, emoji: emoji, removed: removed,
      time: message.tags["time"].flatMap(IRCServerTime.parse))
  }

  /// Not empty, within `maxBytes`, and free of control characters (which no emoji holds and
  /// no row should show).
  private static func isReasonable(_ value: String, maxBytes: Int) -> Bool {
    !value.isEmpty && value.utf8.count <= maxBytes
      && !value.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
