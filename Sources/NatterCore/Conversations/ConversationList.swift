/// The conversations of the sidebar (SPEC §10) and which one is open: `Notes` first, then
/// channels, then private chats, each group in name order; unread counts and mention markers;
/// Alt+1…Alt+9 and Ctrl+Page Up/Down.
public struct ConversationList: Equatable, Sendable {
  /// What a conversation is, which decides its group in the sidebar.
  public enum Kind: Int, Comparable, Sendable {
    case notes, channel, privateChat
    public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One row of the sidebar.
  public struct Entry: Equatable, Sendable {
    /// `notes` or the conversation's URL; the store's key.
    public let id: String
    /// `Notes`, `#natter`, `alice`.
    public let name: String
    public let kind: Kind
    /// Messages that arrived while it was not open.
    public internal(set) var unread = 0
    /// One of them mentions the local user.
    public internal(set) var mentioned = false
    /// The id of the oldest of them, where the `New messages` line goes.
    public internal(set) var firstUnreadID: String?
    /// A channel we are no longer in (someone removed us): it stays, with `Rejoin`.
    public internal(set) var isLeft = false
  }

  /// The sidebar's rows, in order.
  public private(set) var entries: [Entry]
  /// The open conversation's id.
  public private(set) var activeID: String

  /// A list with `Notes` alone, open.
  public init(notesID: String = "notes", notesName: String = localized("Notes")) {
    entries = [Entry(id: notesID, name: notesName, kind: .notes)]
    activeID = notesID
  }

  /// The open conversation's row.
  public var active: Entry? { entries.first { $0.id == activeID } }

  /// Adds a conversation in its place (joining, or a private message arriving); nothing when
  /// it is already there.
  public mutating func add(id: String, name: String, kind: Kind) {
    guard !entries.contains(where: { $0.id == id }) else { return }
    let entry = Entry(id: id, name: name, kind: kind)
    let index =
      entries.firstIndex { ($0.kind, $0.name.lowercased()) > (kind, name.lowercased()) }
      ?? entries.endIndex
    entries.insert(entry, at: index)
  }

  /// Removes a conversation (`/part`); `Notes` stays. Returns the id now open when the removed
  /// one was open: the next row, else the previous.
  @discardableResult
  public mutating func remove(id: String) -> String? {
    guard let index = entries.firstIndex(where: { $0.id == id }), entries[index].kind != .notes
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
      entries[index].kind != .notes
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
