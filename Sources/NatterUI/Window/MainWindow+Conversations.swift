import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterSession
import NatterStore

/// Conversations (SPEC §10): the sidebar, switching with its draft, scroll position and
/// `New messages` line kept per conversation, and what the server says about each one.
extension MainWindow {
  // MARK: The list

  /// `Notes`, then the account's channels and private chats: the ones the user has open in
  /// the store, and the account's channels unless the user left them.
  func loadConversations() {
    guard let irc else { return }
    let store = session.store
    let start = switching.start(
      accountChannels: irc.url.channels.map { (irc.conversation(for: $0), $0) },
      open: ((try? store.openConversations()) ?? []).filter { target(of: $0) != nil },
      closed: Set((try? store.closedConversations()) ?? []),
      lastOpened: (try? store.lastOpenedConversation()) ?? nil,
      row: { [unowned self] in row(of: $0) })
    start.joins.forEach { irc.join($0) }
    start.parts.forEach { irc.part($0) }
    for entry in conversations.entries where entry.kind != .notes {
      loadUnread(entry.id)
    }
  }

  /// The unread count of `conversation` from the store's read marker (at start, and after a
  /// server played back history); for the open one, where the `New messages` line goes.
  @discardableResult
  func loadUnread(_ conversation: String) -> String? {
    guard let irc, let unread = try? session.store.unread(in: conversation, me: irc.nick) else {
      return nil
    }
    switching.setUnread(
      in: conversation, count: unread.count, firstID: unread.firstID,
      mentioned: unread.mentioned)
    return unread.firstID
  }

  /// The user has seen `conversation` up to its newest message.
  func markRead(_ conversation: String) {
    guard conversation != Message.notes else { return }
    do {
      try session.store.markRead(conversation)
    } catch {
      Log.warning("could not keep the read marker of \(conversation): \(error)")
    }
  }

  /// The channel or nickname a conversation is with, nil for `Notes` (or another server's).
  func target(of conversation: String) -> String? {
    irc?.url.target(ofConversation: conversation)
  }

  /// Adds `conversation` and keeps it in the sidebar across restarts.
  func keepOpen(_ conversation: String) {
    guard let row = row(of: conversation) else { return }
    perform(switching.keep(id: conversation, name: row.name, kind: row.kind))
  }

  /// The sidebar row of one of this server's conversations: its target, and whether a
  /// channel or a private chat.
  func row(of conversation: String) -> (name: String, kind: ConversationList.Kind)? {
    guard let irc, let target = target(of: conversation) else { return nil }
    return (target, irc.isChannel(target) ? .channel : .privateChat)
  }

  // MARK: Switching

  /// What a transcript's first frame must fill: the window less the header bar and the
  /// composer, whose measures GTK keeps for the first frame's layout. The window's width is
  /// more than the rows have.
  private var firstScreen: FirstScreen {
    var width: Int32 = 0
    var height: Int32 = 0
    gtk_window_get_default_size(window, &width, &height)
    for part in [headerBar, composer.widget] {
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
      view.onRetry = { [unowned self] message in irc?.retry(message) }
      view.onSearchClosed = { [unowned self] in composer.focusText() }
      view.onSearchModeChanged = { [unowned self] in updateActionStates() }
      view.onReadError = { [weak self] error in
        guard case StoreError.corrupt = error else { return }
        // Not inside the list's row binding that hit the damage: the model is replaced.
        MainLoop.idle { [weak self] in self?.recoverFromCorruption() }
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
        markRead(conversation)
      case .noteOpened(let conversation):
        try? session.store.noteOpened(conversation)
      case .showTranscript(let conversation, let firstUnread):
        showTranscript(for: conversation).markFirstUnread(firstUnread)
      case .restoreDraft(let conversation):
        restoreDraft(session.loadDraft(for: conversation))
      case .forget(let conversation):
        roster.forget(conversation)
        if let view = transcripts.removeValue(forKey: conversation) {
          gtk_stack_remove(transcriptStack.opaque, view.widget)
        }
      case .part(let channel, let reason):
        irc?.part(channel, reason: reason)
      case .keepOpen(let conversation, let open):
        try? session.store.setOpen(conversation, open)
      case .conversationChanged:
        conversationChanged()
      case .sidebarChanged:
        updateSidebar()
      case .conversationsAdded:
        updateSidebar()
        showSidebar(sidebarVisibility.conversationsChanged(count: conversations.entries.count))
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
      case .join(let channel, let key):
        irc?.join(channel, key: key)
      case .write(let line):
        irc?.write(line)
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
    showSidebar(sidebarVisibility.conversationsChanged(count: conversations.entries.count))
    irc?.statusConversation =
      conversations.activeID == Message.notes ? nil : conversations.activeID
    updateHeader()
    updateConnectionStatus()
    updateActionStates()
  }

  /// The topic under the connection state, and the members button, for the open channel.
  func updateHeader() {
    let active = conversations.activeID
    let topic = roster.topic(of: active)
    gtk_label_set_text(topicLabel.opaque, topic)
    topicLabel.setAccessibleLabel(localized("Topic"))
    Accessible.setDescription(topicLabel.widget, topic)
    gtk_widget_set_tooltip_text(topicLabel.widget, topic.isEmpty ? nil : topic)
    topicLabel.isVisible = !topic.isEmpty
    let members = roster.memberList(of: active)
    membersButton.isVisible = conversations.active?.kind == .channel
    let list = members.isEmpty ? localized("No members known yet") : members.joined(separator: "\n")
    gtk_label_set_text(membersLabel.opaque, list)
    // GtkLabel names itself after its text on every change; the text is its description.
    membersLabel.setAccessibleLabel(localized("Member list"))
    Accessible.setDescription(membersLabel.widget, list)
    membersButton.setTooltip(localized("Members ({count})", ["count": String(members.count)]))
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
  func received(_ messages: [Message]) {
    guard let irc else { return }
    perform(
      switching.received(
        messages, isOwn: { irc.casemapping.equal($0.sender, irc.nick) },
        row: { [unowned self] in row(of: $0) }))
  }

  /// Joins, parts, members and topics from the server.
  func handle(_ event: IRCEvent) {
    guard let irc else { return }
    switch event {
    case .joined(let channel):
      perform(
        switching.joined(
          irc.conversation(for: channel), name: channel, pasting: composer.isPasting))
    case .parted(let channel), .kicked(let channel, _, _):
      // Our own `/part` took the channel out already; one still listed was left by the
      // server's doing (a kick, an operator's part). It stays, marked, with `Rejoin`: a
      // `PART` now would only earn a 442.
      markLeft(irc.conversation(for: channel), true)
    case .members(let channel, let members):
      roster.setMembers(members, of: irc.conversation(for: channel))
      if irc.conversation(for: channel) == conversations.activeID { updateHeader() }
    case .topic(let channel, let text):
      roster.setTopic(text, of: irc.conversation(for: channel))
      if irc.conversation(for: channel) == conversations.activeID { updateHeader() }
    default:
      break
    }
  }

  /// Shows `conversation` as left (with `Rejoin` while it is open) or as joined again.
  func markLeft(_ conversation: String, _ left: Bool) {
    perform(switching.markLeft(conversation, left))
  }

  /// `Rejoin` on a channel we were removed from: joined again, and after every reconnect.
  func rejoin() {
    guard let channel = switching.rejoinChannel else { return }
    irc?.join(channel)
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

  func bindConversations() {
    actions += [
      Action("switch-conversation", in: pointer) { [unowned self] in
        switcher.open(conversations.entries)
      },
      Action("previous-conversation", in: pointer) { [unowned self] in
        open(conversations.id(offsetFromActive: -1))
      },
      Action("next-conversation", in: pointer) { [unowned self] in
        open(conversations.id(offsetFromActive: 1))
      },
      Action("toggle-sidebar", in: pointer) { [unowned self] in
        showSidebar(sidebarVisibility.toggle())
        Log.debug("sidebar shown: \(sidebarVisibility.isShown)")
      },
      Action("close-conversation", in: pointer) { [unowned self] in confirmLeave() },
    ]
    for n in 1...9 {
      actions.append(
        Action("conversation-\(n)", in: pointer) { [unowned self] in
          if let id = conversations.id(atPosition: n) { open(id) }
        })
    }
    Signal.connect(pointer, "notify::default-width") { [unowned self] (_: Signal.Pointer?) in
      showSidebar(sidebarVisibility.widthChanged(windowWidth))
    }
    showSidebar(sidebarVisibility.widthChanged(windowWidth))
    conversationChanged()
  }
}
