/// What the window knows about each conversation beyond its messages (SPEC §10): a channel's
/// members and topic, and who spoke lately, for Tab completion and the members popover.
public struct ConversationRoster: Equatable, Sendable {
  /// The most recent speakers kept per conversation.
  public static let recentLimit = 50

  private var members: [String: [String]] = [:]
  private var listed: [String: [IRCMember]] = [:]
  private var topics: [String: String] = [:]
  private var speakers: [String: [String]] = [:]
  public var casemapping: IRCCasemapping

  public init(casemapping: IRCCasemapping = .rfc1459) { self.casemapping = casemapping }

  /// The members of `conversation` in name order; for a private chat, the other person.
  public func members(of conversation: String) -> [String] { members[conversation] ?? [] }

  /// The topic of `conversation`, empty when none is set.
  public func topic(of conversation: String) -> String { topics[conversation] ?? "" }

  /// Who spoke in `conversation`, most recent first.
  public func recentSpeakers(in conversation: String) -> [String] { speakers[conversation] ?? [] }

  /// The members as the member list shows them (SPEC §12): by rank (`~` owners, `&` admins,
  /// `@` operators, `%` half-operators, `+` voiced, then everyone else), each rank in name
  /// order as the server folds names.
  public func memberList(of conversation: String) -> [IRCMember] { listed[conversation] ?? [] }

  /// The whole member list changed (NAMES, a join, part, quit, kick or nick change).
  public mutating func setMembers(_ nicks: [String], of conversation: String) {
    setMembers(nicks.map { IRCMember(nick: $0) }, of: conversation)
  }

  /// The whole member list changed, with each member's prefixes.
  public mutating func setMembers(_ all: [IRCMember], of conversation: String) {
    let map = casemapping
    // Each name folded once, not in every comparison.
    let byName = all.map { (member: $0, key: map.fold($0.nick)) }.sorted { $0.key < $1.key }
    setMembers(inFoldedOrder: byName.map(\.member), of: conversation)
  }

  /// The whole member list changed, already in the order of the names as the network folds
  /// them (`IRCEvent.members`): kept as it comes, not folded or sorted again (sorting 20,000
  /// took 16 ms of a NAMES, issue 32).
  public mutating func setMembers(inFoldedOrder all: [IRCMember], of conversation: String) {
    members[conversation] = all.map(\.nick)
    var ranks = Array(repeating: [IRCMember](), count: IRCMember.ranks.count + 1)
    for member in all { ranks[member.rank].append(member) }
    listed[conversation] = Array(ranks.joined())
  }

  public mutating func setTopic(_ text: String, of conversation: String) {
    topics[conversation] = text
  }

  /// `nick` spoke in `conversation`: first among the recent speakers.
  public mutating func spoke(_ nick: String, in conversation: String) {
    guard !nick.isEmpty else { return }
    var list = speakers[conversation] ?? []
    let folded = casemapping.fold(nick)
    list.removeAll { casemapping.fold($0) == folded }
    list.insert(nick, at: 0)
    speakers[conversation] = Array(list.prefix(Self.recentLimit))
  }

  /// Everything about `conversation` is forgotten (it was left).
  public mutating func forget(_ conversation: String) {
    members[conversation] = nil
    listed[conversation] = nil
    topics[conversation] = nil
  }
}
