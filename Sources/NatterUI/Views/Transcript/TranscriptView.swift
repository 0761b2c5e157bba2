import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterStore

/// The transcript: a search bar over the list of messages (`Messages`), with the
/// `Jump to latest` button floating at its bottom-right.
///
/// The list's model is an `IndexListModel` of positions; rows read their messages from a
/// `TranscriptPager`, so no GObject exists per stored message and opening reads one page.
/// Scrolling follows `TranscriptPolicy`: every adjustment change is fed to it and its
/// `scrollToBottom` obeyed, which keeps the newest message visible while sticky.
///
/// Each concern reads alone in its own file: the rows (`+Rows`), scroll following
/// (`+Scrolling`), search (`+Search`) and the rows held back until the first frame
/// (`+FirstFrame`). The state they share is declared here, so they are internal, not private.
@MainActor
final class TranscriptView: Widget {

  /// The most search results shown; a search reads at most this many messages.
  static let searchLimit = 5_000

  /// The search bar closed; the window gives the composer the focus back.
  var onSearchClosed: () -> Void = {}
  /// The search bar opened or closed.
  var onSearchModeChanged: () -> Void = {}
  /// `Retry` on a failed message.
  var onRetry: (Message) -> Void = { _ in }
  /// The first frame with the transcript was painted: the time for work kept off start-up.
  var onFirstFrame: () -> Void = {}
  /// Reading the history failed (the window decides whether it is damage to recover from).
  var onReadError: (Error) -> Void = { _ in }
  /// The name of the conversation a message is in (`#gtk on Libera.Chat`), for results from
  /// every conversation; nil while there is only one conversation to search.
  var conversationName: ((String) -> String)?
  /// The search's `Every conversation` switch, made with the search bar.
  var everywhereButton: Widget?
  /// The list reached the oldest stored message (the window may ask the server for more).
  var onReachedTop: () -> Void = {}
  /// A search result was opened: the window shows it in its conversation (`reveal`).
  var onOpenResult: (Message) -> Void = { _ in }
  /// The message a search result opened here, marked until another is.
  var foundID: String?
  /// The user's nickname where `message` is (it is not given a colour), nil if unknown.
  var me: (Message) -> String? = { _ in nil }
  /// What a sender's tooltip says of them (their account), asked when it shows.
  var aboutSender: (Message) -> String? = { _ in nil }
  /// `Loading older messages…`, made the first time a page is asked for.
  var loadingOlder: Widget?
  /// The frame-by-frame placement of the rows that were on top, above an older page that
  /// just arrived (`FrameTicks` id), 0 when none; the top is not "reached" meanwhile.
  var placingOlder: UInt32 = 0

  let store: MessageStore
  /// The conversation shown (`notes`, or an IRC conversation's URL).
  let conversation: String
  let list: Widget
  let scroller: Widget
  let jumpButton: Widget
  /// `No messages yet` in the middle of an empty list.
  let placeholder: Widget
  /// The search bar and its entry, made at the first search.
  var search: (bar: Widget, entry: Widget)?
  let model: IndexListModel
  let factory: Object
  /// One for every conversation's transcript: its date formatters, ICU's clock pattern and
  /// its caches are made once, not again for each conversation opened.
  var formatter: TranscriptFormatter { Self.sharedFormatter }
  // Foundation on Linux does not read the locale from the environment; the C library does.
  static let sharedFormatter = TranscriptFormatter(
    calendar: .current, timeZone: .current, locale: timeLocale,
    clock: keptClock)
  static let timeLocale = Gettext.timeLocale.map(Locale.init(identifier:)) ?? .current
  /// The ICU data is Natter's own (the static Foundation), so a new version asks again.
  private static let clockKey = "\(AppInfo.version) \(timeLocale.identifier)"
  /// The pattern an earlier start kept, if any.
  private static let keptClock = ClockPatternCache.load(for: clockKey)

  /// Keeps the clock pattern for the next start (asking ICU now, after the first frame, if no
  /// row needed it yet), unless an earlier start already did.
  static func keepClockPattern() {
    guard keptClock == nil else { return }
    ClockPatternCache.save(sharedFormatter.clockPattern, for: clockKey)
  }
  /// The whole history; kept (with its cache) while a search shows results instead.
  let history: TranscriptPager
  /// The search results while filtering.
  var results: (query: SearchQuery, pager: TranscriptPager, everywhere: Bool)?
  var policy = TranscriptPolicy()
  /// Row widgets by their GtkListItem; only as many as the list shows.
  var rows: [UnsafeMutableRawPointer: TranscriptRow] = [:]
  /// Reveals the older rows once the list's first frame is on screen.
  let afterFirstFrame = AfterFirstFrame()
  var pendingScroll: UInt32 = 0
  /// The newest row is to be placed again after the next layout (`followNewest`).
  var placingNewest = false
  /// The frame-by-frame jump to the oldest row or a found one under way (`FrameTicks` id),
  /// 0 when none.
  var rowJump: UInt32 = 0
  var lastMetrics: ScrollMetrics?
  var jumpLabel = localized("↓ Latest")
  /// The message the `New messages` line stands above, or nil.
  var firstUnreadID: String?
  /// Which bound rows are filled at once and which wait (`+Filling`).
  var filling = RowFilling()
  /// Fills waiting rows between frames (`+Filling`).
  lazy var fillingIdle = BudgetedIdle(
    priority: MainLoop.aheadOfNeed, microseconds: Self.fillMicroseconds,
    hasWork: { [unowned self] in filling.isDue },
    step: { [unowned self] in fillNearestWaitingRow() })
  /// Puts older messages into the list between frames after the first (`+FirstFrame`).
  lazy var revealIdle = BudgetedIdle(
    priority: Self.revealPriority, microseconds: Self.revealMicroseconds,
    hasWork: { [unowned self] in model.hiddenCount > 0 },
    step: { [unowned self] in revealOlderStep() })
  /// The frame clock's `layout` handler that tells `filling` the rows on screen, while realized.
  var fillingLayout: (clock: UnsafeMutableRawPointer, handler: UInt)?
  /// The frame counter of the frame clock's last layout that placed the rows: a second
  /// layout in one frame is `RowFilling.laidOut(showing:again:)`.
  var lastLaidOutFrame: gint64 = -1
  /// About how tall a filled row is, for the rows left waiting.
  var typicalRowHeight = 48

  // MARK: Selecting from the keyboard (+Selection, SPEC §13)

  /// The message selected from the keyboard, if one is.
  var selection = MessageSelection()
  /// The frame-by-frame wait for the selected row to be laid out, to focus it (`FrameTicks`).
  var selectionFocus: UInt32 = 0
  /// The message a reply answers, by its `msgid` in a conversation, when known. Until the
  /// store can find any (`store.message(msgid:in:)`), the history's page cache is searched.
  var parentLookup: (_ msgid: String, _ conversation: String) -> Message? {
    didSet { quotes = [:] }  // what the old one could not find, the new one may
  }
  /// Each reply's quote as last made, by its parent's msgid (a parent not stored too), so a
  /// row bound again while scrolling reads nothing; forgotten whenever the history changes.
  private var quotes: [String: String] = [:]

  /// The one-line quote of the parent `msgid` above a reply's body.
  func quote(ofParent msgid: String, in conversation: String) -> String {
    if let known = quotes[msgid] { return known }
    let quote = ReplyQuote.quote(of: parentLookup(msgid, conversation))
    quotes[msgid] = quote
    return quote
  }
  /// `R` or `Reply` on a selected message: the composer answers it.
  var onReply: (Message) -> Void = { _ in }
  /// A reaction picked or a chip activated: `IRCClient.react(to:with:remove:)`.
  var onReact: (_ message: Message, _ emoji: String, _ remove: Bool) -> Void = { _, _, _ in }
  /// Escape on a selected message: the composer takes the keyboard back.
  var onLeaveSelection: () -> Void = {}
  /// `Open link`: shows the link in the browser.
  var onOpenLink: (String) -> Void = { _ in }
  /// `Copy text`: what was copied, for tests; the clipboard gets it too.
  private(set) var copiedText: String?
  /// The quick reactions, made the first time `E` is pressed.
  var reactionPicker: ReactionPicker?
  /// The selected message's menu, made the first time it opens.
  var messageMenu: MessageMenu?

  func noteCopied(_ text: String) { copiedText = text }

  /// A transcript of `store`'s history, whose first frame fills `screen`.
  init(
    store: MessageStore, conversation: String = Message.notes,
    screen: FirstScreen = FirstScreen(height: 640, width: 720, lineHeight: 16)
  ) {
    self.store = store
    self.conversation = conversation
    let count = (try? store.count(conversation: conversation)) ?? 0
    history = TranscriptPager(
      source: StorePageSource(store: store, conversation: conversation), count: count)
    model = IndexListModel(
      count: count, showingLast: Self.rowsBeforeFirstFrame(history, screen: screen))
    factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    let selection = Object(adopting: raw(gtk_no_selection_new(OpaquePointer(model.newReference()))))
    list = Widget(ListView.make(model: selection.pointer, factory: factory.pointer))
    scroller = Widget(gtk_scrolled_window_new())
    jumpButton = Widget(gtk_button_new_with_label(localized("↓ Latest")))
    placeholder = Widget(gtk_label_new(nil))
    let cache = history
    parentLookup = { msgid, _ in cache.cached(msgid: msgid) }
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    addCSSClass("transcript")
    onOpenLink = { [weak self] url in self?.showURI(url) }
    history.onError = { [weak self] error in
      Log.warning("could not read the history: \(error)")
      self?.onReadError(error)
    }

    buildLayout()
    connectFactory()
    connectFilling()
    connectScrolling()
    connectResultKeys()
    connectSelectionKeys()
    logFirstFrame()
    placeNewestInFirstFrame()
  }

  isolated deinit {
    // Popovers are not children GTK drops with their parent: unparent them while it lives.
    reactionPicker?.detach()
    messageMenu?.detach()
  }

  var adjustment: UnsafeMutablePointer<GtkAdjustment>? {
    gtk_scrolled_window_get_vadjustment(scroller.opaque)
  }

  /// The rows' source now: the search results while filtering, else the history.
  var pager: TranscriptPager { results?.pager ?? history }

  // MARK: What the window calls

  /// A message was stored and belongs at the end. The user's own message does not pull a
  /// scrolled-up view down either: the issue asks for `Jump to latest` after sending then.
  func append(_ message: Message, own: Bool) {
    quotes = [:]
    history.appended(message)
    if let results {
      guard results.query.matches(message) else { return }
      results.pager.appended(message)
    }
    model.append(1)
    if policy.messagesAppended(count: 1) == .scrollToBottom {
      followNewest()
      // The user pressed Enter and waits for this frame (issue 32).
      if own { FrameClock.startNextFrameNow(of: list.widget) }
    }
    updateJumpButton()
  }

  /// Messages stored after every other one, in order (a burst from a server is one call).
  func append(contentsOf messages: [Message]) {
    quotes = [:]
    guard !messages.isEmpty else { return }
    for message in messages { history.appended(message) }
    if let results {
      let matching = messages.filter(results.query.matches)
      for message in matching { results.pager.appended(message) }
      guard !matching.isEmpty else { return }
      model.append(matching.count)
    } else {
      model.append(messages.count)
    }
    if policy.messagesAppended(count: messages.count) == .scrollToBottom { followNewest() }
    updateJumpButton()
  }

  /// A stored message changed (an edit, a delivery confirmed or refused): its row shows it.
  func replace(_ message: Message) {
    quotes = [:]
    let position = history.replaced(message)
    if let results {
      if let found = results.pager.replaced(message) { rebindRow(at: found) }
    } else if let position {
      rebindRow(at: position)
    }
  }

  /// The stored history changed under the window (an import by another process, a recovery,
  /// a server's history playback stored among older messages): shows the conversation again
  /// from the newest message. A search keeps its results until it closes.
  func reloadHistory() {
    quotes = [:]
    let count = (try? store.count(conversation: conversation)) ?? 0
    history.reset(count: count)
    if results == nil { reloadRows(count: count) }
  }

  /// `Show more`: the whole message in a scrolling view of its own.
  func showWhole(_ message: Message) {
    let window: UnsafeMutablePointer<GtkWindow>? = cast(gtk_widget_get_root(list.widget))
    viewer = MessageViewer.present(message, transientFor: window)
  }

  /// The viewer `Show more` opened last, for tests.
  private(set) weak var viewer: MessageViewer?

  /// New rows wholesale (a filter, or back to the history): shown from the newest.
  func reloadRows(count: Int) {
    quotes = [:]
    selection.rowsChanged(count: 0)
    filling.reset()
    policy = TranscriptPolicy()
    lastMetrics = nil
    model.reset(count: count)
    jumpToLatest()
  }

  // MARK: Building

  private func buildLayout() {
    gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(scroller.opaque, list.widget)
    gtk_widget_set_vexpand(scroller.widget, 1)
    list.addCSSClass("transcript-list")
    list.setAccessibleLabel(localized("Messages"))

    jumpButton.addCSSClass("jump-button")
    jumpButton.addCSSClass("osd")
    jumpButton.setAccessibleLabel(localized("Jump to latest"))
    jumpButton.setTooltip(localized("Jump to latest (Ctrl+End)"))
    gtk_widget_set_halign(jumpButton.widget, GTK_ALIGN_END)
    gtk_widget_set_valign(jumpButton.widget, GTK_ALIGN_END)
    // Clicking it must not take the focus from the composer.
    gtk_widget_set_focus_on_click(jumpButton.widget, 0)
    jumpButton.isVisible = false
    Signal.connect(jumpButton.pointer, "clicked") { [weak self] in self?.jumpToLatest() }

    let overlay = gtk_overlay_new()
    gtk_overlay_set_child(OpaquePointer(overlay), scroller.widget)
    gtk_overlay_add_overlay(OpaquePointer(overlay), jumpButton.widget)
    placeholder.addCSSClass("transcript-placeholder")
    placeholder.addCSSClass("dim-label")
    gtk_widget_set_can_target(placeholder.widget, 0)
    gtk_overlay_add_overlay(OpaquePointer(overlay), placeholder.widget)
    updatePlaceholder()
    Signal.connectItemsChanged(model.pointer) { [weak self] _, _, _ in self?.updatePlaceholder() }
    gtk_widget_set_vexpand(overlay, 1)
    gtk_box_append(typed(), overlay)
  }

  /// The placeholder's text follows the rows shown (SPEC §4: an empty list says so).
  private func updatePlaceholder() {
    let text = TranscriptPlaceholder.text(rowCount: pager.count, searching: results != nil)
    gtk_label_set_text(placeholder.opaque, text ?? "")
    placeholder.isVisible = text != nil
  }
}
