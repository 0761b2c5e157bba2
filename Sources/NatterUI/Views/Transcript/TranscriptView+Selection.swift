import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterStore

/// Selecting a message from the keyboard (SPEC §13): Alt+Up in the composer selects the
/// newest, Up/Down and Page Up/Down walk, Escape gives the composer the keyboard back; R, E, C,
/// Enter and the menu act on the selected message. `MessageSelection` and `MessageAction`
/// decide; this moves the focus and shows it.
extension TranscriptView {
  /// Alt+Up from the composer: the newest message takes the keyboard. False when there is
  /// nothing to select (the key then does nothing) or while search results show.
  func selectNewest() -> Bool {
    guard results == nil else { return false }
    model.revealAll()
    guard let position = selection.selectNewest(count: model.count) else { return false }
    jumpToLatest()
    showSelection(at: position)
    return true
  }

  /// Selects the row at `position` and gives it the keyboard.
  func select(position: Int) {
    guard let position = selection.select(position, count: model.count) else { return }
    showSelection(at: position)
  }

  /// The height of a row for paging the selection: a header and one line of body.
  static let pageRowHeight = 48

  /// The selected message, if one is and it can be read.
  var selectedMessage: Message? {
    selection.position.flatMap { pager.message(at: $0) }
  }

  /// Drops the selection (the composer took the keyboard by other means: a click, Ctrl+L).
  func clearSelection() {
    guard selection.isActive else { return }
    selection.leave()
    FrameTicks.stop(selectionFocus, of: list.widget)
    selectionFocus = 0
    markSelectedRow()
    for row in rows.values { gtk_widget_set_focusable(row.widget, 0) }
  }

  /// Marks the selected row, scrolls it into view and focuses it once the list has laid it
  /// out: a row far away exists only after the list scrolled to it.
  private func showSelection(at position: Int) {
    markSelectedRow()
    FrameTicks.stop(selectionFocus, of: list.widget)
    if !isInView(position) { natter_list_scroll_to_item(list.widget, guint(position)) }
    if focusRow(at: position) { return }
    var framesLeft = 60
    selectionFocus = FrameTicks.each(of: list.widget) { [weak self] in
      guard let self else { return false }
      framesLeft -= 1
      guard selection.position == position, framesLeft > 0, !focusRow(at: position) else {
        selectionFocus = 0
        return false
      }
      natter_list_scroll_to_item(list.widget, guint(position))
      return true
    }
  }

  /// Focuses the row showing `position` when the list has it on screen.
  private func focusRow(at position: Int) -> Bool {
    guard let row = row(at: position), gtk_widget_get_mapped(row.widget) != 0 else {
      return false
    }
    gtk_widget_set_focusable(row.widget, 1)
    _ = row.grabFocus()
    guard row.hasFocus else { return false }
    // The row left behind stops being a focus stop only now, so the keyboard never falls
    // out of the transcript between the two.
    for other in rows.values where other !== row { gtk_widget_set_focusable(other.widget, 0) }
    return true
  }

  /// The selected-row style on the rows on screen; a row bound later reads the selection.
  private func markSelectedRow() {
    for row in rows.values {
      if row.position >= 0 && row.position == selection.position && results == nil {
        row.addCSSClass("selected-message")
      } else {
        row.removeCSSClass("selected-message")
      }
    }
  }

  /// The selected message's keys, before the row's labels and the list's own navigation.
  func connectSelectionKeys() {
    guard let keys = gtk_event_controller_key_new() else { return }
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(raw(keys)) { [weak self] keyval, state in
      guard let self, let key = KeyEvent.key(keyval) else { return false }
      return handleSelectionKey(key, KeyEvent.modifiers(state))
    }
    gtk_widget_add_controller(list.widget, keys)
  }

  /// One key on a selected message; false lets it through. Tests call it directly.
  @discardableResult
  func handleSelectionKey(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
    guard selection.isActive, results == nil,
      let action = Keymap.action(for: key, modifiers: modifiers, in: KeyContext(focus: .message))
    else { return false }
    return perform(action)
  }

  private func perform(_ action: KeyAction) -> Bool {
    let rows = model.count
    // Rows differ in height; a page of selection is the view's height in two-line rows, so
    // Page Up never skips past what was on screen.
    let page = max(1, Int((metrics?.pageSize ?? 0) / Double(Self.pageRowHeight)))
    switch action {
    case .previousMessage, .nextMessage, .previousMessagePage, .nextMessagePage:
      let step: MessageSelection.Step =
        switch action {
        case .previousMessage: .up
        case .nextMessage: .down
        case .previousMessagePage: .pageUp
        default: .pageDown
        }
      if let position = selection.move(step, count: rows, pageRows: page) {
        if position < rows - 1 { stopFollowing() }
        showSelection(at: position)
      }
      if action == .previousMessage || action == .previousMessagePage, selection.position == 0 {
        checkReachedTop()
      }
    case .leaveMessages:
      // The composer first: the row stops being focusable once the keyboard has left it.
      onLeaveSelection()
      clearSelection()
    case .replyToMessage: run(.reply)
    case .reactToMessage: run(.react)
    case .copyMessage: run(.copyText)
    case .activateMessage:
      // Enter on one of the row's own buttons (Show more, Retry) is that button's; on its
      // selectable text, as on the row, it is the message's.
      if let position = selection.position, let row = row(at: position),
        let root = gtk_widget_get_root(row.widget), let focus = gtk_root_get_focus(root),
        let button = gtk_widget_get_ancestor(focus, gtk_button_get_type()),
        gtk_widget_is_ancestor(button, row.widget) != 0
      {
        return false
      }
      guard let message = selectedMessage, let chosen = MessageAction.enterAction(for: message)
      else { return true }
      run(chosen)
    case .messageMenu: openMenu()
    default: return false
    }
    return true
  }

  /// Scrolling up through the selection leaves the bottom: new messages no longer pull it.
  private func stopFollowing() {
    guard policy.isSticky, let metrics else { return }
    var away = metrics
    away.value = max(0, metrics.value - 1)
    _ = policy.metricsChanged(away)
    updateJumpButton()
  }

  /// Does `action` to the selected message when it offers it (`MessageAction.available`).
  func run(_ action: MessageAction) {
    guard let message = selectedMessage,
      MessageAction.available(for: message).contains(action)
    else { return }
    switch action {
    case .retry: onRetry(message)
    case .reply:
      onReply(message)
      clearSelection()
    case .react: openReactions(for: message)
    case .copyText:
      let text = MessageAction.copiedText(of: message)
      gdk_clipboard_set_text(gtk_widget_get_clipboard(list.widget), text)
      noteCopied(text)
    case .openLink:
      if let url = MessageAction.link(of: message) { onOpenLink(url) }
    case .showParent: showParent(of: message)
    case .showWhole: showWhole(message)
    }
  }

  /// The quote of a reply activated (a click, Enter): the parent, paged in if it is old, is
  /// scrolled to and selected. An unknown parent changes nothing: its quote says
  /// `Message not loaded`.
  func showParent(of reply: Message) {
    guard let msgid = reply.replyTo, let parent = parentLookup(msgid, reply.conversation)
    else { return }
    let position =
      history.cachedPosition(ofID: parent.id)
      ?? (try? store.position(of: MessageCursor(parent), in: conversation))
    guard let position, position < history.count, results == nil else { return }
    reveal(parent)
    select(position: position)
  }

  /// Opens `url` with the desktop's handler for it.
  func showURI(_ url: String) {
    let window: UnsafeMutablePointer<GtkWindow>? = cast(gtk_widget_get_root(list.widget))
    gtk_show_uri(window, url, guint32(GDK_CURRENT_TIME))
  }

  /// The bounds of the selected row in the transcript's coordinates, for a popover.
  var selectedRowBounds: GdkRectangle? {
    guard let position = selection.position, let row = row(at: position) else { return nil }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(row.widget, widget, &bounds) != 0 else { return nil }
    return GdkRectangle(
      x: Int32(bounds.origin.x), y: Int32(bounds.origin.y), width: Int32(bounds.size.width),
      height: Int32(min(bounds.size.height, 40)))
  }

  /// Gives the selected row the keyboard again (a popover closed).
  func refocusSelection() {
    guard let position = selection.position else { return }
    showSelection(at: position)
  }

  /// Right click on a row: it is selected and its menu opens.
  func connectMenuClick(on row: TranscriptRow) {
    guard let clicks = gtk_gesture_click_new() else { return }
    // GDK_BUTTON_SECONDARY is a macro Swift does not import.
    gtk_gesture_single_set_button(OpaquePointer(raw(clicks)), 3)
    Signal.connectPressed(raw(clicks)) { [weak self, unowned row] _ in
      guard let self, row.position >= 0, results == nil else { return }
      select(position: row.position)
      openMenu()
    }
    gtk_widget_add_controller(row.widget, clicks)
  }
}
