/// Opening, leaving and renaming conversations (SPEC §10), decided without a widget: each
/// answers with the steps the window performs in order. The steps of a switch (keep the
/// composer's draft and read marker of the one left, open the next where it was left with its
/// `New messages` line, bring back its draft) are written once, here.
public struct ConversationsController: Equatable, Sendable {
  /// One step for the window.
  public enum Effect: Equatable, Sendable {
    /// Keep the composer's draft as `conversation`'s.
    case saveDraft(String)
    /// The user has seen `conversation` up to its newest message.
    case markRead(String)
    /// `conversation` is the one open, for the next start.
    case noteOpened(String)
    /// Show `conversation`'s transcript, its `New messages` line above `firstUnread`.
    case showTranscript(String, firstUnread: String?)
    /// Put `conversation`'s saved draft in the composer.
    case restoreDraft(String)
    /// Forget what was shown of `conversation` (its transcript, members, speakers).
    case forget(String)
    /// Tell the server we leave `channel`.
    case part(channel: String, reason: String?)
    /// Keep whether `conversation` is in the sidebar across restarts.
    case keepOpen(String, Bool)
    /// Show what depends on the open conversation: sidebar, header, status.
    case conversationChanged
    /// The sidebar's rows changed; nothing else did.
    case sidebarChanged
    /// Conversations joined the sidebar, which may now show itself.
    case conversationsAdded
    /// `sender` spoke in `conversation` (Tab completes the latest speakers first).
    case spoke(sender: String, conversation: String)
    /// Show these stored messages at the end of `conversation`'s transcript, if it is made.
    case append(String, [Message])
    /// Keyboard focus to the composer.
    case focusComposer
    /// Nothing changes; the composer says why.
    case notice(String)
  }

  /// The sidebar's rows and which conversation is open.
  public private(set) var list: ConversationList
  /// A channel the user asked to join and is not listed yet: it opens when the server says
  /// we joined.
  public private(set) var joining: String?

  public init(list: ConversationList = ConversationList()) { self.list = list }

  /// What a switch away from a conversation whose paste is still going in answers.
  public static var pasteUnderWay: String {
    localized("The paste is still going in; switch when it is done.")
  }

  /// Opens `id`. `pasting`: a paste is still going into the composer, whose text belongs to
  /// the conversation open now, so it stays.
  public mutating func open(_ id: String, pasting: Bool = false) -> [Effect] {
    guard list.contains(id) else { return [] }
    guard id != list.activeID else { return [.focusComposer] }
    guard !pasting else { return [.notice(Self.pasteUnderWay)] }
    let old = list.activeID
    return [.saveDraft(old), .markRead(old)] + show(id) + [.conversationChanged, .focusComposer]
  }

  /// Leaves `id`: a channel is parted (unless we were removed from it already), a private
  /// chat closed; its messages and draft stay stored. When it was open, its neighbour opens.
  public mutating func leave(_ id: String, reason: String? = nil, pasting: Bool = false)
    -> [Effect]
  {
    guard let entry = list.entry(id), entry.kind != .notes else { return [] }
    let wasOpen = id == list.activeID
    if wasOpen, pasting { return [.notice(Self.pasteUnderWay)] }
    var effects: [Effect] = []
    // Removed from it, we are out already: a `PART` would earn a 442.
    if entry.kind == .channel, !entry.isLeft {
      effects.append(.part(channel: entry.name, reason: reason))
    }
    effects += [.keepOpen(id, false), .markRead(id)]
    if wasOpen { effects.append(.saveDraft(id)) }
    list.remove(id: id)
    effects.append(.forget(id))
    if wasOpen { effects += show(list.activeID) + [.focusComposer] }
    return effects + [.conversationChanged]
  }

  /// The person of the private chat `id` is now `name`, under `newID` (the store has moved
  /// its messages): the row is renamed, the open transcript shown under its new id.
  public mutating func rename(_ id: String, to newID: String, name: String) -> [Effect] {
    guard list.contains(id), id != newID else { return [] }
    list.rename(id: id, to: newID, name: name)
    var effects: [Effect] = [.forget(id)]
    if list.activeID == newID { effects.append(.showTranscript(newID, firstUnread: nil)) }
    return effects + [.conversationChanged]
  }

  /// `/join` of a channel that is not listed: it opens once joined. (One that is listed opens
  /// at once, as any switch.)
  public mutating func willJoin(_ id: String) {
    if !list.contains(id) { joining = id }
  }

  /// The server says we joined the channel `id`, called `name`: listed (across restarts), no
  /// longer left, and opened when it is the one the user asked to join.
  public mutating func joined(_ id: String, name: String, pasting: Bool = false) -> [Effect] {
    var effects = keep(id: id, name: name, kind: .channel) + markLeft(id, false)
    if joining == id {
      joining = nil
      effects += open(id, pasting: pasting)
    }
    return effects
  }

  /// Marks the channel `id` as left by the server's doing (a kick) or as joined again.
  public mutating func markLeft(_ id: String, _ left: Bool) -> [Effect] {
    guard let entry = list.entry(id), entry.isLeft != left else { return [] }
    list.setLeft(id, left)
    return id == list.activeID ? [.conversationChanged] : [.sidebarChanged]
  }

  /// Adds a conversation to the sidebar (nothing when it is there).
  public mutating func add(id: String, name: String, kind: ConversationList.Kind) {
    list.add(id: id, name: name, kind: kind)
  }

  /// Adds a conversation the user or the server opened (`/query`, `/msg`, a join, a private
  /// message) and keeps it in the sidebar across restarts.
  public mutating func keep(id: String, name: String, kind: ConversationList.Kind) -> [Effect] {
    guard !list.contains(id) else { return [] }
    list.add(id: id, name: name, kind: kind)
    return [.keepOpen(id, true), .conversationsAdded]
  }

  /// Messages the server sent, stored: shown where their conversation is, counted as unread
  /// where it is not open (never our own), and a private chat not in the sidebar joins it.
  /// - Parameters:
  ///   - isOwn: whether we sent it (our nickname under the server's case mapping).
  ///   - row: the sidebar row of a conversation not listed yet, nil for none.
  public mutating func received(
    _ messages: [Message], isOwn: (Message) -> Bool,
    row: (String) -> (name: String, kind: ConversationList.Kind)?
  ) -> [Effect] {
    var effects: [Effect] = []
    var added = false
    var shown: [(conversation: String, messages: [Message])] = []
    for message in messages {
      let conversation = message.conversation
      if let index = shown.firstIndex(where: { $0.conversation == conversation }) {
        shown[index].messages.append(message)
      } else {
        shown.append((conversation, [message]))
      }
      // A status line (a join, an error) is no reason to list a conversation, nor unread.
      guard message.kind != .status else { continue }
      if !list.contains(conversation), let row = row(conversation) {
        list.add(id: conversation, name: row.name, kind: row.kind)
        effects.append(.keepOpen(conversation, true))
        added = true
      }
      effects.append(.spoke(sender: message.sender, conversation: conversation))
      list.messageArrived(
        in: conversation, mentionsMe: message.mentionsMe, own: isOwn(message),
        seen: conversation == list.activeID, messageID: message.id)
    }
    effects += shown.map { .append($0.conversation, $0.messages) }
    return effects + [added ? .conversationsAdded : .sidebarChanged]
  }

  /// Opens `id` at the start of the window: nothing to save or restore yet.
  public mutating func start(at id: String) { list.open(id) }

  /// See `ConversationList.setUnread`.
  public mutating func setUnread(in id: String, count: Int, firstID: String?, mentioned: Bool) {
    list.setUnread(in: id, count: count, firstID: firstID, mentioned: mentioned)
  }

  /// See `ConversationList.messageArrived`.
  public mutating func messageArrived(
    in id: String, mentionsMe: Bool, own: Bool, seen: Bool, messageID: String? = nil
  ) {
    list.messageArrived(in: id, mentionsMe: mentionsMe, own: own, seen: seen, messageID: messageID)
  }

  /// The steps that show `id` as the open conversation: where it was left, with `New
  /// messages` above what arrived since, and its draft.
  private mutating func show(_ id: String) -> [Effect] {
    let firstUnread = list.entry(id)?.firstUnreadID
    list.open(id)
    return [
      .markRead(id), .noteOpened(id), .showTranscript(id, firstUnread: firstUnread),
      .restoreDraft(id),
    ]
  }
}
