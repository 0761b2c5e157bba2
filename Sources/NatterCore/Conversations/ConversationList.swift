/// The conversations of the sidebar (SPEC §10, §11) and which one is open: `Notes` first, then
/// each network in the user's order: its own row (its server messages), its channels, then its
/// private chats, each group in name order; unread counts and mention markers; Alt+1…Alt+9
/// and Ctrl+Page Up/Down.
public struct ConversationList: Equatable, Sendable {
  /// What a conversation is, which decides its group in the sidebar.
  public enum Kind: Int, Comparable, Sendable {
    case notes, network, channel, privateChat
    public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One row of the sidebar.
  public struct Entry: Equatable, Sendable {
    /// `notes` or the conversation's URL; the store's key.
    public let id: String
    /// `Notes`, `Libera.Chat`, `#natter`, `alice`.
    public internal(set) var name: String
    public let kind: Kind
    /// The id of the network it is on (its own row's id), nil for `Notes`.
    public let network: String?
    /// A network row's state: `Connected`, `Offline — 2 messages waiting`, ….
    public internal(set) var detail = ""
    /// Messages that arrived while it was not open.
    public internal(set) var unread = 0
    /// One of them mentions the local user.
    public internal(set) var mentioned = false
    /// The id of the oldest of them, where the `New messages` line goes.
    public internal(set) var firstUnreadID: String?
    /// A channel we are no longer in (someone removed us): it stays, with `Rejoin`.
    public internal(set) var isLeft = false
  }

  /// The people of the private chats listed on `network`, whom `MONITOR` watches.
  public func privateChats(on network: String) -> [String] {
    entries.filter { $0.kind == .privateChat && $0.network == network }.map(\.name)
  }

  /// The sidebar's rows, in order.
  public private(set) var entries: [Entry]
  /// The open conversation's id.
  public private(set) var activeID: String
  /// The networks' ids, in the sidebar's order.
  public private(set) var networks: [String] = []

  /// A list with `Notes` alone, open.
  public init(notesID: String = "notes", notesName: String = localized("Notes")) {
    entries = [Entry(id: notesID, name: notesName, kind: .notes, network: nil)]
    activeID = notesID
  }

  /// The open conversation's row.
  public var active: Entry? { entries.first { $0.id == activeID } }

  /// The network `id` is on: the longest network id it starts with.
  public func network(of id: String) -> String? {
    guard entries.first?.id != id else { return nil }
    return Self.network(of: id, among: networks)
  }

  /// The network of `networks` (their ids) that conversation `id` is on: the longest id it
  /// starts with (a bouncer login's id and the plain server's do not overlap).
  public static func network(of id: String, among networks: [String]) -> String? {
    networks.filter { id.hasPrefix($0) }.max { $0.count < $1.count }
  }

  /// The networks, in order, each with its name: their rows are added, renamed or (with every
  /// conversation on them, the open one included) removed to match.
  public mutating func setNetworks(_ given: [(id: String, name: String)]) {
    networks = given.map(\.id)
    let removed = entries.filter { entry in
      entry.kind != .notes && !given.contains { $0.id == entry.network }
    }
    for entry in removed { remove(id: entry.id) }
    for network in given {
      if let index = entries.firstIndex(where: { $0.id == network.id }) {
        guard entries[index].name != network.name else { continue }
        var renamed = entries.remove(at: index)
        renamed.name = network.name
        insert(renamed, sorted: false)
      } else {
        insert(
          Entry(id: network.id, name: network.name, kind: .network, network: network.id),
          sorted: false)
      }
    }
    // The order of the networks may have changed.
    let order = networks
    entries = entries.enumerated().sorted { lhs, rhs in
      let left = Self.position(of: lhs.element, in: order)
      let right = Self.position(of: rhs.element, in: order)
      return left != right ? left < right : lhs.offset < rhs.offset
    }.map(\.element)
  }

  /// Where `entry`'s network is in `order`; `Notes` (on none) comes first.
  private static func position(of entry: Entry, in order: [String]) -> Int {
    entry.network.flatMap { order.firstIndex(of: $0) } ?? -1
  }

  /// Sets the state a network's row shows.
  public mutating func setDetail(_ detail: String, of id: String) {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    entries[index].detail = detail
  }

  /// Adds a conversation in its place (joining, or a private message arriving), under the
  /// network its id starts with; nothing when it is already there, or on no network.
  public mutating func add(id: String, name: String, kind: Kind) {
    guard !entries.contains(where: { $0.id == id }), let network = network(of: id) else { return }
    insert(Entry(id: id, name: name, kind: kind, network: network))
  }

  /// Puts `entry` in its place: by network, then kind, then name, after any equal to it.
  /// The entries are in that order but while `setNetworks` changes the networks' order, which
  /// passes `sorted: false`: a search that halves would take the wrong half there. A start
  /// adds every conversation, so halving keeps it from growing as their square (issue 32).
  private mutating func insert(_ entry: Entry, sorted: Bool = true) {
    let networks = networks
    let order = { (entry: Entry) -> (Int, Kind, String) in
      (Self.position(of: entry, in: networks), entry.kind, entry.name.lowercased())
    }
    let key = order(entry)
    guard sorted else {
      entries.insert(entry, at: entries.firstIndex { order($0) > key } ?? entries.endIndex)
      return
    }
    var low = entries.startIndex
    var high = entries.endIndex
    while low < high {
      let middle = low + (high - low) / 2
      if order(entries[middle]) > key { high = middle } else { low = middle + 1 }
    }
    entries.insert(entry, at: low)
  }

  /// Removes a conversation (`/part`); `Notes` stays, and a network's row while it is listed. Returns the id now open when the removed
  /// one was open: the next row, else the previous.
  @discardableResult
  public mutating func remove(id: String) -> String? {
    guard let index = entries.firstIndex(where: { $0.id == id }), entries[index].kind != .notes,
      entries[index].kind != .network || !networks.contains(id)
    else { return nil }
    entries.remove(at: index)
    guard activeID == id else { return nil }
    activeID = entries[min(index, entries.count - 1)].id
    return activeID
  }

  /// Marks the channel `id` as left (removed by someone) or as joined again.
  public mutating func setLeft(_ id: String, _ left: Bool) {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
    entries[index].isLeft = left
  }

  /// The conversation `id` is now called `name` under `newID` (the person of a private chat
  /// changed nickname): it keeps its place as open, its unread count and marker. When `newID`
  /// is in the list already, the two become one.
  public mutating func rename(id: String, to newID: String, name: String) {
    guard newID != id, let index = entries.firstIndex(where: { $0.id == id }),
      entries[index].kind == .privateChat || entries[index].kind == .channel
    else { return }
    let old = entries.remove(at: index)
    if let existing = entries.firstIndex(where: { $0.id == newID }) {
      entries[existing].unread += old.unread
      entries[existing].mentioned = entries[existing].mentioned || old.mentioned
      if entries[existing].firstUnreadID == nil {
        entries[existing].firstUnreadID = old.firstUnreadID
      }
    } else {
      add(id: newID, name: name, kind: old.kind)
      if let added = entries.firstIndex(where: { $0.id == newID }) {
        entries[added].unread = old.unread
        entries[added].mentioned = old.mentioned
        entries[added].firstUnreadID = old.firstUnreadID
        entries[added].isLeft = old.isLeft
      }
    }
    if activeID == id { activeID = newID }
  }

  /// A message arrived in `id`. Counted as unread unless that conversation is open and the
  /// user can see it; the user's own messages are never unread.
  public mutating func messageArrived(
    in id: String, mentionsMe: Bool, own: Bool, seen: Bool, messageID: String? = nil
  ) {
    guard !own, !(seen && id == activeID), let index = entries.firstIndex(where: { $0.id == id })
    else { return }
    if entries[index].unread == 0 { entries[index].firstUnreadID = messageID }
    entries[index].unread += 1
    if mentionsMe { entries[index].mentioned = true }
  }

  /// Sets what is unread in `id` from the store's read marker (at start, or after a server
  /// played back history): its count, its oldest message and whether one mentions the user.
  public mutating func setUnread(in id: String, count: Int, firstID: String?, mentioned: Bool) {
    guard id != activeID, let index = entries.firstIndex(where: { $0.id == id }) else { return }
    entries[index].unread = count
    entries[index].firstUnreadID = count > 0 ? firstID : nil
    entries[index].mentioned = count > 0 && mentioned
  }

  /// Opens `id`; returns how many of its newest messages are unread, so the transcript puts
  /// the `New messages` line above them (0: no line). Its count and marker are cleared.
  @discardableResult
  public mutating func open(_ id: String) -> Int {
    guard let index = entries.firstIndex(where: { $0.id == id }) else { return 0 }
    activeID = id
    let unread = entries[index].unread
    entries[index].unread = 0
    entries[index].mentioned = false
    entries[index].firstUnreadID = nil
    return unread
  }

  /// The row for `id`.
  public func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }

  /// Whether `id` is in the sidebar.
  public func contains(_ id: String) -> Bool { entries.contains { $0.id == id } }

  /// The id of the `n`th row (Alt+1 is 1), or nil past the end.
  public func id(atPosition n: Int) -> String? {
    (1...entries.count).contains(n) ? entries[n - 1].id : nil
  }

  /// The id `offset` rows from the open one, wrapping (Ctrl+Page Down is +1).
  public func id(offsetFromActive offset: Int) -> String {
    guard let index = entries.firstIndex(where: { $0.id == activeID }) else { return activeID }
    let count = entries.count
    return entries[((index + offset) % count + count) % count].id
  }
}
