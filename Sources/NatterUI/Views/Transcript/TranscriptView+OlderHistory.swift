import CGtk
import GtkKit
import NatterCore

/// History on demand (SPEC §11): at the top of the stored messages the transcript asks for
/// the page before (the client sends at most one request, and none where the server keeps no
/// history); a `Loading older messages…` row shows while it comes, and the page arrives above
/// the rows on screen without moving them.
extension TranscriptView {
  /// Shows or hides `Loading older messages…` over the top of the list.
  func showLoadingOlder(_ loading: Bool) {
    if loading, loadingOlder == nil {
      let box = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
      let spinner = gtk_spinner_new()
      gtk_spinner_start(OpaquePointer(spinner))
      gtk_box_append(box.typed(), spinner)
      gtk_box_append(box.typed(), gtk_label_new(localized("Loading older messages…")))
      box.addCSSClass("osd")
      box.addCSSClass("loading-older")
      gtk_widget_set_halign(box.widget, GTK_ALIGN_CENTER)
      gtk_widget_set_valign(box.widget, GTK_ALIGN_START)
      gtk_widget_set_margin_top(box.widget, 6)
      gtk_widget_set_can_target(box.widget, 0)
      box.setAccessibleLabel(localized("Loading older messages…"))
      if let overlay = gtk_widget_get_parent(scroller.widget) {
        gtk_overlay_add_overlay(OpaquePointer(overlay), box.widget)
      }
      loadingOlder = box
    }
    loadingOlder?.isVisible = loading
  }

  /// Older messages were stored above the oldest shown: the rows on screen stay where they
  /// are, the new ones above them, reached by scrolling up.
  func olderHistoryArrived() {
    let before = pager.count
    let count = (try? store.count(conversation: conversation)) ?? 0
    history.reset(count: count)
    guard results == nil, count > before, let old = metrics else { return }
    policy = TranscriptPolicy()
    lastMetrics = nil
    filling.reset()
    model.reset(count: count)
    // The rows on screen keep their place while the new ones are measured (`OlderHistory`).
    FrameTicks.stop(placingOlder, of: list.widget)
    var placement = OlderHistory.Placement(before: old)
    placingOlder = FrameTicks.each(of: list.widget) { [weak self] in
      guard let self, let adjustment, let now = metrics else { return false }
      if let value = placement.frame(now: now) { gtk_adjustment_set_value(adjustment, value) }
      guard !placement.isDone else {
        placingOlder = 0
        return false
      }
      return true
    }
  }

  /// Asks for the page before the oldest stored message when the view is at the top of the
  /// history (`OlderHistory.isWanted`).
  func checkReachedTop() {
    let wanted = OlderHistory.isWanted(
      at: metrics, storedCount: pager.count, hiddenRows: model.hiddenCount,
      showingResults: results != nil, placingOlder: placingOlder != 0)
    if wanted { onReachedTop() }
  }
}
