import Foundation

/// `draft/chathistory` asked for by the client (SPEC §11): the page before the oldest stored
/// message when the user scrolls to the top, and the latest after a (re)join. One request per
/// conversation at a time, so holding Page Up asks once, and none once the server has said
/// there is nothing older.
struct IRCHistoryRequests: Equatable, Sendable {
  /// How many messages one page asks for (the server may give fewer, per `CHATHISTORY=`).
  static let pageSize = 50

  enum Kind: Equatable, Sendable { case before, latest }

  /// The requests under way: of each kind, the folded targets.
  private(set) var inFlight: [Kind: Set<String>] = [:]
  /// Conversations whose oldest message the server has given.
  private(set) var exhausted: Set<String> = []

  var footprint: Int { inFlight.values.reduce(0) { $0 + $1.count } + exhausted.count }

  /// Whether a page before the oldest of `target` may be asked for now: the server keeps
  /// history, none is under way, and the server has not said there is nothing older.
  func canAskOlder(_ target: String, session: IRCSession) -> Bool {
    let key = session.support.casemapping.fold(target)
    return Self.offered(session) && inFlight[.before]?.contains(key) != true
      && !exhausted.contains(key)
  }

  /// `CHATHISTORY BEFORE` the oldest stored time, or nothing (one is under way, nothing is
  /// older, or the server offers no history).
  mutating func older(
    _ target: String, before: Date, session: IRCSession
  ) -> [IRCEffect] {
    guard canAskOlder(target, session: session) else { return [] }
    inFlight[.before, default: []].insert(session.support.casemapping.fold(target))
    let reference = "timestamp=" + IRCServerTime.format(before)
    return [
      .write(
        IRCMessage(
          command: "CHATHISTORY",
          params: ["BEFORE", target, reference, String(Self.pageSize)]
        ).serialized),
      .event(.historyLoading(target: target, true)),
    ]
  }

  /// `CHATHISTORY LATEST` after the newest stored time (`*` with none): what was said while
  /// Natter was away, after a (re)join.
  mutating func latest(_ target: String, after: Date?, session: IRCSession) -> [IRCEffect] {
    let key = session.support.casemapping.fold(target)
    guard Self.offered(session), inFlight[.latest]?.contains(key) != true else { return [] }
    inFlight[.latest, default: []].insert(key)
    let reference = after.map { "timestamp=" + IRCServerTime.format($0) } ?? "*"
    return [
      .write(
        IRCMessage(
          command: "CHATHISTORY", params: ["LATEST", target, reference, String(Self.pageSize * 2)]
        ).serialized)
    ]
  }

  /// A history batch for `target` ended: the oldest request for it is answered (a server
  /// answers in order, and the latest page is asked for first); an empty page before the
  /// oldest means there is nothing older.
  mutating func answered(_ target: String, count: Int, session: IRCSession) -> [IRCEffect] {
    let key = session.support.casemapping.fold(target)
    if inFlight[.latest]?.remove(key) != nil { return [] }
    guard inFlight[.before]?.remove(key) != nil else { return [] }
    if count == 0 { exhausted.insert(key) }
    return [.event(.historyLoading(target: target, false))]
  }

  /// `FAIL CHATHISTORY …`, or the connection is gone: nothing is under way any more.
  mutating func cancelAll() -> [IRCEffect] {
    let loading = (inFlight[.before] ?? []).sorted()
    inFlight = [:]
    return loading.map { .event(.historyLoading(target: $0, false)) }
  }

  static func offered(_ session: IRCSession) -> Bool {
    session.registered && (session.has("draft/chathistory") || session.has("chathistory"))
  }
}
