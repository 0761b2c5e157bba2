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
@MainActor
final class TranscriptView: Widget {
  /// How many of the newest messages the list has before the window's first frame: enough to
  /// fill `height` pixels with the shortest rows (one line, about 20 px), far fewer than the
  /// 200 rows GTK 4.8 builds around its anchor, which cost more than the rest of start-up
  /// with a long history. The rest follow right after the first frame.
  static func rowsBeforeFirstFrame(height: Int) -> Int { max(8, height / 20 + 4) }

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

  let store: MessageStore
  /// The conversation shown (`notes`, or an IRC conversation's URL).
  let conversation: String
  let list: Widget
  let scroller: Widget
  let jumpButton: Widget
  /// `No messages yet` in the middle of an empty list.
  let placeholder: Widget
  let searchBar: Widget
  let searchEntry: Widget
  let model: IndexListModel
  private let factory: Object
  private let formatter = TranscriptFormatter(
    calendar: .current, timeZone: .current, locale: .current)
  /// The whole history; kept (with its cache) while a search shows results instead.
  private let history: TranscriptPager
  /// The search results while filtering.
  private var results: (query: SearchQuery, pager: TranscriptPager)?
  private(set) var policy = TranscriptPolicy()
  /// Row widgets by their GtkListItem; only as many as the list shows.
  private var rows: [UnsafeMutableRawPointer: TranscriptRow] = [:]
  private var firstFrameHandler: UInt = 0
  private var pendingScroll: UInt32 = 0
  private var lastMetrics: ScrollMetrics?
  private var jumpLabel = "↓ Latest"

  /// A transcript of `store`'s history, first shown `height` pixels tall (about).
  init(store: MessageStore, conversation: String = Message.notes, height: Int = 640) {
    self.store = store
    self.conversation = conversation
    let count = (try? store.count(conversation: conversation)) ?? 0
    history = TranscriptPager(
      source: StorePageSource(store: store, conversation: conversation), count: count)
    model = IndexListModel(count: count, showingLast: Self.rowsBeforeFirstFrame(height: height))
    factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    g_object_ref(model.pointer)  // the selection model takes this reference
    let selection = gtk_no_selection_new(model.opaque)
    g_object_ref(factory.pointer)  // the list view takes this reference
    list = Widget(gtk_list_view_new(selection, factory.opaque))
    scroller = Widget(gtk_scrolled_window_new())
    jumpButton = Widget(gtk_button_new_with_label("↓ Latest"))
    placeholder = Widget(gtk_label_new(nil))
    searchBar = Widget(gtk_search_bar_new())
    searchEntry = Widget(gtk_search_entry_new())
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    addCSSClass("transcript")
    history.onError = { [weak self] error in
      Log.warning("could not read the history: \(error)")
      self?.onReadError(error)
    }

    buildLayout()
    connectFactory()
    connectScrolling()
    connectSearch()
    logFirstFrame()
    // Placed at the newest row before the first layout, so the first frame shows it and the
    // oldest page is never read.
    if count > 0 { natter_list_scroll_to_item(list.widget, guint(count - 1)) }
  }

  private var adjustment: UnsafeMutablePointer<GtkAdjustment>? {
    gtk_scrolled_window_get_vadjustment(scroller.opaque)
  }

  /// The rows' source now: the search results while filtering, else the history.
  private var pager: TranscriptPager { results?.pager ?? history }

  // MARK: What the window calls

  /// A message was stored and belongs at the end. The user's own message does not pull a
  /// scrolled-up view down either: the issue asks for `Jump to latest` after sending then.
  func append(_ message: Message, own: Bool) {
    history.appended(message)
    if let results {
      guard results.query.matches(message) else { return }
      results.pager.appended(message)
    }
    model.append(1)
    if policy.messagesAppended(count: 1) == .scrollToBottom { scrollToBottom() }
    updateJumpButton()
  }

  /// Messages stored after every other one, in order (a burst from a server is one call).
  func append(contentsOf messages: [Message]) {
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
    if policy.messagesAppended(count: messages.count) == .scrollToBottom { scrollToBottom() }
    updateJumpButton()
  }

  /// The stored history changed under the window (an import by another process, a recovery,
  /// a server's history playback stored among older messages): shows the conversation again
  /// from the newest message. A search keeps its results until it closes.
  func reloadHistory() {
    history.reset(count: (try? store.count(conversation: conversation)) ?? 0)
    if results == nil { reloadRows(count: history.count) }
  }

  /// A stored message changed (an edit): its row shows the new text and `edited`.
  func replace(_ message: Message) {
    let position = history.replaced(message)
    if let results {
      if let found = results.pager.replaced(message) { model.refresh(index: found) }
    } else if let position {
      model.refresh(index: position)
    }
  }

  /// Page Up/Down, Ctrl+Home/End from anywhere in the window.
  func scroll(_ action: KeyAction) {
    guard let adjustment else { return }
    let page = gtk_adjustment_get_page_size(adjustment)
    let value = gtk_adjustment_get_value(adjustment)
    let bottom = gtk_adjustment_get_upper(adjustment) - page
    switch action {
    case .scrollPageUp: gtk_adjustment_set_value(adjustment, max(0, value - page * 0.9))
    case .scrollPageDown: gtk_adjustment_set_value(adjustment, min(bottom, value + page * 0.9))
    case .scrollToOldest:
      model.revealAll()
      guard model.count > 0 else { return }
      leaveBottom(to: 0)
      scrollToTop(adjustment, retries: 3)
    case .scrollToNewest: jumpToLatest()
    default: break
    }
  }

  /// To the oldest row, by value: `list.scroll-to-item` 0 after a far jump lands a few hundred
  /// rows short on GTK 4.8 (rows placed by estimated heights), so this sets the value and
  /// repeats after layout until row 0 is there.
  private func scrollToTop(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, retries: Int) {
    gtk_adjustment_set_value(adjustment, 0)
    guard retries > 0 else { return }
    MainLoop.idle { [weak self] in
      guard let self, !policy.isSticky,
        row(at: 0) == nil || gtk_adjustment_get_value(adjustment) != 0
      else { return }
      scrollToTop(adjustment, retries: retries - 1)
    }
  }

  /// Tells the policy first that the view is going to `value`, away from the bottom: the list
  /// moves there with a change of its estimated height, which would read as content growth
  /// while sticky and bring the view straight back.
  private func leaveBottom(to value: Double) {
    guard let metrics else { return }
    MainLoop.cancel(pendingScroll)
    pendingScroll = 0
    var target = metrics
    target.value = value
    _ = policy.metricsChanged(target)
    lastMetrics = target
    updateJumpButton()
  }

  /// The jump button or Ctrl+End: back to the newest message, following it again.
  func jumpToLatest() {
    if policy.jumpToLatest() == .scrollToBottom {
      if model.count > 0 { natter_list_scroll_to_item(list.widget, guint(model.count - 1)) }
      scrollToBottom()
    }
    updateJumpButton()
  }

  /// `Show more`: the whole message in a scrolling view of its own.
  func showWhole(_ message: Message) {
    let window: UnsafeMutablePointer<GtkWindow>? = cast(gtk_widget_get_root(list.widget))
    viewer = MessageViewer.present(message, transientFor: window)
  }

  /// The viewer `Show more` opened last, for tests.
  private(set) weak var viewer: MessageViewer?

  // MARK: Search

  var isSearchOpen: Bool { Bool(gboolean: gtk_search_bar_get_search_mode(searchBar.opaque)) }

  /// Ctrl+F: opens the search bar and focuses its entry.
  func openSearch() {
    gtk_search_bar_set_search_mode(searchBar.opaque, 1)
    searchEntry.grabFocus()
  }

  /// Escape: closes the search bar; the full history shows again at its newest message.
  func closeSearch() {
    gtk_search_bar_set_search_mode(searchBar.opaque, 0)
    showHistory()  // also done on the mode's notify; idempotent
  }

  /// A tag chip: filter by that tag, shown in the search bar.
  func filter(byTag tag: String) {
    gtk_search_bar_set_search_mode(searchBar.opaque, 1)
    gtk_editable_set_text(searchEntry.opaque, "#\(tag)")
    applyFilter("#\(tag)")
    searchEntry.grabFocus()
    gtk_editable_set_position(searchEntry.opaque, -1)
  }

  private func applyFilter(_ text: String) {
    let query = SearchQuery(parsing: text)
    guard !query.isEmpty else {
      showHistory()
      return
    }
    if let results, results.query == query { return }
    var found: [Message] = []
    do {
      found = try store.search(
        query: query.textTerms.joined(separator: " "), tags: query.tagTerms,
        limit: Self.searchLimit, in: conversation)
    } catch {
      Log.warning("search failed: \(error)")
    }
    let pager = TranscriptPager(source: MessageListSource(found.reversed()), count: found.count)
    results = (query, pager)
    reloadRows(count: found.count)
  }

  private func showHistory() {
    guard results != nil else { return }
    results = nil
    gtk_editable_set_text(searchEntry.opaque, "")
    reloadRows(count: history.count)
  }

  private func connectSearch() {
    // GtkSearchEntry already waits 150 ms after the last keystroke before search-changed.
    Signal.connect(searchEntry.pointer, "search-changed") { [weak self] in
      guard let self, isSearchOpen else { return }
      applyFilter(string(gtk_editable_get_text(searchEntry.opaque)) ?? "")
    }
    // However the bar closes (Escape in the entry, its close button, Ctrl+F again) the
    // history comes back and the composer gets the focus.
    Signal.connect(searchBar.pointer, "notify::search-mode-enabled") { [weak self] _ in
      guard let self else { return }
      onSearchModeChanged()
      guard !isSearchOpen else { return }
      showHistory()
      onSearchClosed()
    }
  }

  /// New rows wholesale (a filter, or back to the history): shown from the newest.
  private func reloadRows(count: Int) {
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
    list.setAccessibleLabel("Messages")

    jumpButton.addCSSClass("jump-button")
    jumpButton.addCSSClass("osd")
    jumpButton.setAccessibleLabel("Jump to latest")
    jumpButton.setTooltip("Jump to latest (Ctrl+End)")
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

    gtk_search_bar_set_child(searchBar.opaque, searchEntry.widget)
    gtk_search_bar_connect_entry(searchBar.opaque, searchEntry.opaque)
    gtk_search_bar_set_show_close_button(searchBar.opaque, 1)
    searchEntry.setAccessibleLabel("Search messages")
    gtk_widget_set_hexpand(searchEntry.widget, 1)
    gtk_editable_set_width_chars(searchEntry.opaque, 12)

    gtk_box_append(typed(), searchBar.widget)
    gtk_box_append(typed(), overlay)
  }

  /// The placeholder's text follows the rows shown (SPEC §4: an empty list says so).
  private func updatePlaceholder() {
    let text = TranscriptPlaceholder.text(rowCount: pager.count, searching: results != nil)
    gtk_label_set_text(placeholder.opaque, text ?? "")
    placeholder.isVisible = text != nil
  }

  private func connectFactory() {
    Signal.connect(factory.pointer, "setup") { [weak self] item in
      guard let self, let item else { return }
      let row = TranscriptRow()
      row.onTag = { [weak self] tag in self?.filter(byTag: tag) }
      row.onRetry = { [weak self] message in self?.onRetry(message) }
      row.onShowMore = { [weak self] message in self?.showWhole(message) }
      gtk_list_item_set_activatable(OpaquePointer(item), 0)
      gtk_list_item_set_child(OpaquePointer(item), row.widget)
      rows[item] = row
    }
    Signal.connect(factory.pointer, "bind") { [weak self] item in
      guard let self, let item, let row = rows[item],
        let object = gtk_list_item_get_item(OpaquePointer(item))
      else { return }
      let position = IndexListModel.index(ofItem: object)
      if let (message, previous) = pager.row(at: position) {
        row.bind(message, previous: previous, at: position, formatter: formatter, now: Date())
      } else {
        row.clear(at: position)
      }
    }
    Signal.connect(factory.pointer, "unbind") { [weak self] item in
      guard let item else { return }
      self?.rows[item]?.unbind()
    }
    Signal.connect(factory.pointer, "teardown") { [weak self] item in
      guard let item else { return }
      self?.rows[item] = nil
    }
  }

  // MARK: Scrolling

  private func connectScrolling() {
    guard let adjustment else { return }
    Signal.connect(raw(adjustment), "value-changed") { [weak self] in self?.metricsChanged() }
    Signal.connect(raw(adjustment), "changed") { [weak self] in self?.metricsChanged() }
  }

  /// Every adjustment change goes through the policy; while sticky it says scroll down again,
  /// which also corrects for GtkListView's estimated heights of rows it has not measured yet.
  private func metricsChanged() {
    guard let metrics, metrics != lastMetrics else { return }
    // gtk_adjustment_configure emits changed and then value-changed for one new state: the
    // policy must see it once, or it reads the second as a scroll away from the bottom.
    // Likewise the list's own value moves while our deferred scroll is pending are not the
    // user's.
    let valueOnly =
      lastMetrics.map { $0.upper == metrics.upper && $0.pageSize == metrics.pageSize } ?? false
    lastMetrics = metrics
    if valueOnly && pendingScroll != 0 { return }
    if policy.metricsChanged(metrics) == .scrollToBottom { scrollToBottom() }
    updateJumpButton()
  }

  var metrics: ScrollMetrics? {
    guard let adjustment else { return nil }
    return ScrollMetrics(
      value: gtk_adjustment_get_value(adjustment),
      pageSize: gtk_adjustment_get_page_size(adjustment),
      upper: gtk_adjustment_get_upper(adjustment))
  }

  /// Puts the newest message at the bottom edge. Deferred to an idle after GTK's layout: the
  /// list configures its adjustment from inside its size-allocate, and a value set right then
  /// moves the scrollbar but not the rows the list has already placed.
  private func scrollToBottom() {
    guard pendingScroll == 0 else { return }
    pendingScroll = MainLoop.idle { [weak self] in
      guard let self else { return }
      pendingScroll = 0
      guard policy.isSticky, let adjustment else { return }
      // A value far from the rows the list has placed may not move them (seen with 100,000
      // rows of estimated height on GTK 4.8); anchoring on the newest item always does.
      if model.count > 0 { natter_list_scroll_to_item(list.widget, guint(model.count - 1)) }
      let bottom = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
      if gtk_adjustment_get_value(adjustment) != bottom {
        gtk_adjustment_set_value(adjustment, max(0, bottom))
      }
    }
  }

  private func updateJumpButton() {
    jumpButton.isVisible = policy.showsJumpButton
    let label = policy.unreadBadge.map { "↓ \($0) new" } ?? "↓ Latest"
    guard label != jumpLabel else { return }
    jumpLabel = label
    gtk_button_set_label(jumpButton.typed(), label)
    // gtk_button_set_label also renames the button for screen readers; the name stays fixed
    // and the count goes in the description.
    jumpButton.setAccessibleLabel("Jump to latest")
    Accessible.setDescription(
      jumpButton.widget, policy.unreadBadge.map { "\($0) new messages" } ?? "")
  }

  // MARK: Tests and measurement

  /// The row widget showing `position`, if the list has one.
  func row(at position: Int) -> TranscriptRow? {
    rows.values.first { $0.position == position }
  }

  /// Once the first frame with the transcript has been painted, puts the older messages into
  /// the list, and logs under `G_MESSAGES_DEBUG=natter` the wall-clock time of that frame, for
  /// measuring start-up from outside.
  private func logFirstFrame() {
    Signal.connect(list.pointer, "map") { [weak self] in
      guard let self, firstFrameHandler == 0,
        let clock = gtk_widget_get_frame_clock(list.widget)
      else { return }
      firstFrameHandler = Signal.connect(raw(clock), "after-paint") { [weak self] in
        guard let self, firstFrameHandler != 0 else { return }
        Log.debug(
          "first frame painted at \(g_get_real_time()) us (unix), \(model.count) messages")
        Signal.disconnect(raw(clock), firstFrameHandler)
        firstFrameHandler = UInt.max
        MainLoop.idle { [weak self] in
          self?.model.revealAll()
          self?.onFirstFrame()
        }
      }
    }
  }
}
