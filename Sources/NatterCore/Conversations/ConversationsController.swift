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
    /// Tell the server of `conversation`'s network that we leave `channel`.
    case part(conversation: String, channel: String, reason: String?)
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
    /// Show `text` under the composer, sending nothing (`/help`, the topic).
    case showText(String)
    /// List `conversation` in the sidebar, across restarts (a `/msg` or `/query` chat).
    case list(String)
    /// Store and send `text` to `conversation`; an action when `isAction`. When it cannot be
    /// stored, nothing after it happens and the composer keeps its text.
    case deliver(conversation: String, text: String, isAction: Bool)
    /// Ask the server of `conversation`'s network to join `channel`.
    case join(conversation: String, channel: String, key: String?)
    /// Write this line to the server of `conversation`'s network.
    case write(conversation: String, IRCMessage)
    /// The conversation's draft is empty now.
    case clearDraft(String)
    /// Open the channel browser of `conversation`'s network.
    case browseChannels(conversation: String, filter: String?)
    /// Change or list the ignore list of `conversation`'s network.
    case ignore(conversation: String, CommandPlan.IgnoreRequest)
    /// Leave `conversation`'s network until the user reconnects.
    case disconnect(conversation: String, reason: String?)
    /// Once the composer has cleared after a command: switch to, or leave, a conversation.
    /// Done before, the command's text would be saved as the draft of the one left, and the
    /// next one's restored draft cleared in its place.
    case afterComposerCleared(Deferred)
  }

  /// A switch that waits for the composer to clear.
  public enum Deferred: Equatable, Sendable {
    case open(String)
    case leave(String, reason: String?)
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
      effects.append(.part(conversation: id, channel: entry.name, reason: reason))
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

  /// The steps of a slash command's plan, typed in the open conversation; `conversation`
  /// names the conversation of a channel or nickname. A notice ends it there: nothing is
  /// sent and the draft stays. A command that ran clears the draft it was typed in.
  public mutating func run(_ plan: [CommandPlan], conversation: (String) -> String) -> [Effect] {
    let active = list.activeID
    var effects: [Effect] = []
    for step in plan {
      switch step {
      case .notice(let sentence):
        return [.notice(sentence)]
      case .show(let text):
        effects.append(.showText(text))
      case .send(let target, let text, let isAction):
        let id = conversation(target)
        effects += [.list(id), .deliver(conversation: id, text: text, isAction: isAction)]
      case .join(let channel, let key):
        effects += join(channel, key: key, id: conversation(channel))
      case .part(_, let reason):
        effects.append(.afterComposerCleared(.leave(active, reason: reason)))
      case .close:
        effects.append(.afterComposerCleared(.leave(active, reason: nil)))
      case .query(let nick):
        let id = conversation(nick)
        effects += [.list(id), .afterComposerCleared(.open(id))]
      case .raw(let line):
        effects.append(.write(conversation: active, line))
      case .browseChannels(let filter):
        effects.append(.browseChannels(conversation: active, filter: filter))
      case .ignore(let request):
        effects.append(.ignore(conversation: active, request))
      case .disconnect(let reason):
        effects.append(.disconnect(conversation: active, reason: reason))
      }
    }
    return effects + [.clearDraft(active)]
  }

  /// Join `channel` (conversation `id`), from `/join` or the channel browser: a listed
  /// channel opens at once, another once the server says we joined. The draft is left as is.
  public mutating func join(_ channel: String, key: String? = nil, id: String) -> [Effect] {
    var effects: [Effect] = []
    if list.contains(id) {
      effects.append(.afterComposerCleared(.open(id)))
    } else {
      joining = id
    }
    effects.append(.join(conversation: id, channel: channel, key: key))
    return effects
  }

  /// A private chat with `nick` (from the member list): listed and opened; the draft of the
  /// conversation left is kept, as any switch keeps it.
  public mutating func openPrivateChat(_ id: String, nick: String, pasting: Bool = false)
    -> [Effect]
  {
    keep(id: id, name: nick, kind: .privateChat) + open(id, pasting: pasting)
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

  /// What the window does with the server at start: the channels to join, the ones to part.
  public struct Start: Equatable, Sendable {
    public var joins: [String] = []
    public var parts: [String] = []
  }

  /// Lists the conversations at the start of the window and opens one: the account's
  /// channels unless the user left them, then those the user has open in the store (their
  /// channels joined again); the account's channels the user left are parted. The one open at
  /// the last quit opens, else the account's first channel.
  /// - Parameters:
  ///   - accountChannels: the account's channels, as conversation ids with their names.
  ///   - open, closed: the store's open and left conversations of this server.
  ///   - row: the sidebar row of a conversation, nil for none of this server.
  public mutating func start(
    accountChannels: [(id: String, name: String)], open: [String], closed: Set<String>,
    lastOpened: String?, row: (String) -> (name: String, kind: ConversationList.Kind)?
  ) -> Start {
    var start = Start()
    for channel in accountChannels where !closed.contains(channel.id) {
      list.add(id: channel.id, name: channel.name, kind: .channel)
    }
    for id in open {
      guard let row = row(id) else { continue }
      list.add(id: id, name: row.name, kind: row.kind)
      if row.kind == .channel { start.joins.append(row.name) }
    }
    start.parts = accountChannels.filter { closed.contains($0.id) }.map(\.name)
    // Called once per network: the first network with channels opens its first, unless the
    // one open at the last quit is listed (by this network's start or an earlier one's).
    if let lastOpened, list.contains(lastOpened) {
      list.open(lastOpened)
    } else if list.activeID == Message.notes, let first = accountChannels.first?.id,
      list.contains(first), lastOpened != Message.notes
    {
      list.open(first)
    }
    return start
  }

  /// Who Tab completes in the open conversation: a channel's members, or the one person of a
  /// private chat.
  public func completionNames(_ roster: ConversationRoster) -> [String] {
    guard let active = list.active else { return [] }
    return active.kind == .privateChat ? [active.name] : roster.members(of: active.id)
  }

  /// Where a status line of `network` that names no conversation goes: the open one when it
  /// is on that network, else none, so the client uses the network's own conversation.
  public func statusConversation(on network: String) -> String? {
    list.network(of: list.activeID) == network ? list.activeID : nil
  }

  /// The networks, in order, with their names (SPEC §11); see `ConversationList.setNetworks`.
  public mutating func setNetworks(_ networks: [(id: String, name: String)]) {
    list.setNetworks(networks)
  }

  /// See `ConversationList.setDetail`.
  public mutating func setDetail(_ detail: String, of id: String) {
    list.setDetail(detail, of: id)
  }

  /// Why a message typed in `id` cannot be sent there, nil when it can: a network's own
  /// conversation takes commands only, and a network that is off takes nothing.
  public func refusal(toSendIn id: String, networkIsOn: Bool, networkName: String) -> String? {
    guard let entry = list.entry(id), entry.kind != .notes else { return nil }
    if entry.kind == .network {
      return localized(
        "This is {network}'s own conversation: /join a channel or /msg someone to talk.",
        ["network": networkName])
    }
    guard networkIsOn else {
      return localized(
        "{network} is off; turn it on in Preferences to send.", ["network": networkName])
    }
    return nil
  }

  /// What the header says of the open conversation: its topic, and the member list for a
  /// channel we are in (nil hides the `Members` button: a private chat, `Notes`, or a channel
  /// we were removed from, whose list is no longer kept up to date).
  public func header(_ roster: ConversationRoster) -> (topic: String, members: [IRCMember]?) {
    guard let active = list.active else { return ("", nil) }
    let members =
      active.kind == .channel && !active.isLeft ? roster.memberList(of: active.id) : nil
    return (roster.topic(of: active.id), members)
  }

  /// What Ctrl+Shift+W asks before leaving the open conversation, or in Notes, which stays,
  /// the notice that says so.
  public enum LeaveQuestion: Equatable, Sendable {
    case ask(id: String, question: String, detail: String, action: String)
    case notice(String)
  }

  public var leaveQuestion: LeaveQuestion {
    guard let entry = list.active, entry.kind != .notes else {
      return .notice(localized("Notes stays open: it is your local history."))
    }
    guard entry.kind != .network else {
      return .notice(
        localized(
          "{network} stays while it is on your list; remove it in Preferences.",
          ["network": entry.name]))
    }
    let isChannel = entry.kind == .channel
    return .ask(
      id: entry.id,
      question: isChannel
        ? localized("Leave {channel}?", ["channel": entry.name])
        : localized("Close the chat with {nick}?", ["nick": entry.name]),
      detail: localized(
        "Its messages and your draft stay saved and come back when you open it again."),
      action: isChannel ? localized("Leave") : localized("Close"))
  }

  /// `Rejoin`: the channel to join again, when the open one is a channel we were removed from.
  public var rejoinChannel: String? {
    guard let active = list.active, active.kind == .channel, active.isLeft else { return nil }
    return active.name
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
      // A status line (a join, an error) is no reason to list a conversation, nor unread;
      // nor is what the server says in the network's own row (its notices, the MOTD).
      guard message.kind != .status, list.entry(conversation)?.kind != .network else { continue }
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

  /// History was played back into `id` (a chathistory batch, a bouncer's buffer): a private
  /// chat not in the sidebar joins it, as a live private message would; whatever is listed
  /// and not open then reads its unread count from the store (`loadUnread`).
  public mutating func merged(
    _ id: String, row: (String) -> (name: String, kind: ConversationList.Kind)?
  ) -> (effects: [Effect], loadUnread: Bool) {
    var effects: [Effect] = []
    if !list.contains(id), let row = row(id), row.kind == .privateChat {
      effects = keep(id: id, name: row.name, kind: row.kind)
    }
    return (effects, id != list.activeID && list.contains(id))
  }

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
