import CGtk
import GtkKit
import NatterCore
import NatterStore

/// Search: the bar and its entry, a tag chip's filter, and the results shown in place of the
/// history (read from the store, kept in step with new messages by `SearchQuery.matches`).
extension TranscriptView {
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

  func connectSearch() {
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
}
