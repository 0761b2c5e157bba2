import Foundation

/// When to tell a conversation that we are typing (the IRCv3 `typing` client tag, SPEC §13):
/// fed the composer's edits, sends and the clock, it answers with the notifications to send.
///
/// `active` goes out on an edit, again at most every `activeInterval` while the edits go on
/// (so the other side's 6 s expiry never runs out mid-sentence); `paused` after `pauseAfter`
/// without an edit; `done` when the message is sent, the text becomes empty, it turns into a
/// slash command, or the user moves to another conversation. A slash command (`/join`) is
/// never announced; `//text` is text.
public struct IRCTypingPacer: Equatable, Sendable {
  /// At most one `active` per this many seconds and target.
  public static let activeInterval: TimeInterval = 3
  /// `paused` after this many seconds without an edit.
  public static let pauseAfter: TimeInterval = 5
  /// Targets remembered at once; an edit elsewhere ends the others, so this is a safety net.
  static let maxTargets = 16

  private struct Typing: Equatable, Sendable {
    var sent: IRCTypingState
    var lastActive: Date
    var lastEdit: Date
  }

  /// The targets we told something other than `done`, by target.
  private var typing: [String: Typing] = [:]

  public init() {}

  /// The composer's text in `target` is now `text`.
  public mutating func edited(target: String, text: String, at now: Date) -> [IRCTypingNotice] {
    var notices = endOthers(than: target)
    guard Self.announces(text) else { return notices + end(target) }
    if var current = typing[target] {
      current.lastEdit = now
      if current.sent != .active || now.timeIntervalSince(current.lastActive) >= Self.activeInterval
      {
        current.sent = .active
        current.lastActive = now
        notices.append(IRCTypingNotice(target, .active))
      }
      typing[target] = current
    } else if typing.count < Self.maxTargets {
      typing[target] = Typing(sent: .active, lastActive: now, lastEdit: now)
      notices.append(IRCTypingNotice(target, .active))
    }
    return notices
  }

  /// The message in `target` was sent: `done`, if we said anything.
  public mutating func sent(target: String) -> [IRCTypingNotice] { end(target) }

  /// The user moved to `target` (or away from every conversation, nil): the others are done.
  /// The draft waiting there is no typing until it is edited.
  public mutating func switched(to target: String?) -> [IRCTypingNotice] {
    endOthers(than: target)
  }

  /// The connection ended: whatever we said is gone with it.
  public mutating func reset() { typing = [:] }

  /// The clock reached `now`: `paused` for targets without an edit for `pauseAfter`.
  public mutating func tick(at now: Date) -> [IRCTypingNotice] {
    var notices: [IRCTypingNotice] = []
    for target in typing.keys.sorted() {
      guard var current = typing[target], current.sent == .active,
        now.timeIntervalSince(current.lastEdit) >= Self.pauseAfter
      else { continue }
      current.sent = .paused
      typing[target] = current
      notices.append(IRCTypingNotice(target, .paused))
    }
    return notices
  }

  /// When `tick` next has something to say, for the host's timer; nil when nothing is active.
  public var nextWake: Date? {
    typing.values.filter { $0.sent == .active }.map { $0.lastEdit + Self.pauseAfter }.min()
  }

  /// Whether `text` is something to announce: not empty, and not a slash command.
  static func announces(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    return !text.hasPrefix("/") || text.hasPrefix("//")
  }

  private mutating func end(_ target: String) -> [IRCTypingNotice] {
    guard typing.removeValue(forKey: target) != nil else { return [] }
    return [IRCTypingNotice(target, .done)]
  }

  private mutating func endOthers(than target: String?) -> [IRCTypingNotice] {
    typing.keys.filter { $0 != target }.sorted().flatMap { end($0) }
  }
}
