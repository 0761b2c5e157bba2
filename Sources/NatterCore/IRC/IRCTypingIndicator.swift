import Foundation

/// Who is typing where, from received `+typing` (SPEC §13), for the line above the composer.
///
/// Only `active` shows: the IRCv3 typing spec's `paused` means the text sits unsent, which is
/// no news worth a line, so it hides the person like `done`. An `active` shows for
/// `expiry` seconds after the last one (the spec's 6 s; senders repeat it every 3 s while
/// they type); a message from them, their leaving or quitting ends it at once.
public struct IRCTypingIndicator: Equatable, Sendable {
  /// How long an `active` shows without another.
  public static let expiry: TimeInterval = 6
  /// Bounds, so a flood of typing notices cannot grow the state.
  static let maxConversations = 64
  static let maxTypers = 32

  private struct Typer: Equatable, Sendable {
    var nick: String
    var until: Date
  }

  private let casemapping: IRCCasemapping
  /// By folded conversation: who types there, the longest typing first.
  private var typers: [String: [Typer]] = [:]
  /// The spellings of the conversations, by folded name.
  private var names: [String: String] = [:]

  public init(casemapping: IRCCasemapping = .rfc1459) { self.casemapping = casemapping }

  /// `nick` sent `state` in `conversation` at `now`; true when the list there changed.
  @discardableResult
  public mutating func heard(
    nick: String, state: IRCTypingState, in conversation: String, at now: Date
  ) -> Bool {
    guard state == .active else { return remove(nick, from: conversation) }
    let key = casemapping.fold(conversation)
    var list = typers[key] ?? []
    if let index = list.firstIndex(where: { casemapping.equal($0.nick, nick) }) {
      list[index].until = now + Self.expiry
      typers[key] = list
      return false
    }
    guard list.count < Self.maxTypers,
      typers[key] != nil || typers.count < Self.maxConversations
    else { return false }
    list.append(Typer(nick: nick, until: now + Self.expiry))
    typers[key] = list
    names[key] = conversation
    return true
  }

  /// A message from `nick` arrived in `conversation`: they are done typing it.
  @discardableResult
  public mutating func messageArrived(from nick: String, in conversation: String) -> Bool {
    remove(nick, from: conversation)
  }

  /// `nick` left `conversation` (a part or kick), or every one (a quit, with nil): the
  /// conversations whose list changed.
  public mutating func left(_ nick: String, from conversation: String? = nil) -> [String] {
    let keys = conversation.map { [casemapping.fold($0)] } ?? typers.keys.sorted()
    return keys.compactMap { key in
      guard let name = names[key], remove(nick, from: name) else { return nil }
      return name
    }
  }

  /// `old` is now `new`: still typing, under the new name. The conversations that changed.
  public mutating func renamed(from old: String, to new: String) -> [String] {
    var changed: [String] = []
    for key in typers.keys.sorted() {
      guard var list = typers[key],
        let index = list.firstIndex(where: { casemapping.equal($0.nick, old) })
      else { continue }
      list[index].nick = new
      typers[key] = list
      if let name = names[key] { changed.append(name) }
    }
    return changed
  }

  /// Ends what ran out by `now`: the conversations whose list changed.
  public mutating func expire(at now: Date) -> [String] {
    var changed: [String] = []
    for key in typers.keys.sorted() {
      guard let list = typers[key] else { continue }
      let kept = list.filter { $0.until > now }
      guard kept.count != list.count else { continue }
      if let name = names[key] { changed.append(name) }
      store(kept, at: key)
    }
    return changed
  }

  /// Who types in `conversation`, the longest typing first.
  public func typing(in conversation: String) -> [String] {
    typers[casemapping.fold(conversation)]?.map(\.nick) ?? []
  }

  /// When the next `active` runs out, for the host's timer; nil when no one types.
  public var nextExpiry: Date? { typers.values.joined().map(\.until).min() }

  /// Entries held, for tests of the bounds.
  var footprint: Int { typers.values.reduce(typers.count) { $0 + $1.count } }

  /// The typing line: `bob is typing…`, `bob and carol are typing…`, `bob, carol and dave
  /// are typing…`, `bob, carol and 2 others are typing…`; nil when no one is.
  public static func sentence(_ nicks: [String]) -> String? {
    switch nicks.count {
    case 0:
      return nil
    case 1:
      return localized("{nick} is typing…", ["nick": nicks[0]])
    case 2:
      return localized("{first} and {second} are typing…", ["first": nicks[0], "second": nicks[1]])
    case 3:
      return localized(
        "{first}, {second} and {third} are typing…",
        ["first": nicks[0], "second": nicks[1], "third": nicks[2]])
    default:
      return localizedPlural(
        "{first}, {second} and {count} other are typing…",
        "{first}, {second} and {count} others are typing…", count: nicks.count - 2,
        ["first": nicks[0], "second": nicks[1]])
    }
  }

  private mutating func remove(_ nick: String, from conversation: String) -> Bool {
    let key = casemapping.fold(conversation)
    guard let list = typers[key], list.contains(where: { casemapping.equal($0.nick, nick) })
    else { return false }
    store(list.filter { !casemapping.equal($0.nick, nick) }, at: key)
    return true
  }

  private mutating func store(_ list: [Typer], at key: String) {
    if list.isEmpty {
      typers[key] = nil
      names[key] = nil
    } else {
      typers[key] = list
    }
  }
}
