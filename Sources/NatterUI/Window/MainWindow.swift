import CGtk
import GtkKit
import NatterCore
import NatterSession
import NatterStore

/// The one Natter window: header bar with the primary menu, an optional banner, the
/// conversations sidebar, the open conversation's transcript, and the composer pinned below.
@MainActor
final class MainWindow: Widget {
  let session: ChatSession
  let composer: ComposerView
  let header = WindowHeader()
  /// The sidebar, the transcripts and the switcher, bound to the conversations controller.
  let conversations: ConversationsView
  /// Made when it first has something to say, at the top of `content`.
  private(set) lazy var banner: BannerView = {
    let banner = BannerView()
    banner.onFocusLeft = { [unowned self] in composer.focusText() }
    gtk_box_prepend(cast(content), banner.widget)
    return banner
  }()
  /// The column of banner, transcripts and composer.
  private let content: UnsafeMutablePointer<GtkWidget>
  private var actions: [Action] = []
  /// Work the first frame does not need waits here for it.
  let afterFirstFrame = AfterFirstFrame()
  /// One client per network that is on; none while Natter is local history only.
  var clients: [IRCClient] { conversations.clients }
  private let application: UnsafeMutablePointer<GtkApplication>
  /// The user trusted a certificate for a server (replacing its old pin when it changed); the
  /// app saves the pin.
  var onTrustCertificate: (_ fingerprint: String, _ server: String, _ replacing: Bool) -> Void =
    { _, _, _ in }
  /// Preferences' `Send typing notifications`, for every client, also ones made later.
  private var sendsTyping = true
  /// Preferences' spelling languages (SPEC §14); empty: checking is off.
  private var spellingDefaults: [String] = []
  /// The languages each conversation chose for itself (the app gives the data folder's file).
  var spellingChoices = SpellingChoicesFile(file: nil)
  /// The dictionaries installed, once Enchant has listed them: the composer menu's languages.
  var installedDictionaries: [String] = [] {
    didSet { if installedDictionaries != oldValue { applySpelling() } }
  }
  /// Who is typing where (`IRCClient.onTyping`), so the line follows the open conversation.
  private var typing = ConversationTyping()
  /// The history's safety while the window runs: damage found, another process's writes.
  private lazy var historyWatch = HistoryWatch(
    session: session, banner: { [unowned self] in banner },
    reload: { [unowned self] in conversations.reloadHistories() })

  init(
    application: UnsafeMutablePointer<GtkApplication>, session: ChatSession,
    networks: [NetworkAccount] = [], clients: [IRCClient] = []
  ) {
    self.session = session
    self.application = application
    composer = ComposerView(controller: session.newComposer())
    content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    let overlay = gtk_overlay_new()
    let split = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
    guard let made = gtk_application_window_new(application), let split, let overlay else {
      fatalError("GTK could not make the window; is it initialised?")
    }
    conversations = ConversationsView(
      session: session, networks: networks, clients: clients, composer: composer,
      header: header,
      window: raw(made).assumingMemoryBound(to: GtkWindow.self),
      split: split, overlay: overlay, afterFirstFrame: afterFirstFrame)
    super.init(made)
    afterFirstFrame.watch(widget)
    gtk_window_set_title(window, AppInfo.name)
    gtk_window_set_default_size(window, Self.defaultSize.width, Self.defaultSize.height)
    gtk_widget_set_size_request(widget, 360, 300)
    gtk_window_set_titlebar(window, header.bar.widget)
    if !networks.isEmpty { header.showsConnection(after: afterFirstFrame) }

    gtk_box_append(cast(content), conversations.transcriptStack.widget)
    gtk_box_append(cast(content), composer.widget)
    gtk_widget_set_hexpand(content, 1)
    gtk_box_append(cast(split), content)
    gtk_overlay_set_child(OpaquePointer(overlay), split)
    gtk_window_set_child(window, overlay)
    composer.actions.insert(into: widget, prefix: "composer")
    BenchProbe.mark("widgets")
    conversations.loadConversations()
    let active = conversations.list.activeID
    let first = conversations.showTranscript(for: active)
    BenchProbe.mark("transcript")
    // What arrived in the open conversation since it was last seen, before this start.
    if let irc = conversations.client(for: active) {
      first.markFirstUnread((try? session.store.unread(in: active, me: irc.nick))?.firstID)
      // A write, synced to disk: not before the window is on screen.
      afterFirstFrame.run { [weak self] in self?.conversations.markRead(active) }
    }

    bindComposer()
    bindSpelling()
    bindIRC()
    historyWatch.watch(first)
    makeActions()
    if let message = session.banner {
      banner.show(message)
    } else if networks.isEmpty {
      // An empty Natter says how to reach anyone (SPEC §11), once the window is up.
      afterFirstFrame.run { [weak self] in self?.offerFirstNetwork() }
    }
    composer.seedTagHistory(session.recentTags())
    conversations.restoreDraft(session.loadDraft(for: active))

    // Closing saves the draft at once; the 500 ms debounce may not have fired yet. Not while a
    // paste (or a long draft's restore) is half in: the saved draft is then the whole one.
    Signal.connectReturning(pointer, "close-request") { [unowned self] in
      let open = conversations.list.activeID
      if !composer.isPasting { session.saveDraftNow(composer.draft, for: open) }
      conversations.markRead(open)
      return false
    }
    BenchProbe.attach(to: widget, composer: composer)
  }

  var window: UnsafeMutablePointer<GtkWindow> { typed() }

  private func offerFirstNetwork() {
    guard banner.message == nil, clients.isEmpty else { return }
    banner.show(
      localized("Notes stays on this computer. To talk with people, connect to a network."),
      action: localized("Connect to a Network…")
    ) { [unowned self] in _ = activateAction("app.connect-network", from: widget) }
  }

  /// The open conversation's transcript.
  var transcript: TranscriptView { conversations.transcript }

  static let defaultSize: (width: Int32, height: Int32) = (720, 640)

  func present() {
    gtk_window_present(window)
    composer.focusText()
  }

  func close() { gtk_window_close(window) }

  /// Applies the composer preferences (the style is application-wide).
  func apply(_ settings: Settings) {
    composer.sendKey = settings.sendKey
    composer.maxLines = settings.maxLines
    conversations.quitMessage = settings.quitMessage
    for client in conversations.clients {
      client.useRealName(settings.realName)
      client.sendsTyping = settings.sendsTyping
    }
    sendsTyping = settings.sendsTyping
    spellingDefaults = SpellingLanguages.wanted(by: settings)
    applySpelling()
    if BodyFormatting.isShown != settings.showsFormatting {
      BodyFormatting.isShown = settings.showsFormatting
      redrawBodies()
    }
  }

  /// The open conversation's spelling languages: its own choice, else Preferences'; none
  /// while checking is off (then the menu offers no languages either).
  func applySpelling() {
    let active = conversations.list.activeID
    let choices = spellingChoices.choices
    let languages =
      spellingDefaults.isEmpty ? [] : choices.languages(for: active, defaults: spellingDefaults)
    composer.checkSpelling(in: languages)
    composer.showSpellingLanguages(
      installed: spellingDefaults.isEmpty ? [] : installedDictionaries, using: languages,
      own: choices.hasOwnChoice(for: active))
  }

  private func bindSpelling() {
    composer.spelling.onTurnLanguage = { [unowned self] tag, on in
      let active = conversations.list.activeID
      spellingChoices.update { $0.turn(tag, on: on, for: active, defaults: spellingDefaults) }
      applySpelling()
    }
    composer.spelling.onUsePreferencesLanguages = { [unowned self] in
      let active = conversations.list.activeID
      spellingChoices.update { $0.choose(nil, for: active) }
      applySpelling()
    }
  }

  /// Binds every transcript's rows again after the way formatting is drawn changed (shown or
  /// not, the style's colours).
  func redrawBodies() {
    for transcript in conversations.transcripts.values { transcript.rebindRows() }
  }

  func showAbout() { AboutDialog.present(over: window) }

  private func bindComposer() {
    composer.onSend = { [unowned self] typed in
      var message = typed
      switch SlashCommand.parse(typed.body) {
      case .text(let text): message.body = text
      case .notice(let sentence):
        composer.showNotice(sentence)
        return false
      case .command(let command): return conversations.run(command, typed: typed)
      }
      return conversations.deliver(
        message, to: conversations.list.activeID, replyingTo: composer.replyBeingSent)
    }
    composer.onSelectMessages = { [unowned self] in transcript.selectNewest() }
    composer.onTextFocused = { [unowned self] in transcript.clearSelection() }
    composer.onTextChanged = { [unowned self] probe, sent in
      conversations.composerChanged(probe, sent: sent)
    }
    composer.linesToConfirm = { [unowned self] body in conversations.linesToConfirm(body) }
    composer.askToSend = { [unowned self] lines, answer in
      let question = conversations.longPasteQuestion(lines: lines)
      ConfirmDialog.ask(
        question.title, detail: question.detail, action: LongPasteRule.sendButton(lines: lines),
        isDestructive: false, over: window, confirmed: answer)
    }
    composer.onReplace = { [unowned self] message in
      do {
        try session.replace(message)
        transcript.replace(message)
        return true
      } catch {
        Log.warning("could not store an edit: \(error)")
        banner.show(Self.sentence(for: error, doing: localized("The edit could not be saved")))
        return false
      }
    }
    // IRC has no edits: Up edits the last own message of the local history only.
    composer.lastOwnMessage = { [unowned self] in
      conversations.list.activeID == Message.notes ? session.lastOwnMessage() : nil
    }
    composer.onScroll = { [unowned self] action in transcript.scroll(action) }
    composer.onDraftChanged = { [unowned self] draft in
      session.saveDraft(draft, for: conversations.list.activeID)
    }
    composer.members = { [unowned self] in
      conversations.switching.completionNames(conversations.roster)
    }
    composer.recentSpeakers = { [unowned self] in
      conversations.roster.recentSpeakers(in: conversations.list.activeID)
    }
    conversations.onSendFailed = { [unowned self] error in
      banner.show(Self.sentence(for: error, doing: localized("The message could not be sent")))
    }
    conversations.onActiveChanged = { [unowned self] in
      applySpelling()
      updateConnectionStatus()
      updateActionStates()
      showTyping()
      // A message selected in the conversation left is not selected on return.
      for other in conversations.transcripts.values { other.clearSelection() }
    }
    conversations.onSearchModeChanged = { [unowned self] in updateActionStates() }
    conversations.onDamagedHistory = { [unowned self] in historyWatch.recoverFromCorruption() }
  }

  /// Binds the IRC client's news to the conversations, the header, the banner and the
  /// notifications; the client and the controllers decide everything, this only shows it.
  private func bindIRC() {
    for irc in clients { bind(irc) }
    header.onReconnect = { [unowned self] in
      // In Notes, every network that is down; elsewhere the open conversation's.
      if let irc = conversations.client(for: conversations.list.activeID) {
        irc.reconnect()
      } else {
        for irc in clients where irc.state.offersReconnect { irc.reconnect() }
      }
    }
    header.onRejoin = { [unowned self] in conversations.rejoin() }
    header.onFocusLeft = { [unowned self] in composer.focusText() }
    header.onOpenPrivateChat = { [unowned self] nick in conversations.openPrivateChat(with: nick) }
    updateConnectionStatus()
  }

  /// The networks changed while the window runs; see `ConversationsView.updateNetworks`.
  /// `make` gives a new network its client, which this binds before `start` connects it.
  func updateNetworks(
    _ networks: [NetworkAccount], restarting: Set<String>, make: (NetworkAccount) -> IRCClient,
    quit: (IRCClient) -> Void, start: (NetworkAccount, IRCClient) -> Void
  ) {
    conversations.updateNetworks(
      networks, restarting: restarting,
      make: { network in
        let client = make(network)
        bind(client)
        return client
      }, quit: quit, start: start)
    if !networks.isEmpty { header.showsConnection(after: afterFirstFrame) }
    updateConnectionStatus()
  }

  /// The typing line for the open conversation only.
  private func showTyping() {
    composer.showTyping(typing.sentence(in: conversations.list.activeID))
  }

  private func bind(_ irc: IRCClient) {
    irc.sendsTyping = sendsTyping
    irc.onTyping = { [unowned self] conversation, nicks in
      if typing.heard(nicks, in: conversation, active: conversations.list.activeID) { showTyping() }
    }
    irc.onReactionsChanged = { [unowned self] messages in
      for message in messages { conversations.transcripts[message.conversation]?.replace(message) }
    }
    irc.onStored = { [unowned self, unowned irc] messages in
      conversations.received(messages, from: irc)
      BenchProbe.receivedStored(messages.count { $0.kind == .message })
    }
    irc.onChanged = { [unowned self] message in
      conversations.transcripts[message.conversation]?.replace(message)
    }
    irc.onMerged = { [unowned self] conversation in conversations.merged(conversation) }
    irc.onEvent = { [unowned self, unowned irc] event in conversations.handle(event, from: irc) }
    irc.onRenamed = { [unowned self] from, to, name in
      conversations.followRename(from: from, to: to, name: name)
    }
    irc.onStatus = { [unowned self, unowned irc] in
      conversations.updateNetworkRow(irc)
      updateConnectionStatus()
    }
    irc.onStoreError = { [unowned self] sentence in banner.show(sentence) }
    irc.onHistoryLoading = { [unowned self] conversation, loading in
      conversations.historyLoading(conversation, loading)
    }
    irc.onCertificateRefused = { [unowned self, unowned irc] trust in offerTrust(trust, from: irc) }
    irc.onReceived = { [unowned self, unowned irc] message, isPrivate, isOwn in
      let active = gtk_window_is_active(window) != 0
      guard
        MessageDisplay.notifies(
          message, isPrivate: isPrivate, isOwn: isOwn, windowActive: active)
      else { return }
      Log.debug("notifying \(message.id)")
      Notifier.send(
        message, isPrivate: isPrivate, network: clients.count > 1 ? irc.name : nil,
        application: application)
    }
  }

  /// A refused certificate: said every time, with `Trust this certificate`; only the button,
  /// never a reconnect, trusts it.
  private func offerTrust(_ trust: IRCCertificateTrust, from irc: IRCClient) {
    let fingerprint: String
    let replacing: Bool
    switch trust {
    case .pinned: return
    case .firstUse(let presented): (fingerprint, replacing) = (presented, false)
    case .changed(_, let presented): (fingerprint, replacing) = (presented, true)
    }
    banner.show(
      trust.banner(host: irc.url.host) ?? "", action: localized("Trust this certificate")
    ) { [unowned self] in
      onTrustCertificate(fingerprint, irc.url.server, replacing)
      irc.trust(fingerprint, replacing: replacing)
    }
  }

  /// The header's `Connection` line for the open conversation's network; in `Notes`, for
  /// all of them.
  func updateConnectionStatus() {
    let open = conversations.list
    guard let irc = conversations.client(for: open.activeID) else {
      guard !open.networks.isEmpty else { return }
      if let network = conversations.network(of: open.activeID) {
        header.showConnection(
          NetworkSummary.off(network.name), offersReconnect: false, offersRejoin: false)
        return
      }
      let summary = NetworkSummary(
        clients.map { .init(name: $0.name, state: $0.state, waiting: $0.waiting) })
      header.showConnection(
        summary.subtitle, offersReconnect: summary.offersReconnect, offersRejoin: false)
      return
    }
    let isLeft = open.active?.isLeft == true
    let target = conversations.target(of: open.activeID)
    let isOnline = open.active?.kind == .privateChat ? target.flatMap(irc.isOnline) : nil
    header.showConnection(
      irc.state.subtitle(
        conversation: target, host: irc.name, waiting: irc.waiting, isLeft: isLeft,
        isOnline: isOnline, away: irc.away),
      offersReconnect: irc.state.offersReconnect, offersRejoin: isLeft && irc.state == .ready)
  }

  private func makeActions() {
    actions = [
      Action("close", in: pointer) { [unowned self] in close() },
      Action("focus-composer", in: pointer) { [unowned self] in composer.focusText() },
      Action("search", in: pointer) { [unowned self] in transcript.openSearch() },
      Action("close-search", in: pointer) { [unowned self] in transcript.closeSearch() },
      Action("shortcuts", in: pointer) { [unowned self] in
        ShortcutsWindow.present(transientFor: window)
      },
    ]
    let scrolls: [KeyAction] = [.scrollPageUp, .scrollPageDown, .scrollToOldest, .scrollToNewest]
    for action in scrolls {
      actions.append(
        Action(String(action.actionName.dropFirst("win.".count)), in: pointer) {
          [unowned self] in transcript.scroll(action)
        })
    }
    composer.isSearchOpen = { [unowned self] in transcript.isSearchOpen }
    // Keys the composer or the search entry did not use bubble up to here, so the keymap's
    // window-wide answers (Escape closes the search) work from anywhere (SPEC §5).
    if let keys = gtk_event_controller_key_new() {
      Signal.connectKeyPressed(raw(keys)) { [unowned self] keyval, state in
        guard let key = KeyEvent.key(keyval) else { return false }
        let context = KeyContext(focus: .transcript, searchOpen: transcript.isSearchOpen)
        guard
          let action = Keymap.action(for: key, modifiers: KeyEvent.modifiers(state), in: context)
        else { return false }
        return activateAction(action.actionName, from: widget)
      }
      gtk_widget_add_controller(widget, keys)
    }
    actions += conversations.makeActions(in: pointer)
    updateActionStates()
  }

  /// Every `win.*` action's enabled state from the window's state, in one place; the
  /// composer's own come from its controller (`ComposerView.updateActionStates`).
  func updateActionStates() {
    for action in actions {
      switch action.name {
      case "close-search": action.isEnabled = transcript.isSearchOpen
      default: action.isEnabled = true
      }
    }
  }

  /// One plain sentence for the banner; the detail goes to the log.
  static func sentence(for error: Error, doing what: String) -> String {
    (error as? StoreError)?.userMessage ?? "\(what)."
  }
}
