import CGtk
import GtkKit
import NatterCore
import NatterStore

/// Search: the bar and its entry, a tag chip's filter, and the results shown in place of the
/// history (read from the store, kept in step with new messages by `SearchQuery.matches`).
extension TranscriptView {
  var isSearchOpen: Bool {
    search.map { Bool(gboolean: gtk_search_bar_get_search_mode($0.bar.opaque)) } ?? false
  }

  /// Ctrl+F: opens the search bar and focuses its entry.
  func openSearch() {
    let (bar, entry) = makeSearch()
    gtk_search_bar_set_search_mode(bar.opaque, 1)
    entry.grabFocus()
  }

  /// Escape: closes the search bar; the full history shows again at its newest message.
  func closeSearch() {
    guard let search else { return }
    gtk_search_bar_set_search_mode(search.bar.opaque, 0)
    showHistory()  // also done on the mode's notify; idempotent
  }

  /// A tag chip: filter by that tag, shown in the search bar.
  func filter(byTag tag: String) {
    let (bar, entry) = makeSearch()
    gtk_search_bar_set_search_mode(bar.opaque, 1)
    gtk_editable_set_text(entry.opaque, "#\(tag)")
    applyFilter("#\(tag)")
    entry.grabFocus()
    gtk_editable_set_position(entry.opaque, -1)
  }

  private func applyFilter(_ text: String) {
    let query = SearchQuery(parsing: text)
    guard !query.isEmpty else {
      showHistory()
      return
    }
    if let results, results.query == query, results.everywhere == searchesEverywhere { return }
    var found: [Message] = []
    do {
      found = try store.search(
        query: query.textTerms.joined(separator: " "), tags: query.tagTerms,
        limit: Self.searchLimit, in: searchesEverywhere ? nil : conversation)
    } catch {
      Log.warning("search failed: \(error)")
    }
    let pager = TranscriptPager(source: MessageListSource(found.reversed()), count: found.count)
    results = (query, pager, searchesEverywhere)
    reloadRows(count: found.count)
  }

  /// `Every conversation` is on: results come from all of them, each row saying where.
  var searchesEverywhere: Bool {
    everywhereButton.map { Bool(gboolean: gtk_check_button_get_active($0.typed())) } ?? false
  }

  /// Where a result row's message is, while searching every conversation.
  func place(of message: Message) -> String? {
    guard let results, results.everywhere, let name = conversationName else { return nil }
    return name(message.conversation)
  }

  /// Every conversation or this one, from the keyboard as from the switch (tests use it).
  func searchEverywhere(_ on: Bool) {
    let (bar, entry) = makeSearch()
    gtk_search_bar_set_search_mode(bar.opaque, 1)
    if let everywhereButton { gtk_check_button_set_active(everywhereButton.typed(), on ? 1 : 0) }
    applyFilter(string(gtk_editable_get_text(entry.opaque)) ?? "")
  }

  private func showHistory() {
    guard results != nil else { return }
    results = nil
    if let search { gtk_editable_set_text(search.entry.opaque, "") }
    reloadRows(count: history.count)
  }

  /// The search bar above the list, made the first time a search opens: nobody needs it for
  /// the first frame (issue 19).
  private func makeSearch() -> (bar: Widget, entry: Widget) {
    if let search { return search }
    let bar = Widget(gtk_search_bar_new())
    let entry = Widget(gtk_search_entry_new())
    let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
    gtk_box_append(cast(line), entry.widget)
    // With networks there is more than this conversation to search (SPEC §11).
    if conversationName != nil {
      let everywhere = Widget(gtk_check_button_new_with_label(localized("Every conversation")))
      everywhere.setAccessibleLabel(localized("Search every conversation"))
      gtk_box_append(cast(line), everywhere.widget)
      everywhereButton = everywhere
      Signal.connect(everywhere.pointer, "toggled") { [weak self, unowned entry] in
        self?.applyFilter(string(gtk_editable_get_text(entry.opaque)) ?? "")
      }
    }
    gtk_search_bar_set_child(bar.opaque, line)
    gtk_search_bar_connect_entry(bar.opaque, entry.opaque)
    gtk_search_bar_set_show_close_button(bar.opaque, 1)
    entry.setAccessibleLabel(localized("Search messages"))
    gtk_widget_set_hexpand(entry.widget, 1)
    gtk_editable_set_width_chars(entry.opaque, 12)
    gtk_box_prepend(typed(), bar.widget)
    search = (bar, entry)
    // GtkSearchEntry already waits 150 ms after the last keystroke before search-changed.
    Signal.connect(entry.pointer, "search-changed") { [weak self, unowned entry] in
      guard let self, isSearchOpen else { return }
      applyFilter(string(gtk_editable_get_text(entry.opaque)) ?? "")
    }
    // However the bar closes (Escape in the entry, its close button, Ctrl+F again) the
    // history comes back and the composer gets the focus.
    Signal.connect(bar.pointer, "notify::search-mode-enabled") { [weak self] _ in
      guard let self else { return }
      onSearchModeChanged()
      guard !isSearchOpen else { return }
      showHistory()
      onSearchClosed()
    }
    return (bar, entry)
  }
}

/// Opening a result: Enter on a result row or a double click on one takes the user to the
/// message in its own conversation, which the window opens (`onOpenResult`).
extension TranscriptView {
  /// Enter reaches the list before the row's selectable label, which would take it for the
  /// window's default.
  func connectResultKeys() {
    guard let keys = gtk_event_controller_key_new() else { return }
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
    Signal.connectKeyPressed(raw(keys)) { [weak self] keyval, state in
      guard let self, let key = KeyEvent.key(keyval) else { return false }
      let context = KeyContext(focus: .transcript, searchOpen: results != nil)
      guard
        Keymap.action(for: key, modifiers: KeyEvent.modifiers(state), in: context)
          == .openSearchResult,
        let row = focusedRow
      else { return false }
      return openResult(at: row.position)
    }
    gtk_widget_add_controller(list.widget, keys)
  }

  /// In the capture phase, so the press is seen before the label starts a word selection.
  func connectDoubleClick(on row: TranscriptRow) {
    guard let clicks = gtk_gesture_click_new() else { return }
    gtk_event_controller_set_propagation_phase(clicks, GTK_PHASE_CAPTURE)
    Signal.connectPressed(raw(clicks)) { [weak self, unowned row] presses in
      guard presses == 2, let self else { return }
      _ = openResult(at: row.position)
    }
    gtk_widget_add_controller(row.widget, clicks)
  }

  /// The row holding the keyboard focus, if one does.
  private var focusedRow: TranscriptRow? {
    guard let root = gtk_widget_get_root(list.widget), let focus = gtk_root_get_focus(root)
    else { return nil }
    return rows.values.first { row in
      // The list item around the row, the row itself, or a label or button in it.
      row.position >= 0
        && (focus == row.widget || focus == gtk_widget_get_parent(row.widget)
          || gtk_widget_is_ancestor(focus, row.widget) != 0)
    }
  }

  private func openResult(at position: Int) -> Bool {
    guard let results, let (message, _) = results.pager.row(at: position) else { return false }
    onOpenResult(message)
    return true
  }
}
