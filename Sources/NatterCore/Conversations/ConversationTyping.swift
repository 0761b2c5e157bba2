/// Who is typing in each conversation, as the networks report it, so the typing line can
/// follow the conversation on screen (SPEC §13).
public struct ConversationTyping: Equatable, Sendable {
  private var typing: [String: [String]] = [:]

  public init() {}

  /// `conversation` now has `nicks` typing; returns whether the line on screen changes.
  public mutating func heard(_ nicks: [String], in conversation: String, active: String) -> Bool {
    typing[conversation] = nicks.isEmpty ? nil : nicks
    return conversation == active
  }

  /// The typing line for `conversation`: `bob is typing…`, or nil to hide it.
  public func sentence(in conversation: String) -> String? {
    IRCTypingIndicator.sentence(typing[conversation] ?? [])
  }
}
