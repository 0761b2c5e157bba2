import CGtk
import GtkKit
import NatterCore
import NatterStore

/// Scroll following: the page and jump keys, and every adjustment change fed to
/// `TranscriptPolicy`, whose `scrollToBottom` keeps the newest message in view while sticky.
extension TranscriptView {
  /// Page Up/Down, Ctrl+Home/End from anywhere in the window.
  func scroll(_ action: KeyAction) {
    guard let adjustment, let metrics else { return }
    switch action {
    case .scrollPageUp, .scrollPageDown:
      if action == .scrollPageUp, metrics.value <= 0.5 {
        // Page Up at the top: older history is wanted (it may have to come from the server).
        checkReachedTop()
      } else if let target = metrics.pageTarget(for: action) {
        gtk_adjustment_set_value(adjustment, target)
      }
    case .scrollToOldest:
      model.revealAll()
      guard model.count > 0 else { return }
      leaveBottom(to: 0)
      scrollToTop(adjustment)
    case .scrollToNewest: jumpToLatest()
    default: break
    }
  }

  /// To the oldest row, by value: `list.scroll-to-item` 0 after a far jump lands a few hundred
  /// rows short on GTK 4.8 (rows placed by estimated heights), and the list's next layout can
  /// move the value again as it measures rows. So each frame, until row 0 is on screen at the
  /// top, looks at what the last layout did and corrects it. Per frame, not per idle: many
  /// idles can run before the layout they wait for, and three idle retries spent before one
  /// frame left the view short of the top (`aHundredThousandRowHistoryOpensAtItsEnd`, failing
  /// now and then under load).
  private func scrollToTop(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
    FrameTicks.stop(rowJump, of: list.widget)
    gtk_adjustment_set_value(adjustment, 0)
    var framesLeft = 60
    rowJump = FrameTicks.each(of: list.widget) { [weak self] in
      guard let self else { return false }
      framesLeft -= 1
      let atTop =
        gtk_adjustment_get_value(adjustment) == 0
        && row(at: 0).map { gtk_widget_get_mapped($0.widget) != 0 } == true
      guard !policy.isSticky, !atTop, framesLeft > 0 else {
        rowJump = 0
        return false
      }
      if gtk_adjustment_get_value(adjustment) == 0 {
        // Already at 0 by value with other rows placed there: only an anchor moves them.
        natter_list_scroll_to_item(list.widget, 0)
      }
      gtk_adjustment_set_value(adjustment, 0)
      return true
    }
  }

  /// Shows `message`, a search result opened here: the list goes to it and marks it, and
  /// stops following the newest messages (`Jump to latest` brings them back).
  func reveal(_ message: Message) {
    guard let position = try? store.position(of: MessageCursor(message), in: conversation),
      position < history.count
    else { return }
    foundID = message.id
    rebindRows()
    model.revealAll()
    guard position < model.count - 1 else {
      jumpToLatest()
      return
    }
    leaveBottom(to: 0)
    scrollToRow(position)
  }

  /// Like `scrollToTop`: the list places rows by estimated heights, so each frame until the
  /// row is inside the view anchors on it again. The layout after a closed search still
  /// reports the view at the bottom, which the policy reads as following again; until the
  /// row is shown the view is ours (Ctrl+End still stops it).
  private func scrollToRow(_ position: Int) {
    FrameTicks.stop(rowJump, of: list.widget)
    natter_list_scroll_to_item(list.widget, guint(position))
    var framesLeft = 60
    // Two frames in a row: the first frame after a reset of the rows can still read the
    // places of the rows that were there before.
    var framesInView = 0
    rowJump = FrameTicks.each(of: list.widget) { [weak self] in
      guard let self else { return false }
      framesLeft -= 1
      if policy.isSticky { leaveBottom(to: metrics?.value ?? 0) }
      framesInView = isInView(position) ? framesInView + 1 : 0
      guard framesInView < 2, framesLeft > 0 else {
        rowJump = 0
        return false
      }
      if framesInView == 0 { natter_list_scroll_to_item(list.widget, guint(position)) }
      return true
    }
  }

  /// Whether the row at `position` is laid out and wholly between the view's edges.
  func isInView(_ position: Int) -> Bool {
    guard let row = row(at: position), gtk_widget_get_mapped(row.widget) != 0 else {
      return false
    }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(row.widget, scroller.widget, &bounds) != 0 else { return false }
    let height = Float(gtk_widget_get_height(scroller.widget))
    // A row taller than the view is in it when its top is at the view's top edge or below.
    return bounds.origin.y >= 0 && bounds.origin.y + min(bounds.size.height, height) <= height
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
    FrameTicks.stop(rowJump, of: list.widget)
    rowJump = 0
    if policy.jumpToLatest() == .scrollToBottom {
      if model.count > 0 { natter_list_scroll_to_item(list.widget, guint(model.count - 1)) }
      scrollToBottom()
    }
    updateJumpButton()
  }

  func connectScrolling() {
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
    checkReachedTop()
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

  /// Rows were appended while sticky. Anchoring the list on the newest item at once, outside
  /// GTK's layout, has the very next frame lay it out; deferred alone, the scroll came after
  /// that frame, and a sent message was drawn a frame late 4 times in 9 (issue 32). The
  /// deferred scroll still corrects for estimated row heights.
  func followNewest() {
    if model.count > 0 { natter_list_scroll_to_item(list.widget, guint(model.count - 1)) }
    placeNewestAfterLayout()
    scrollToBottom()
  }

  /// GTK 4.8 measures a new row only in the list's next size-allocate, so the anchor set on
  /// append sees it 0 px high, right at the view's bottom edge, and keeps its top edge there
  /// (`gtk_list_base_compute_scroll_align`): that layout places the row just below the view
  /// and hides it (`gtk_list_base_size_allocate_child`). Anchoring again once that layout has
  /// measured it puts its bottom edge at the view's, and GDK lays out again before painting,
  /// so the frame still shows the newest row (issue 32: a sent message one frame late).
  func placeNewestAfterLayout() {
    guard !placingNewest else { return }
    placingNewest = AfterLayout.once(of: list.widget) { [weak self] in
      guard let self else { return }
      placingNewest = false
      guard policy.isSticky, model.count > 0 else { return }
      let newest = model.count - 1
      if !isInView(model.index(atPosition: newest)) {
        natter_list_scroll_to_item(list.widget, guint(newest))
      }
    }
  }

  /// Puts the newest message at the bottom edge. Deferred to an idle after GTK's layout: the
  /// list configures its adjustment from inside its size-allocate, and a value set right then
  /// moves the scrollbar but not the rows the list has already placed.
  func scrollToBottom() {
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

  func updateJumpButton() {
    jumpButton.isVisible = policy.showsJumpButton
    let label =
      policy.unreadBadge.map { localized("↓ {count} new", ["count": $0]) } ?? localized("↓ Latest")
    guard label != jumpLabel else { return }
    jumpLabel = label
    gtk_button_set_label(jumpButton.typed(), label)
    // gtk_button_set_label also renames the button for screen readers; the name stays fixed
    // and the count goes in the description.
    jumpButton.setAccessibleLabel(localized("Jump to latest"))
    Accessible.setDescription(
      jumpButton.widget,
      policy.unreadBadge.map { _ in
        localizedPlural("{count} new message", "{count} new messages", count: policy.unreadCount)
      } ?? "")
  }
}
