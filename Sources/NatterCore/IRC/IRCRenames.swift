import Foundation

/// Who the sender of an older message goes by now, from the nickname changes seen this
/// session, so that a reply names them as the channel knows them (`robert: `, not `bob: `,
/// once bob is known as robert): a name nobody uses any more highlights no one, and one
/// somebody else took highlights them.
///
/// A change is followed only when it came after the message, and each after the one before:
/// bob who became bob|away and came back as bob is bob for what he said since. Times are
/// the client's when it heard of each change; a message's is the server's.
public struct IRCRenames: Sendable {
  private struct Change: Sendable {
    let old: String
    let new: String
    let at: Date
  }

  /// Each name's changes, by the name folded, oldest first.
  private var changes: [String: [Change]] = [:]
  private var casemapping: IRCCasemapping
  /// The changes kept for one name: a guest name a network hands out again and again must
  /// not grow without end.
  static let keptPerName = 16

  public init(casemapping: IRCCasemapping = .rfc1459) {
    self.casemapping = casemapping
  }

  /// The server's case mapping, once it names one.
  public mutating func use(_ casemapping: IRCCasemapping) {
    guard casemapping != self.casemapping else { return }
    self.casemapping = casemapping
    let all = changes.values.joined().sorted { $0.at < $1.at }
    changes = Dictionary(grouping: all) { casemapping.fold($0.old) }
  }

  /// `old` became `new` at `time`.
  public mutating func renamed(_ old: String, to new: String, at time: Date) {
    let from = casemapping.fold(old)
    guard from != casemapping.fold(new) else { return }
    changes[from, default: []].append(Change(old: old, new: new, at: time))
    if let count = changes[from]?.count, count > Self.keptPerName {
      changes[from]?.removeFirst(count - Self.keptPerName)
    }
  }

  /// The name that whoever was `nick` at `time` goes by now.
  public func current(_ nick: String, since time: Date) -> String {
    var name = nick
    var since = time
    // Each step is later than the one before, so this ends.
    while let change = changes[casemapping.fold(name)]?.first(where: { $0.at > since }) {
      name = change.new
      since = change.at
    }
    return name
  }
}
