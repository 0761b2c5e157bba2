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
  /// Each conversation opened so far keeps its transcript (and so its scroll position and
  /// search) in the stack; only the open one shows.
  var transcripts: [String: TranscriptView] = [:]
  let transcriptStack: Widget
  let composer: ComposerView
  /// Made when it first has something to say, at the top of `content`.
  private(set) lazy var banner: BannerView = {
    let banner = BannerView()
    gtk_box_prepend(cast(content), banner.widget)
    return banner
  }()
  let headerBar: UnsafeMutablePointer<GtkWidget>
  /// The column of banner, transcripts and composer.
  private let content: UnsafeMutablePointer<GtkWidget>
  /// Holds the quick switcher's card over the window.
  private let overlay: UnsafeMutablePointer<GtkWidget>
  /// The conversations sidebar once it has been shown: without an account there is only
  /// `Notes`, and the sidebar stays hidden and unmade (issue 19).
  private var madeSidebar: ConversationSidebar?
  /// The row of sidebar, separator and conversation column.
  private let split: UnsafeMutablePointer<GtkWidget>
  /// Opening, leaving and renaming conversations (SPEC §10).
  var switching = ConversationsController()
  /// The sidebar's rows and which conversation is open.
  var conversations: ConversationList { switching.list }
  /// Members, topics and recent speakers of the conversations.
  var roster = ConversationRoster()
  var sidebarVisibility = SidebarVisibility()
  /// Ctrl+K's card, made the first time it opens.
  private(set) lazy var switcher: QuickSwitcher = {
    let switcher = QuickSwitcher()
    switcher.onOpen = { [unowned self] id in open(id) }
    switcher.onClosed = { [unowned self] in composer.focusText() }
    gtk_overlay_add_overlay(OpaquePointer(overlay), switcher.widget)
    return switcher
  }()
  /// The channel topic, the header subtitle's second line.
  let topicLabel: Widget
  let membersButton: Widget
  let membersLabel: Widget
  var actions: [Action] = []
  /// Work the first frame does not need waits here for it.
  let afterFirstFrame = AfterFirstFrame()
  /// The IRC account's client, nil while Natter is local history only.
  private(set) var irc: IRCClient?
  /// The header's `Connection` subtitle and `Reconnect` button.
  private let subtitle: Widget
  private let reconnectButton: Widget
  /// Shown while the open channel is one we were removed from.
  private let rejoinButton: Widget
  private let application: UnsafeMutablePointer<GtkApplication>
  /// The user trusted a certificate for a server (replacing its old pin when it changed); the
  /// app saves the pin.
  var onTrustCertificate: (_ fingerprint: String, _ server: String, _ replacing: Bool) -> Void =
    { _, _, _ in }
  /// True while a damaged history is being replaced, so a second report does not start another.
  private var recovering = false
  /// How often the window looks for writes by another process (`natter --import`).
  static let changePollMilliseconds: UInt32 = 500

  init(
    application: UnsafeMutablePointer<GtkApplication>, session: ChatSession,
    irc: IRCClient? = nil
  ) {
    self.session = session
    self.irc = irc
    self.application = application
    transcriptStack = Widget(gtk_stack_new())
    topicLabel = Widget(gtk_label_new(nil))
    membersButton = Widget(gtk_menu_button_new())
    membersLabel = Widget(gtk_label_new(nil))
    subtitle = Widget(gtk_label_new(nil))
    reconnectButton = Widget(gtk_button_new_with_label(localized("Reconnect")))
    rejoinButton = Widget(gtk_button_new_with_label(localized("Rejoin")))
    composer = ComposerView(controller: ComposerController(sender: session.sender))
    content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    overlay = gtk_overlay_new()
    split = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
    headerBar = Self.makeHeaderBar()
    super.init(gtk_application_window_new(application))
    afterFirstFrame.watch(widget)
    gtk_window_set_title(window, AppInfo.name)
    gtk_window_set_default_size(window, Self.defaultSize.width, Self.defaultSize.height)
    gtk_widget_set_size_request(widget, 360, 300)
    gtk_window_set_titlebar(window, headerBar)
    addConnectionStatus(to: headerBar)
    addMembersButton(to: headerBar)

    gtk_widget_set_vexpand(transcriptStack.widget, 1)
    gtk_box_append(cast(content), transcriptStack.widget)
    gtk_box_append(cast(content), composer.widget)
    gtk_widget_set_hexpand(content, 1)
    gtk_box_append(cast(split), content)
    gtk_overlay_set_child(OpaquePointer(overlay), split)
    gtk_window_set_child(window, overlay)
    composer.actions.insert(into: widget, prefix: "composer")
    BenchProbe.mark("widgets")
    loadConversations()
    let first = showTranscript(for: conversations.activeID)
    BenchProbe.mark("transcript")
    // What arrived in the open conversation since it was last seen, before this start.
    if irc != nil, conversations.activeID != Message.notes {
      let opened = conversations.activeID
      first.markFirstUnread((try? session.store.unread(in: opened, me: irc?.nick ?? ""))?.firstID)
      // A write, synced to disk: not before the window is on screen.
      afterFirstFrame.run { [weak self] in self?.markRead(opened) }
    }

    bindComposer()
    bindIRC()
    bindStoreSafety(first)
    makeActions()
    bindConversations()
    actions.append(
      Action("shortcuts", in: pointer) { [unowned self] in
        ShortcutsWindow.present(transientFor: window)
      })
    if let message = session.banner { banner.show(message) }
    composer.seedTagHistory(session.recentTags())
    restoreDraft(session.loadDraft(for: conversations.activeID))

    // Closing saves the draft at once; the 500 ms debounce may not have fired yet. Not while a
    // paste (or a long draft's restore) is half in: the saved draft is then the whole one.
    Signal.connectReturning(pointer, "close-request") { [unowned self] in
      if !composer.isPasting {
        session.saveDraftNow(composer.draft, for: conversations.activeID)
      }
      markRead(conversations.activeID)
      return false
    }
    BenchProbe.attach(to: widget)
  }

  var window: UnsafeMutablePointer<GtkWindow> { typed() }

  /// The sidebar, made (at the start of the window, listing the conversations) when first
  /// asked for.
  var sidebar: ConversationSidebar {
    if let madeSidebar { return madeSidebar }
    let sidebar = ConversationSidebar()
    let separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)
    gtk_box_prepend(cast(split), separator)
    gtk_box_prepend(cast(split), sidebar.widget)
    sidebar.separator = separator
    sidebar.onOpen = { [unowned self] id in open(id) }
    madeSidebar = sidebar
    sidebar.show(conversations)
    return sidebar
  }

  /// The sidebar lists the conversations as they are now, if it has been made.
  func updateSidebar() { madeSidebar?.show(conversations) }

  /// Shows or hides the sidebar; it is made only to be shown.
  func showSidebar(_ shown: Bool) {
    if shown || madeSidebar != nil { sidebar.isShown = shown }
  }

  /// The open conversation's transcript.
  var transcript: TranscriptView {
    transcripts[conversations.activeID] ?? showTranscript(for: conversations.activeID)
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
  }

  func showAbout() {
    let about = gtk_about_dialog_new()
    let dialog = OpaquePointer(about)
    gtk_about_dialog_set_program_name(dialog, AppInfo.name)
    gtk_about_dialog_set_version(dialog, AppInfo.version)
    gtk_about_dialog_set_comments(dialog, localized("A keyboard-first chat window"))
    gtk_about_dialog_set_logo_icon_name(dialog, AppInfo.id)
    gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_GPL_3_0)
    gtk_about_dialog_set_website(dialog, AppInfo.website)
    gtk_window_set_transient_for(cast(about), window)
    gtk_window_set_modal(cast(about), 1)
    gtk_window_present(cast(about))
  }

  private func bindComposer() {
    composer.onSend = { [unowned self] typed in
      var message = typed
      switch SlashCommand.parse(typed.body) {
      case .text(let text): message.body = text
      case .notice(let sentence):
        composer.showNotice(sentence)
        return false
      case .command(let command): return run(command, typed: typed)
      }
      return deliver(message, to: conversations.activeID)
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
      conversations.activeID == Message.notes ? session.lastOwnMessage() : nil
    }
    composer.onScroll = { [unowned self] action in transcript.scroll(action) }
    composer.onDraftChanged = { [unowned self] draft in
      session.saveDraft(draft, for: conversations.activeID)
    }
    composer.members = { [unowned self] in switching.completionNames(roster) }
    composer.recentSpeakers = { [unowned self] in
      roster.recentSpeakers(in: conversations.activeID)
    }
  }

  /// Stores `message` in `conversation` and shows it: in `Notes` as sent, on IRC as pending
  /// until the server's echo. False (with a banner) when it could not be stored.
  func deliver(_ message: Message, to conversation: String) -> Bool {
    do {
      // Stored first: a message on screen is a message on disk (on IRC, pending until the
      // server's echo).
      let store = { [unowned self] () throws -> Message in
        if let irc, let target = target(of: conversation) {
          return try irc.send(message, to: target)
        }
        return try session.send(message)
      }
      let stored: Message
      do {
        stored = try store()
      } catch StoreError.corrupt {
        // The history is damaged: replace it with what can be salvaged, then send again.
        recoverFromCorruption()
        stored = try store()
      }
      BenchProbe.stored(stored.body)
      transcripts[stored.conversation]?.append(stored, own: true)
      // The sent text must not come back as a draft if the app dies before the next save.
      if conversation == conversations.activeID {
        session.saveDraft(Draft(), for: conversation)
      }
      return true
    } catch {
      Log.warning("could not store a message: \(error)")
      banner.show(Self.sentence(for: error, doing: localized("The message could not be sent")))
      return false
    }
  }

  /// Binds the IRC client's news to the transcript, the subtitle, the banner and the
  /// notifications; the client decides everything, this only shows it.
  private func bindIRC() {
    guard let irc else { return }
    irc.onStored = { [unowned self] messages in
      received(messages)
      BenchProbe.receivedStored(messages.count { $0.kind == .message })
    }
    irc.onChanged = { [unowned self] message in
      transcripts[message.conversation]?.replace(message)
    }
    irc.onMerged = { [unowned self] conversation in
      transcripts[conversation]?.reloadHistory()
      // Played-back history counts as unread where it is newer than what was seen.
      if conversation != conversations.activeID, conversations.contains(conversation) {
        loadUnread(conversation)
        updateSidebar()
      }
    }
    irc.onEvent = { [unowned self] event in handle(event) }
    irc.onRenamed = { [unowned self] from, to, name in followRename(from: from, to: to, name: name)
    }
    irc.onStatus = { [unowned self] in updateConnectionStatus() }
    irc.onStoreError = { [unowned self] sentence in banner.show(sentence) }
    irc.onCertificateRefused = { [unowned self] trust in
      let fingerprint: String
      let replacing: Bool
      switch trust {
      case .pinned: return
      case .firstUse(let presented): (fingerprint, replacing) = (presented, false)
      case .changed(_, let presented): (fingerprint, replacing) = (presented, true)
      }
      // Said every time it is refused; only the button, never a reconnect, trusts it.
      banner.show(
        trust.banner(host: irc.url.host) ?? "", action: localized("Trust this certificate")
      ) {
        [unowned self] in
        onTrustCertificate(fingerprint, irc.url.server, replacing)
        irc.trust(fingerprint, replacing: replacing)
      }
    }
    irc.onReceived = { [unowned self] message, isPrivate, isOwn in
      let active = gtk_window_is_active(window) != 0
      guard
        MessageDisplay.notifies(
          message, isPrivate: isPrivate, isOwn: isOwn, windowActive: active)
      else { return }
      Log.debug("notifying \(message.id)")
      Notifier.send(message, isPrivate: isPrivate, application: application)
    }
    Signal.connect(reconnectButton.pointer, "clicked") { irc.reconnect() }
    Signal.connect(rejoinButton.pointer, "clicked") { [unowned self] in rejoin() }
    updateConnectionStatus()
  }

  private func addConnectionStatus(to header: UnsafeMutablePointer<GtkWidget>) {
    let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    let title = gtk_label_new(AppInfo.name)
    gtk_widget_add_css_class(title, "title")
    gtk_box_append(cast(titles), title)
    subtitle.addCSSClass("connection-subtitle")
    subtitle.setAccessibleLabel(localized("Connection"))
    gtk_label_set_ellipsize(subtitle.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_selectable(subtitle.opaque, 0)
    // After the first frame, when the connection it describes begins: its smaller text is one
    // more font size, which costs the first frame a font set and a hinted sample text (issue 19).
    subtitle.isVisible = false
    if irc != nil { afterFirstFrame.run { [subtitle] in subtitle.isVisible = true } }
    gtk_box_append(cast(titles), subtitle.widget)
    topicLabel.addCSSClass("topic-subtitle")
    topicLabel.addCSSClass("dim-label")
    gtk_label_set_ellipsize(topicLabel.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_max_width_chars(topicLabel.opaque, 60)
    topicLabel.setAccessibleLabel(localized("Topic"))
    topicLabel.isVisible = false
    gtk_box_append(cast(titles), topicLabel.widget)
    gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
    gtk_header_bar_set_title_widget(OpaquePointer(header), titles)
    reconnectButton.setAccessibleLabel(localized("Reconnect"))
    reconnectButton.isVisible = false
    gtk_header_bar_pack_start(OpaquePointer(header), reconnectButton.widget)
    rejoinButton.setAccessibleLabel(localized("Rejoin"))
    rejoinButton.isVisible = false
    gtk_header_bar_pack_start(OpaquePointer(header), rejoinButton.widget)
  }

  /// The members popover's button, shown in a channel.
  private func addMembersButton(to header: UnsafeMutablePointer<GtkWidget>) {
    gtk_menu_button_set_icon_name(membersButton.opaque, "system-users-symbolic")
    membersButton.setTooltip(localized("Members"))
    membersButton.setAccessibleLabel(localized("Members"))
    gtk_label_set_xalign(membersLabel.opaque, 0)
    gtk_label_set_selectable(membersLabel.opaque, 1)
    membersLabel.setAccessibleLabel(localized("Member list"))
    MenuButton.makePopoverOnFirstOpen(membersButton.widget) { [membersLabel] in
      let popover = gtk_popover_new()
      let scroller = gtk_scrolled_window_new()
      gtk_scrolled_window_set_policy(
        OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
      gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
      gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), 400)
      gtk_scrolled_window_set_child(OpaquePointer(scroller), membersLabel.widget)
      gtk_popover_set_child(cast(popover), scroller)
      return popover
    }
    membersButton.isVisible = false
    gtk_header_bar_pack_end(OpaquePointer(header), membersButton.widget)
  }

  func updateConnectionStatus() {
    guard let irc else { return }
    let isLeft = conversations.active?.isLeft == true
    let text = irc.state.subtitle(
      conversation: target(of: conversations.activeID), host: irc.url.host,
      waiting: irc.waiting, isLeft: isLeft)
    gtk_label_set_text(subtitle.opaque, text)
    // GtkLabel names itself after its text on every change; screen readers and tests find the
    // subtitle by its role's name `Connection` (SPEC §7) and read the text through it.
    subtitle.setAccessibleLabel(localized("Connection"))
    Accessible.setDescription(subtitle.widget, text)
    gtk_widget_set_tooltip_text(subtitle.widget, text)
    reconnectButton.isVisible = irc.state.offersReconnect
    rejoinButton.isVisible = isLeft && irc.state == .ready
  }

  private func bindStoreSafety(_ first: TranscriptView) {
    first.onFirstFrame = { [weak self] in
      self?.session.checkIntegrityInBackground { [weak self] problems in
        Log.warning("integrity check: \(problems.prefix(5).joined(separator: "; "))")
        self?.recoverFromCorruption()
      }
    }
    // The baseline is taken now, right after the transcript read the history: an import that
    // lands before the first poll is then still seen as a change.
    _ = session.storeChangedElsewhere()
    MainLoop.timeout(milliseconds: Self.changePollMilliseconds) { [weak self] in
      guard let self else { return false }
      if session.storeChangedElsewhere() {
        Log.debug("the history was changed by another process; reloading the transcript")
        transcripts.values.forEach { $0.reloadHistory() }
      }
      return true
    }
  }

  /// Moves a damaged history aside and shows the fresh one at once, then again with what the
  /// background salvage saved, each with a banner.
  func recoverFromCorruption() {
    guard !recovering, session.store.isPersistent else { return }
    recovering = true
    // The salvaged messages are shown once, at the end: reloading the list as each batch
    // lands would cost a relayout every time and keep moving the view.
    let now = session.recoverFromCorruption { [weak self] sentence in
      guard let self else { return }
      recovering = false
      banner.show(sentence)
      transcripts.values.forEach { $0.reloadHistory() }
    }
    recovering = now.salvaging
    banner.show(now.sentence)
    transcripts.values.forEach { $0.reloadHistory() }
  }

  private func makeActions() {
    actions = [
      Action("close", in: pointer) { [unowned self] in close() },
      Action("focus-composer", in: pointer) { [unowned self] in composer.focusText() },
      Action("scroll-page-up", in: pointer) { [unowned self] in transcript.scroll(.scrollPageUp) },
      Action("scroll-page-down", in: pointer) { [unowned self] in
        transcript.scroll(.scrollPageDown)
      },
      Action("scroll-oldest", in: pointer) { [unowned self] in transcript.scroll(.scrollToOldest) },
      Action("scroll-newest", in: pointer) { [unowned self] in transcript.scroll(.scrollToNewest) },
      Action("search", in: pointer) { [unowned self] in transcript.openSearch() },
      Action("close-search", in: pointer) { [unowned self] in transcript.closeSearch() },
    ]
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

  private static func makeHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
    let header = gtk_header_bar_new()
    guard let button = gtk_menu_button_new() else { fatalError("gtk_menu_button_new failed") }
    gtk_menu_button_set_icon_name(OpaquePointer(button), "open-menu-symbolic")
    MenuButton.makePopoverOnFirstOpen(button) {
      let menu = g_menu_new()
      defer { g_object_unref(raw(menu!)) }
      g_menu_append(menu, localized("Keyboard Shortcuts"), "win.shortcuts")
      g_menu_append(menu, localized("Preferences"), "app.preferences")
      g_menu_append(menu, localized("About Natter"), "app.about")
      g_menu_append(menu, localized("Quit"), "app.quit")
      return gtk_popover_menu_new_from_model(cast(menu))
    }
    gtk_menu_button_set_primary(OpaquePointer(button), 1)
    gtk_widget_set_tooltip_text(button, localized("Main Menu"))
    Accessible.setLabel(button, localized("Main Menu"))
    gtk_header_bar_pack_end(OpaquePointer(header), button)
    return header!
  }
}
