import CGtk
import GtkKit
import NatterCore

/// The `Conversations` sidebar (SPEC §10): a list view of `ConversationList.entries` with
/// each conversation's name, unread count and mention marker. It shows the list it is given
/// and reports which row the user opened; the rules live in `ConversationList`.
@MainActor
final class ConversationSidebar: Widget {
  /// The user opened a row (click, or Enter on a focused row).
  var onOpen: (String) -> Void = { _ in }

  private let ids: OpaquePointer
  private let selection: OpaquePointer
  private let factory: Object
  let list: Widget
  private var entries: [ConversationList.Entry] = []
  /// The row widgets GTK made, by list item.
  private var rows: [UnsafeMutableRawPointer: Row] = [:]
  /// One row: the name, a network's state under it, and the unread count.
  private struct Row {
    let box: Widget
    let name: Widget
    let detail: Widget
    let count: Widget
  }
  /// Selecting a row from `show(_:)` is not the user opening it.
  private var updating = false
  /// The open conversation's row, which the selection marks.
  private var openIndex: Int?

  init() {
    guard let strings = gtk_string_list_new(nil) else { fatalError("gtk_string_list_new") }
    ids = strings
    guard let single = gtk_single_selection_new(OpaquePointer(raw(strings))) else {
      fatalError("gtk_single_selection_new")
    }
    selection = single
    gtk_single_selection_set_autoselect(selection, 0)
    factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    list = Widget(
      gtk_list_view_new(OpaquePointer(raw(selection)), OpaquePointer(factory.newReference())))
    let scroller = gtk_scrolled_window_new()
    super.init(scroller)
    addCSSClass("conversations-sidebar")
    gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(opaque, list.widget)
    list.addCSSClass("navigation-sidebar")
    list.setAccessibleLabel(localized("Conversations"))
    gtk_list_view_set_single_click_activate(list.opaque, 1)
    Signal.connect(list.pointer, "activate") { [unowned self] (position: Signal.Pointer?) in
      let index = Int(UInt32(truncatingIfNeeded: UInt(bitPattern: position)))
      guard !updating, entries.indices.contains(index) else { return }
      onOpen(entries[index].id)
    }
    connectFactory()
    keepTheOpenRowMarked()
  }

  /// GTK 4.8's single-click list selects the row under the pointer, and the one the arrow
  /// keys reach, without opening it: once the pointer or the keyboard leaves the list, the
  /// selection goes back to the open conversation, which it marks on screen and for screen
  /// readers.
  private func keepTheOpenRowMarked() {
    if let motion = gtk_event_controller_motion_new() {
      Signal.connect(raw(motion), "leave") { [weak self] in self?.reselectOpenRow() }
      gtk_widget_add_controller(list.widget, motion)
    }
    if let focus = gtk_event_controller_focus_new() {
      Signal.connect(raw(focus), "leave") { [weak self] in self?.reselectOpenRow() }
      gtk_widget_add_controller(list.widget, focus)
    }
  }

  func reselectOpenRow() {
    guard let openIndex, gtk_single_selection_get_selected(selection) != guint(openIndex) else {
      return
    }
    updating = true
    defer { updating = false }
    gtk_single_selection_set_selected(selection, guint(openIndex))
  }

  /// Lists only this many of the entries while set: the rows below the first screen wait
  /// for its frame (`SidebarFirstScreen`).
  var rowLimit: Int?

  /// Shows `list`: its rows, counts and markers, with the open conversation selected. Only
  /// what changed is touched: rows are added or removed where the ids differ, and a row is
  /// filled again only when its entry changed, so each row is made and filled once.
  func show(_ list: ConversationList) {
    updating = true
    defer { updating = false }
    let old = entries
    entries = rowLimit.map { Array(list.entries.prefix($0)) } ?? list.entries
    let kept = Self.unchangedEnds(old.map(\.id), entries.map(\.id))
    let removed = old.count - kept.head - kept.tail
    let added = entries.count - kept.head - kept.tail
    if removed > 0 || added > 0 {
      var cStrings = entries[kept.head..<(kept.head + added)].map { strdup($0.id) }
      cStrings.append(nil)
      defer { cStrings.forEach { free($0) } }
      cStrings.withUnsafeBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(
          to: UnsafePointer<CChar>?.self, capacity: buffer.count
        ) {
          gtk_string_list_splice(ids, guint(kept.head), guint(removed), $0)
        }
      }
    }
    // Rows the splice added are bound with the new entries; a kept row is filled again only
    // when its entry changed.
    for (item, row) in rows {
      let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
      guard entries.indices.contains(position) else { continue }
      let before =
        position < kept.head
        ? position : position >= kept.head + added ? position - added + removed : nil
      guard let before, old[before] != entries[position] else { continue }
      fill(row, with: entries[position])
    }
    openIndex = entries.firstIndex { $0.id == list.activeID }
    if let openIndex { gtk_single_selection_set_selected(selection, guint(openIndex)) }
  }

  /// How many ids `old` and `new` share at their start and, after that, at their end.
  static func unchangedEnds(_ old: [String], _ new: [String]) -> (head: Int, tail: Int) {
    let head = zip(old, new).prefix { $0 == $1 }.count
    let most = min(old.count, new.count) - head
    let tail = zip(old.reversed(), new.reversed()).prefix(most).prefix { $0 == $1 }.count
    return (head, tail)
  }

  /// Shows or hides the sidebar (F9, a narrow window). The list is hidden with its scroller:
  /// AT-SPI in GTK 4.8 does not show the scroller, so screen readers would not see it go.
  var isShown: Bool {
    get { isVisible }
    set {
      isVisible = newValue
      list.isVisible = newValue
      if let separator { gtk_widget_set_visible(separator, newValue ? 1 : 0) }
    }
  }

  /// The line between the sidebar and the transcript, hidden with it.
  var separator: UnsafeMutablePointer<GtkWidget>?

  /// The names shown, in order, for tests.
  var names: [String] { entries.map(\.name) }

  private func connectFactory() {
    Signal.connect(factory.pointer, "setup") { [unowned self] item in
      guard let item else { return }
      let box = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
      let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
      let name = Widget(gtk_label_new(nil))
      let detail = Widget(gtk_label_new(nil))
      let count = Widget(gtk_label_new(nil))
      for label in [name, detail] {
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
      }
      // In the body's font, as the network's name is: the theme's `caption` and `heading`
      // are sizes of their own (9 and 11 pt), each a font the first frame with a network
      // had to find and hint (issue 32).
      detail.addCSSClass("dim-label")
      gtk_widget_set_hexpand(text, 1)
      count.addCSSClass("unread-count")
      gtk_box_append(cast(text), name.widget)
      gtk_box_append(cast(text), detail.widget)
      gtk_box_append(box.typed(), text)
      gtk_box_append(box.typed(), count.widget)
      gtk_widget_set_valign(count.widget, GTK_ALIGN_CENTER)
      gtk_list_item_set_child(OpaquePointer(item), box.widget)
      rows[item] = Row(box: box, name: name, detail: detail, count: count)
    }
    Signal.connect(factory.pointer, "bind") { [unowned self] item in
      guard let item, let row = rows[item] else { return }
      let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
      guard entries.indices.contains(position) else { return }
      fill(row, with: entries[position])
    }
    Signal.connect(factory.pointer, "teardown") { [unowned self] item in
      guard let item else { return }
      rows[item] = nil
    }
  }

  private func fill(_ row: Row, with entry: ConversationList.Entry) {
    gtk_label_set_text(row.name.opaque, entry.name)
    // A network's row heads its conversations and says how it is connected.
    let isNetwork = entry.kind == .network
    gtk_label_set_text(row.detail.opaque, entry.detail)
    row.detail.isVisible = isNetwork && !entry.detail.isEmpty
    // A long reason is cut to the sidebar's width; the whole of it on hover.
    row.detail.setTooltip(isNetwork && !entry.detail.isEmpty ? entry.detail : nil)
    row.name.setCSSClass("network-name", on: isNetwork)
    gtk_widget_set_margin_start(row.box.widget, entry.network != nil && !isNetwork ? 12 : 0)
    let unread = entry.unread > 0
    let count = entry.mentioned ? "@ \(entry.unread)" : "\(entry.unread)"
    // A channel we were removed from says so in words, beside what arrived before.
    let shown =
      !entry.isLeft ? count : unread ? localized("Left") + " · " + count : localized("Left")
    gtk_label_set_text(row.count.opaque, shown)
    row.count.isVisible = unread || entry.isLeft
    row.count.setCSSClass("mention", on: entry.mentioned)
    row.name.setCSSClass("unread", on: unread)
    row.name.setCSSClass("dim-label", on: entry.isLeft)
    // A screen reader reads the row by the conversation's name (SPEC §7), the count after it.
    // GTK 4.8 has no API for the row widget a list item makes: it is the child's parent.
    if let rowWidget = gtk_widget_get_parent(row.box.widget) {
      Accessible.setLabel(rowWidget, entry.name)
      let count =
        !unread
        ? nil
        : entry.mentioned
          ? localizedPlural(
            "{count} unread, mentions you", "{count} unread, mentions you", count: entry.unread)
          : localizedPlural("{count} unread", "{count} unread", count: entry.unread)
      let left = entry.isLeft ? localized("Left") : nil
      let state = isNetwork && !entry.detail.isEmpty ? entry.detail : nil
      Accessible.setDescription(
        rowWidget, [state, left, count].compactMap { $0 }.joined(separator: ", "))
    }
  }
}
