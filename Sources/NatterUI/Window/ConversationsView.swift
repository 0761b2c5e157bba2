import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterSession
import NatterStore

/// Conversations (SPEC §10) bound to the window: the sidebar, the stack of transcripts, the
/// quick switcher and the header's topic and members. `ConversationsController` decides
/// opening, leaving, renaming and where what arrives goes; this performs its steps on the
/// widgets, the store and the IRC client. Each conversation opened so far keeps its
/// transcript (and so its scroll position and search); only the open one shows.
@MainActor
final class ConversationsView {
  private let session: ChatSession
  /// One client per network that is on, in the sidebar's order.
  private(set) var clients: [IRCClient]
  /// The networks, on and off, in the sidebar's order (an off one keeps its conversations).
  private(set) var networks: [NetworkAccount]
  private let composer: ComposerView
  private let header: WindowHeader
  private let window: UnsafeMutablePointer<GtkWindow>
  /// The row the sidebar goes into, before the conversation column.
  private let split: UnsafeMutablePointer<GtkWidget>
  /// Holds the quick switcher's card over the window.
  private let overlay: UnsafeMutablePointer<GtkWidget>
  /// The window's: what its first frame does not show waits for it.
  private let afterFirstFrame: AfterFirstFrame
  let transcriptStack: Widget
  private(set) var transcripts: [String: TranscriptView] = [:]
  /// Opening, leaving and renaming conversations.
  private(set) var switching = ConversationsController()
  /// The sidebar's rows and which conversation is open.
  var list: ConversationList { switching.list }
  /// Members, topics and recent speakers of the conversations.
  private(set) var roster = ConversationRoster()
  private var sidebarVisibility = SidebarVisibility()
  /// The conversations sidebar once it has been shown: without an account there is only
  /// `Notes`, and the sidebar stays hidden and unmade (issue 19).
  private var madeSidebar: ConversationSidebar?
  /// Ctrl+K's card, made the first time it opens.
  private(set) lazy var switcher: QuickSwitcher = {
    let switcher = QuickSwitcher()
    switcher.onOpen = { [unowned self] id in open(id) }
    switcher.onClosed = { [unowned self] in composer.focusText() }
    gtk_overlay_add_overlay(OpaquePointer(overlay), switcher.widget)
    return switcher
  }()

  /// The open conversation changed, or what the header says of it: the window updates the
  /// connection line and its actions.
  var onActiveChanged: () -> Void = {}
  /// A transcript's search opened or closed.
  var onSearchModeChanged: () -> Void = {}
  /// A transcript hit a damaged history.
  var onDamagedHistory: () -> Void = {}
  /// A message could not be stored, so it was not sent (the window says so).
  var onSendFailed: (Error) -> Void = { _ in }
  /// A soju bouncer (the network with this id) listed or changed its networks: the
  /// application makes them networks of ours (`applyBouncer`).
  var onBouncerNetworks: (String, IRCEvent) -> Void = { _, _ in }
  /// `/ignore` or `/unignore` changed a network's list (by id): the application keeps it.
  var onIgnoredChanged: (String, [String]) -> Void = { _, _ in }
  /// What others see when `/quit` has no reason of its own (Preferences' quit message).
  var quitMessage = ""
  /// The channel browser open for each network, by network id.
  private var channelBrowsers: [String: ChannelBrowser] = [:]

  init(
    session: ChatSession, networks: [NetworkAccount], clients: [IRCClient],
    composer: ComposerView, header: WindowHeader,
    window: UnsafeMutablePointer<GtkWindow>, split: UnsafeMutablePointer<GtkWidget>,
    overlay: UnsafeMutablePointer<GtkWidget>, afterFirstFrame: AfterFirstFrame
  ) {
    self.session = session
    self.networks = networks
    self.clients = clients
    self.composer = composer
    self.header = header
    self.window = window
    self.split = split
    self.overlay = overlay
    self.afterFirstFrame = afterFirstFrame
    transcriptStack = Widget(gtk_stack_new())
    gtk_widget_set_vexpand(transcriptStack.widget, 1)
  }

  /// The open conversation's transcript.
  var transcript: TranscriptView {
    transcripts[list.activeID] ?? showTranscript(for: list.activeID)
  }

  /// The sidebar, made (listing the conversations) when first asked for.
  var sidebar: ConversationSidebar {
    if let madeSidebar { return madeSidebar }
    let sidebar = ConversationSidebar()
    let separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)
    gtk_box_prepend(cast(split), separator)
    gtk_box_prepend(cast(split), sidebar.widget)
    sidebar.separator = separator
    sidebar.onOpen = { [unowned self] id in open(id) }
    madeSidebar = sidebar
    // The rows below the first screen are made once it is on screen.
    sidebar.rowLimit = sidebarFirstScreen.mostRows
    afterFirstFrame.run { [weak self, weak sidebar] in
      sidebar?.rowLimit = nil
      self?.updateSidebar()
    }
    sidebar.show(list)
    return sidebar
  }

  /// What the sidebar's first frame can show: the window less its header bar, in rows at
  /// least a composer line tall (the same font as the rows' names).
  private var sidebarFirstScreen: SidebarFirstScreen {
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(window, &width, &height)
    var bar: Int32 = 0
    gtk_widget_measure(header.bar.widget, GTK_ORIENTATION_VERTICAL, width, nil, &bar, nil, nil)
    return SidebarFirstScreen(height: Int(height - bar), lineHeight: Int(composer.lineHeight()))
  }

  /// The sidebar lists the conversations as they are now, if it has been made.
  func updateSidebar() { madeSidebar?.show(list) }

  /// Shows or hides the sidebar; it is made only to be shown.
  func showSidebar(_ shown: Bool) {
    guard shown || madeSidebar != nil else { return }
    // F9 or a narrower window, with the focus in the sidebar: typing goes on in the composer.
    let focusLeaves = !shown && sidebar.hasFocusWithin
    sidebar.isShown = shown
    if focusLeaves { composer.focusText() }
  }

  /// The saved draft in the composer in place of what it holds; a long one a piece at a time,
  /// as a paste goes in, with paragraphs too long to lay out folded (issue 13).
  func restoreDraft(_ draft: Draft) {
    guard LongLineFold.restoresInPieces(draft) else {
      composer.replaceDraft(draft)
      if composer.foldLongLines() { composer.showNotice(LongLineFold.notice) }
      return
    }
    composer.replaceDraft(Draft(chips: draft.chips))
    composer.paste(draft.text, from: nil, undoable: false)
  }

  // MARK: The list

  /// `Notes`, then each network: its own row, its channels and private chats (the ones the
  /// user has open in the store, and the account's channels unless the user left them).
  func loadConversations() {
    guard !networks.isEmpty else { return }
    switching.setNetworks(networks.map { ($0.id, $0.name) })
    load(networks)
  }

  /// Lists the conversations of `loading` (networks just added or turned on, or every one
  /// at the start), joins their channels and reads what is unread in them.
  private func load(_ loading: [NetworkAccount]) {
    let store = session.store
    let open = (try? store.openConversations()) ?? []
    let closed = Set((try? store.closedConversations()) ?? [])
    let lastOpened = (try? store.lastOpenedConversation()) ?? nil
    for network in loading {
      let irc = clients.first { $0.networkID == network.id }
      let start = switching.start(
        accountChannels: network.url.channels.map {
          (irc?.conversation(for: $0) ?? network.url.conversation($0), $0)
        },
        open: open.filter { self.network(of: $0)?.id == network.id },
        closed: closed, lastOpened: lastOpened,
        row: { [unowned self] in row(of: $0) })
      start.joins.forEach { irc?.join($0) }
      start.parts.forEach { irc?.part($0) }
      if let irc {
        updateNetworkRow(irc)
      } else {
        switching.setDetail(localized("Off"), of: network.id)
      }
    }
    let ids = Set(loading.map(\.id))
    // The open one counts nothing unread (the window marks where its new messages begin).
    let order = sidebarFirstScreen.unreadOrder(list.entries, activeID: list.activeID) {
      $0.network.map(ids.contains) == true
    }
    order.now.forEach { loadUnread($0) }
    afterFirstFrame.run { [weak self] in self?.loadUnread(order.later[...]) }
  }

  /// The unread counts of `conversations`, a batch per main-loop turn, each batch shown.
  private func loadUnread(_ conversations: ArraySlice<String>) {
    guard !conversations.isEmpty else { return }
    conversations.prefix(SidebarFirstScreen.unreadBatch).forEach { loadUnread($0) }
    updateSidebar()
    let rest = conversations.dropFirst(SidebarFirstScreen.unreadBatch)
    guard !rest.isEmpty else { return }
    MainLoop.idle { [weak self] in self?.loadUnread(rest) }
  }

  /// The networks changed while the window runs (Preferences, another `--connect`): a
  /// network gone, turned off or changed loses its client, which `quit` says goodbye with; a
  /// new, turned on or changed one gets a client from `make`, which `start` connects. Every
  /// other network keeps its connection as it is, except those `restarting` names (a new
  /// password).
  func updateNetworks(
    _ updated: [NetworkAccount], restarting: Set<String> = [], make: (NetworkAccount) -> IRCClient,
    quit: (IRCClient) -> Void, start: (NetworkAccount, IRCClient) -> Void
  ) {
    let old = networks
    let open = list.activeID
    if !composer.isPasting { session.saveDraft(composer.draft, for: open) }
    networks = updated
    let changes = NetworkChanges(
      from: old, to: updated, running: clients.map(\.networkID), restarting: restarting)
    let kept = clients.filter { changes.kept.contains($0.networkID) }
    for client in kept {
      if let network = updated.first(where: { $0.id == client.networkID }) {
        client.name = network.name
      }
    }
    for client in clients where changes.quit.contains(client.networkID) {
      client.statusConversation = nil
      quit(client)
    }
    let made = updated.filter { changes.made.contains($0.id) }.map { ($0, make($0)) }
    clients = updated.compactMap { network in
      kept.first { $0.networkID == network.id } ?? made.first { $0.0.id == network.id }?.1
    }
    switching.setNetworks(updated.map { ($0.id, $0.name) })
    load(updated.filter { changes.reloaded.contains($0.id) })
    for (id, view) in transcripts where !list.contains(id) {
      roster.forget(id)
      transcripts[id] = nil
      gtk_stack_remove(transcriptStack.opaque, view.widget)
    }
    if list.activeID != open {
      showTranscript(for: list.activeID)
      restoreDraft(session.loadDraft(for: list.activeID))
    }
    conversationChanged()
    for (network, client) in made { start(network, client) }
  }

  /// The client of the network `conversation` is on, nil for `Notes` or a network that is off.
  /// The composer's text changed (its first characters) or was sent: typing notifications
  /// for the conversation on screen, paced by its network.
  func composerChanged(_ probe: String, sent: Bool) {
    client(for: list.activeID)?.composerChanged(in: list.activeID, text: probe, sent: sent)
  }

  /// How many lines sending `body` here asks about first (`LongPasteRule`); nil: none.
  func linesToConfirm(_ body: String) -> Int? {
    list.active.flatMap { LongPasteRule.linesToConfirm(body, in: $0.kind) }
  }

  /// The long-paste question for the conversation on screen, named as the sidebar names it.
  func longPasteQuestion(lines: Int) -> (title: String, detail: String) {
    let together = client(for: list.activeID)?.sendsLinesTogether ?? false
    return (
      LongPasteRule.question(lines: lines, to: list.active?.name ?? ""),
      LongPasteRule.detail(asOneMessage: together)
    )
  }

  func client(for conversation: String) -> IRCClient? {
    guard let network = network(of: conversation) else { return nil }
    return clients.first { $0.networkID == network.id }
  }

  /// The network account `conversation` is on: the one whose id its id starts with. Read
  /// from the networks, never from `switching`, which may be mid-change when this is asked.
  func network(of conversation: String) -> NetworkAccount? {
    let id = ConversationList.network(of: conversation, among: networks.map(\.id))
    return networks.first { $0.id == id }
  }

  /// Where a conversation is, as a search of every conversation says it.
  func placeName(of conversation: String) -> String {
    ConversationPlace.name(of: conversation, among: networks)
  }

  /// A network row shows its client's state: connected, connecting, offline with what waits,
  /// disconnected with the reason.
  func updateNetworkRow(_ client: IRCClient) {
    let detail = client.state.networkDetail(waiting: client.waiting)
    guard list.entry(client.networkID)?.detail != detail else { return }
    switching.setDetail(detail, of: client.networkID)
    updateSidebar()
  }

  /// The unread count of `conversation` from the store's read marker (at start, and after a
  /// server played back history); for the open one, where the `New messages` line goes.
  @discardableResult
  func loadUnread(_ conversation: String) -> String? {
    // The markers count from; the counts waiting are kept with the next frame's writes, not
    // one write (and one wait for the disk) for each count read before it.
    writePending(countsToo: false)
    guard let irc = client(for: conversation),
      let unread = try? session.store.unread(in: conversation, me: irc.nick)
    else {
      return nil
    }
    switching.setUnread(
      in: conversation, count: unread.count, firstID: unread.firstID,
      mentioned: unread.mentioned)
    if let counted = unread.counted { keepAfterNextFrame(counted) }
    return unread.firstID
  }

  /// The user has seen `conversation` up to its newest message.
  func markRead(_ conversation: String) {
    guard conversation != Message.notes else { return }
    writePending()
    do {
      try session.store.markRead(conversation)
    } catch {
      Log.warning("could not keep the read marker of \(conversation): \(error)")
    }
  }

  /// Writes that wait until a frame is painted, because each waits for the disk (6 ms median
  /// here, up to 16 ms): the read markers and the conversation opened by a switch, which held
  /// every switch back by two such waits, and the unread counts made by reading messages,
  /// kept so that the next start reads them rather than counting again (issue 32). They are
  /// written in one transaction, so they wait once.
  private var pendingWrites: [(MessageStore) throws -> Void] = []
  private var countsToKeep: [MessageStore.UnreadCounted] = []
  private var writesAwaitFrame = false

  /// `write` after the next frame, with the other pending writes; the state it writes is
  /// taken by the caller now.
  private func writeAfterNextFrame(_ write: @escaping (MessageStore) throws -> Void) {
    pendingWrites.append(write)
    writeAfterNextFrame()
  }

  private func keepAfterNextFrame(_ counted: MessageStore.UnreadCounted) {
    countsToKeep.append(counted)
    writeAfterNextFrame()
  }

  private func writeAfterNextFrame() {
    guard !writesAwaitFrame else { return }
    writesAwaitFrame = true
    AfterNextFrame.run(of: raw(window).assumingMemoryBound(to: GtkWidget.self)) {
      [weak self] in
      self?.writesAwaitFrame = false
      self?.writePending()
    }
  }

  /// Writes what waits for a frame now: at quit, and before read markers are counted from
  /// (`countsToo` false: a count kept late is only a count made again at the next start).
  func writePending(countsToo: Bool = true) {
    let writes = pendingWrites
    let counts = countsToo ? countsToKeep : []
    guard !writes.isEmpty || !counts.isEmpty else { return }
    pendingWrites = []
    if countsToo { countsToKeep = [] }
    let store = session.store
    do {
      try store.inOneTransaction {
        try writes.forEach { try $0(store) }
        try store.keepUnread(counts)
      }
    } catch {
      Log.warning(
        "could not keep the read markers, unread counts and conversation opened: \(error)")
    }
  }

  /// The read marker of `conversation` where it is now, written after the next frame.
  private func markReadAfterNextFrame(_ conversation: String) {
    guard conversation != Message.notes else { return }
    do {
      guard let cursor = try session.store.readCursor(of: conversation) else { return }
      writeAfterNextFrame { try $0.markRead(conversation, upTo: cursor) }
    } catch {
      Log.warning("could not keep the read marker of \(conversation): \(error)")
    }
  }

  /// The channel or nickname a conversation is with, nil for `Notes` and a network's own row.
  func target(of conversation: String) -> String? {
    network(of: conversation)?.url.target(ofConversation: conversation)
  }

  /// Adds `conversation` and keeps it in the sidebar across restarts.
  func keepOpen(_ conversation: String) {
    guard let row = row(of: conversation) else { return }
    perform(switching.keep(id: conversation, name: row.name, kind: row.kind))
  }

  /// The sidebar row of a network's conversation: its target, and whether a channel or a
  /// private chat (a network that is off says channels by their `#`).
  func row(of conversation: String) -> (name: String, kind: ConversationList.Kind)? {
    guard let target = target(of: conversation) else { return nil }
    let isChannel =
      client(for: conversation)?.isChannel(target) ?? IRCSupport().isChannel(target)
    return (target, isChannel ? .channel : .privateChat)
  }

  // MARK: Switching

  /// What a transcript's first frame must fill: the window less the header bar and the
  /// composer, whose measures GTK keeps for the first frame's layout. The window's width is
  /// more than the rows have.
  private var firstScreen: FirstScreen {
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(window, &width, &height)
    for part in [header.bar.widget, composer.widget] {
      var natural: Int32 = 0
      gtk_widget_measure(part, GTK_ORIENTATION_VERTICAL, width, nil, &natural, nil, nil)
      height -= natural
    }
    return FirstScreen(
      height: Int(height), width: Int(width), lineHeight: Int(composer.lineHeight()))
  }

  /// The transcript of `conversation`, made the first time it is opened, shown in the stack.
  @discardableResult
  func showTranscript(for conversation: String) -> TranscriptView {
    let view: TranscriptView
    if let made = transcripts[conversation] {
      view = made
    } else {
      view = TranscriptView(
        store: session.store, conversation: conversation, screen: firstScreen)
      view.onRetry = { [unowned self] message in
        guard let client = client(for: message.conversation) else {
          // A network turned off keeps its refused messages; Retry says why it cannot send.
          if let refusal = switching.refusal(
            toSendIn: message.conversation, networkIsOn: false,
            networkName: network(of: message.conversation)?.name ?? "")
          {
            composer.showNotice(refusal)
          }
          return
        }
        client.retry(message)
      }
      view.onSearchClosed = { [unowned self] in composer.focusText() }
      if !networks.isEmpty {
        view.conversationName = { [unowned self] id in placeName(of: id) }
      }
      view.onReachedTop = { [unowned self] in
        client(for: conversation)?.fetchOlder(in: conversation)
      }
      view.onSearchModeChanged = { [unowned self] in onSearchModeChanged() }
      view.me = { [unowned self] message in
        client(for: message.conversation)?.nick ?? session.sender
      }
      view.aboutSender = { [unowned self] message in
        guard let irc = client(for: message.conversation) else { return nil }
        return IRCMember.about(
          message.sender, among: roster.memberList(of: message.conversation),
          casemapping: irc.casemapping)
      }
      view.onOpenResult = { [unowned self, unowned view] message in
        view.closeSearch()
        if message.conversation != list.activeID { open(message.conversation) }
        showTranscript(for: message.conversation).reveal(message)
      }
      // The page cache first (no read for a parent on screen), then the store, which finds
      // a parent anywhere in the conversation's history.
      let cached = view.parentLookup
      view.parentLookup = { [unowned self] msgid, conversation in
        cached(msgid, conversation) ?? (try? session.store.message(msgid: msgid, in: conversation))
      }
      view.onReply = { [unowned self] message in composer.beginReply(to: message) }
      view.onReact = { [unowned self] message, emoji, remove in
        client(for: message.conversation)?.react(to: message, with: emoji, remove: remove)
      }
      view.onLeaveSelection = { [unowned self] in composer.focusText() }
      view.onReadError = { [weak self] error in
        guard case StoreError.corrupt = error else { return }
        // Not inside the list's row binding that hit the damage: the model is replaced.
        MainLoop.idle { [weak self] in self?.onDamagedHistory() }
      }
      transcripts[conversation] = view
      gtk_stack_add_child(transcriptStack.opaque, view.widget)
      rememberSpeakers(in: conversation)
    }
    // Hidden, not only covered: screen readers (and the tests) then see one `Messages` list.
    for (id, other) in transcripts { other.isVisible = id == conversation }
    gtk_stack_set_visible_child(transcriptStack.opaque, view.widget)
    return view
  }

  /// Who spoke lately in `conversation`, from its newest page, so Tab completes them first
  /// from the start (later messages keep the order up to date).
  func rememberSpeakers(in conversation: String) {
    guard conversation != Message.notes,
      let newest = try? session.store.messages(in: conversation, .older, from: nil, limit: 50)
    else { return }
    for message in newest.reversed() where message.kind != .status {
      roster.spoke(message.sender, in: conversation)
    }
  }

  /// Opens `conversation`: the composer saves the draft it had and shows this one's, the
  /// transcript comes back where it was left with `New messages` above what arrived since.
  /// Nothing here reads more than a page, so a huge conversation opens like an empty one.
  func open(_ conversation: String) {
    let started = Date()
    // A long paste goes in a piece per main-loop turn into this composer; its text belongs
    // to this conversation's draft.
    perform(switching.open(conversation, pasting: composer.isPasting))
    let milliseconds = Date().timeIntervalSince(started) * 1000
    Log.debug("opened \(conversation) in \(String(format: "%.1f", milliseconds)) ms")
  }

  /// Performs the conversations controller's steps, in order.
  func perform(_ effects: [ConversationsController.Effect]) {
    for effect in effects {
      switch effect {
      case .saveDraft(let conversation):
        session.saveDraft(composer.draft, for: conversation)
      case .markRead(let conversation):
        markReadAfterNextFrame(conversation)
      case .noteOpened(let conversation):
        let now = Date()
        writeAfterNextFrame { try $0.noteOpened(conversation, at: now) }
      case .showTranscript(let conversation, let firstUnread):
        showTranscript(for: conversation).markFirstUnread(firstUnread)
      case .restoreDraft(let conversation):
        restoreDraft(session.loadDraft(for: conversation))
      case .forget(let conversation):
        roster.forget(conversation)
        if let view = transcripts.removeValue(forKey: conversation) {
          gtk_stack_remove(transcriptStack.opaque, view.widget)
        }
      case .part(let conversation, let channel, let reason):
        client(for: conversation)?.part(channel, reason: reason)
      case .keepOpen(let conversation, let open):
        try? session.store.setOpen(conversation, open)
      case .conversationChanged:
        conversationChanged()
      case .sidebarChanged:
        updateSidebar()
      case .conversationsAdded:
        updateSidebar()
        showSidebar(sidebarVisibility.conversationsChanged(count: list.entries.count))
      case .spoke(let sender, let conversation):
        roster.spoke(sender, in: conversation)
      case .append(let conversation, let messages):
        transcripts[conversation]?.append(contentsOf: messages)
      case .focusComposer:
        composer.focusText()
      case .notice(let sentence):
        composer.showNotice(sentence)
      case .showText(let text):
        composer.showNotice(text, isProblem: false, seconds: 15)
      case .list(let conversation):
        keepOpen(conversation)
      case .deliver:
        break  // `run(_:typed:)` delivers it, with the typed message's id and chips
      case .join(let conversation, let channel, let key):
        client(for: conversation)?.join(channel, key: key)
      case .write(let conversation, let line):
        client(for: conversation)?.write(line)
      case .browseChannels(let conversation, let filter):
        browseChannels(of: conversation, filter: filter)
      case .ignore(let conversation, let request):
        changeIgnored(of: conversation, request)
      case .disconnect(let conversation, let reason):
        client(for: conversation)?.disconnect(reason: reason ?? quitMessage)
      case .clearDraft(let conversation):
        // It must not come back after a restart or a kill.
        session.saveDraft(Draft(), for: conversation)
      case .afterComposerCleared(.open(let conversation)):
        MainLoop.idle { [weak self] in self?.open(conversation) }
      case .afterComposerCleared(.leave(let conversation, let reason)):
        MainLoop.idle { [weak self] in self?.leave(conversation, reason: reason) }
      }
    }
  }

  /// Shows what depends on the open conversation: sidebar selection, header, status lines.
  func conversationChanged() {
    updateSidebar()
    showSidebar(sidebarVisibility.conversationsChanged(count: list.entries.count))
    for client in clients {
      client.statusConversation = switching.statusConversation(on: client.networkID)
      client.watch(list.privateChats(on: client.networkID))
      client.showing(list.activeID)
    }
    updateHeader()
    onActiveChanged()
  }

  /// The topic under the connection state, and the members button, for the open channel.
  func updateHeader() {
    let shown = switching.header(roster)
    header.showConversation(
      topic: shown.topic, members: shown.members, me: client(for: list.activeID)?.nick)
  }

  /// A private chat with `nick` on the open conversation's network, listed and opened, the
  /// composer ready for the first message.
  func openPrivateChat(with nick: String) {
    guard let irc = client(for: list.activeID) else { return }
    perform(
      switching.openPrivateChat(
        irc.conversation(for: nick), nick: nick, pasting: composer.isPasting))
    composer.focusText()
  }

  /// Leaves `conversation`: a channel is parted, a private chat closed. Its messages and
  /// draft stay stored and come back when it is opened again.
  func leave(_ conversation: String, reason: String? = nil) {
    perform(switching.leave(conversation, reason: reason, pasting: composer.isPasting))
  }

  /// Ctrl+Shift+W: asks before leaving, saying that nothing is lost.
  func confirmLeave() {
    switch switching.leaveQuestion {
    case .notice(let sentence):
      composer.showNotice(sentence)
    case .ask(let id, let question, let detail, let action):
      ConfirmDialog.ask(question, detail: detail, action: action, over: window) {
        [weak self] confirmed in
        if confirmed { self?.leave(id) }
        self?.composer.focusText()
      }
    }
  }

  // MARK: What arrives

  /// Messages the server sent, stored: the conversations controller decides where each goes.
  func received(_ messages: [Message], from irc: IRCClient) {
    perform(
      switching.received(
        messages, isOwn: { irc.casemapping.equal($0.sender, irc.nick) },
        row: { [unowned self] in row(of: $0) }))
  }

  /// The server played back history into `conversation`: its transcript reloads, and what is
  /// newer than what was seen counts as unread.
  func merged(_ conversation: String) {
    // A page asked for at the top goes above the rows on screen; any other playback (a
    // reconnect's, a bouncer's) reloads from the newest.
    if loadingOlder.contains(conversation) {
      transcripts[conversation]?.olderHistoryArrived()
    } else {
      transcripts[conversation]?.reloadHistory()
    }
    let merged = switching.merged(conversation) { [unowned self] in row(of: $0) }
    perform(merged.effects)
    if merged.loadUnread {
      loadUnread(conversation)
      updateSidebar()
    }
  }

  /// Conversations waiting for a page of older history.
  private(set) var loadingOlder: Set<String> = []

  /// A page of older history was asked for, or has come.
  func historyLoading(_ conversation: String, _ loading: Bool) {
    if loading { loadingOlder.insert(conversation) } else { loadingOlder.remove(conversation) }
    transcripts[conversation]?.showLoadingOlder(loading)
  }

  /// Every transcript reads the history again (another process wrote it, or it was replaced).
  func reloadHistories() {
    transcripts.values.forEach { $0.reloadHistory() }
  }

  /// Joins, parts, members and topics from the server.
  func handle(_ event: IRCEvent, from irc: IRCClient) {
    switch event {
    case .joined(let channel):
      perform(
        switching.joined(
          irc.conversation(for: channel), name: channel, pasting: composer.isPasting))
      BenchProbe.channelJoined()
    case .parted(let channel), .kicked(let channel, _, _):
      // Our own `/part` took the channel out already; one still listed was left by the
      // server's doing (a kick, an operator's part). It stays, marked, with `Rejoin`: a
      // `PART` now would only earn a 442.
      markLeft(irc.conversation(for: channel), true)
    case .members(let channel, let members):
      let conversation = irc.conversation(for: channel)
      roster.setMembers(inFoldedOrder: members, of: conversation)
      if conversation == list.activeID { updateHeader() }
      BenchProbe.membersListed(members.count)
    case .topic(let channel, let text):
      let conversation = irc.conversation(for: channel)
      roster.setTopic(text, of: conversation)
      if conversation == list.activeID { updateHeader() }
    case .bouncerNetworks, .bouncerNetworkChanged:
      onBouncerNetworks(irc.networkID, event)
    case .channelList(let channels, let complete):
      channelBrowsers[irc.networkID]?.show(channels, complete: complete)
    default:
      break
    }
  }

  // MARK: Channels and ignores

  /// `/list`: the network's channel browser, asking the server for its channels.
  private func browseChannels(of conversation: String, filter: String?) {
    guard let irc = client(for: conversation), irc.state == .ready else {
      composer.showNotice(
        localized(
          "{network} is not connected, so it cannot list its channels.",
          ["network": network(of: conversation)?.name ?? ""]))
      return
    }
    channelBrowsers[irc.networkID]?.close()
    let browser = ChannelBrowser(network: irc.name, filter: filter, over: window)
    let id = irc.networkID
    browser.onJoin = { [unowned self] channel in
      guard let irc = clients.first(where: { $0.networkID == id }) else { return }
      perform(switching.join(channel, id: irc.conversation(for: channel)))
      composer.focusText()
    }
    browser.onClose = { [weak self, weak browser] in
      guard let self, channelBrowsers[id] === browser else { return }
      channelBrowsers[id] = nil
      composer.focusText()
    }
    channelBrowsers[id] = browser
    browser.present()
    irc.listChannels()
  }

  /// `/ignore` and `/unignore`: the network's list changes (and is kept), or is listed.
  private func changeIgnored(of conversation: String, _ request: CommandPlan.IgnoreRequest) {
    guard let irc = client(for: conversation),
      let index = networks.firstIndex(where: { $0.id == irc.networkID })
    else { return }
    var ignored = IRCIgnoreList(networks[index].ignored)
    let change: IRCIgnoreList.Change
    switch request {
    case .list:
      composer.showNotice(ignored.listing, isProblem: false, seconds: 15)
      return
    case .add(let who): change = ignored.add(who, casemapping: irc.casemapping)
    case .remove(let who): change = ignored.remove(who, casemapping: irc.casemapping)
    }
    composer.showNotice(change.sentence, isProblem: !change.changed, seconds: 10)
    guard change.changed else { return }
    networks[index].ignored = ignored.masks
    irc.ignore(ignored.masks)
    onIgnoredChanged(irc.networkID, ignored.masks)
  }

  /// Shows `conversation` as left (with `Rejoin` while it is open) or as joined again.
  func markLeft(_ conversation: String, _ left: Bool) {
    perform(switching.markLeft(conversation, left))
  }

  /// `Rejoin` on a channel we were removed from: joined again, and after every reconnect.
  func rejoin() {
    guard let channel = switching.rejoinChannel else { return }
    client(for: list.activeID)?.join(channel)
    composer.focusText()
  }

  /// The private chat `old` is now `new` (its person changed nickname; the store has moved its
  /// messages): the sidebar row is renamed, and the open transcript shows it under its new id.
  func followRename(from old: String, to new: String, name: String) {
    perform(switching.rename(old, to: new, name: name))
  }

  // MARK: Keys and the sidebar

  /// The window's width as the user left it (GTK 4 keeps `default-width` at the current size).
  var windowWidth: Int {
    // GTK 4.8 writes both sizes: neither pointer may be NULL.
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(window, &width, &height)
    return Int(width)
  }

  /// The `win.*` actions of conversations, made on `window`.
  func makeActions(in window: Signal.Pointer) -> [Action] {
    var actions = [
      Action("switch-conversation", in: window) { [unowned self] in
        switcher.open(
          list.entries,
          networkNames: Dictionary(networks.map { ($0.id, $0.name) }) { first, _ in first })
      },
      Action("previous-conversation", in: window) { [unowned self] in
        open(list.id(offsetFromActive: -1))
      },
      Action("next-conversation", in: window) { [unowned self] in
        open(list.id(offsetFromActive: 1))
      },
      Action("toggle-sidebar", in: window) { [unowned self] in
        showSidebar(sidebarVisibility.toggle())
        Log.debug("sidebar shown: \(sidebarVisibility.isShown)")
      },
      Action("close-conversation", in: window) { [unowned self] in confirmLeave() },
    ]
    for n in 1...9 {
      actions.append(
        Action("conversation-\(n)", in: window) { [unowned self] in
          if let id = list.id(atPosition: n) { open(id) }
        })
    }
    Signal.connect(window, "notify::default-width") { [unowned self] (_: Signal.Pointer?) in
      showSidebar(sidebarVisibility.widthChanged(windowWidth))
    }
    showSidebar(sidebarVisibility.widthChanged(windowWidth))
    conversationChanged()
    return actions
  }

  // MARK: Sending

  /// Stores `message` in `conversation` and shows it: in `Notes` as sent, on IRC as pending
  /// until the server's echo. False (with a banner) when it could not be stored.
  func deliver(_ message: Message, to conversation: String, replyingTo parent: Message? = nil)
    -> Bool
  {
    if let refusal = switching.refusal(
      toSendIn: conversation, networkIsOn: client(for: conversation) != nil,
      networkName: network(of: conversation)?.name ?? "")
    {
      composer.showNotice(refusal)
      return false
    }
    do {
      // Stored first: a message on screen is a message on disk (on IRC, pending until the
      // server's echo).
      let store = { [unowned self] () throws -> Message in
        if let irc = client(for: conversation), let target = target(of: conversation) {
          return try irc.send(message, to: target, replyingTo: parent)
        }
        return try session.send(message)
      }
      let stored: Message
      do {
        stored = try store()
      } catch StoreError.corrupt {
        // The history is damaged: replace it with what can be salvaged, then send again.
        onDamagedHistory()
        stored = try store()
      }
      BenchProbe.stored(stored.body)
      transcripts[stored.conversation]?.append(stored, own: true)
      // The sent text must not come back as a draft if the app dies before the next save.
      if conversation == list.activeID {
        session.saveDraft(Draft(), for: conversation)
      }
      return true
    } catch {
      Log.warning("could not store a message: \(error)")
      onSendFailed(error)
      return false
    }
  }

  /// Runs `command`, typed as `typed` (its chips and id are kept for a message it sends).
  /// Returns whether the composer may clear: false keeps the draft (a notice says why).
  func run(_ command: SlashCommand, typed: Message) -> Bool {
    let active = list.activeID
    let kind = list.active?.kind ?? .notes
    let client = client(for: active)
    let plan = CommandPlan.plan(
      command, in: client == nil ? .notes : kind, target: target(of: active),
      topic: roster.topic(of: active))
    let steps = switching.run(plan) { client?.conversation(for: $0) ?? $0 }
    for step in steps {
      switch step {
      case .notice(let sentence):
        composer.showNotice(sentence)
        return false
      case .deliver(let conversation, let text, let isAction):
        var message = typed
        message.body = text
        message.kind = isAction ? .action : .message
        guard deliver(message, to: conversation) else { return false }
      default:
        perform([step])
      }
    }
    return true
  }
}
