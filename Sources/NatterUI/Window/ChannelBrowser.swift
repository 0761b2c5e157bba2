import CGtk
import Dispatch
import GtkKit
import NatterCore

/// `/list` (SPEC §12): a network's channels in a window of their own, `Filter channels` over
/// the list `Channels` (name, users, topic), most users first. Typing filters; Enter on a
/// channel (or a double click) joins it, Enter in the filter joins the first match; Escape
/// or Ctrl+W closes, and the app's keys (Ctrl+Q) work in it. Rows are made only for what shows, a screenful a frame (`StagedListFill`), so 20,000
/// channels cost what a screenful does.
@MainActor
final class ChannelBrowser {
  /// Join this channel (the window has closed).
  var onJoin: (String) -> Void = { _ in }
  /// The window is gone.
  var onClose: () -> Void = {}

  let window: Widget
  let filter: Widget
  let list: Widget
  let status: Widget
  private let model = IndexListModel()
  private let fill: StagedListFill
  private let factory: Object
  private(set) var directory = ChannelDirectory([])
  private var loading = true
  private var rows: [UnsafeMutableRawPointer: (name: Widget, users: Widget, topic: Widget)] = [:]

  init(network: String, filter text: String?, over parent: UnsafeMutablePointer<GtkWindow>) {
    window = Widget(gtk_window_new())
    filter = Widget(gtk_search_entry_new())
    status = Widget(gtk_label_new(nil))
    factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    let selection = gtk_single_selection_new(OpaquePointer(model.newReference()))
    gtk_single_selection_set_autoselect(selection, 0)
    gtk_single_selection_set_can_unselect(selection, 1)
    list = Widget(gtk_list_view_new(selection, OpaquePointer(factory.newReference())))
    fill = StagedListFill(model: model, list: list.widget)
    let typedWindow: UnsafeMutablePointer<GtkWindow> = window.typed()
    window.setTransient(destroyedWith: parent)
    window.joinApplication(of: parent)
    gtk_window_set_title(
      typedWindow, localized("Channels on {network}", ["network": network]))
    gtk_window_set_default_size(typedWindow, 640, 520)
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
    for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { margin(box, 12) }
    for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { margin(box, 12) }
    filter.setAccessibleLabel(localized("Filter channels"))
    natter_object_set_string(filter.pointer, "placeholder-text", localized("Filter channels"))
    gtk_editable_set_text(filter.opaque, text ?? "")
    gtk_box_append(cast(box), filter.widget)
    list.setAccessibleLabel(localized("Channels"))
    list.addCSSClass("channel-list")
    let scroller = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_widget_set_vexpand(scroller, 1)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list.widget)
    gtk_box_append(cast(box), scroller)
    gtk_label_set_xalign(status.opaque, 0)
    status.addCSSClass("dim-label")
    status.setAccessibleLabel(localized("Channel count"))
    gtk_box_append(cast(box), status.widget)
    gtk_window_set_child(typedWindow, box)
    window.closeOnEscape()
    connectRows()
    Signal.connect(filter.pointer, "search-changed") { [weak self] in self?.applyFilter() }
    Signal.connect(filter.pointer, "activate") { [weak self] in self?.joinFirstMatch() }
    // The filter, which has the focus, takes Escape for itself (GtkSearchEntry's
    // "stop-search"): the window's Escape would come only from the list.
    Signal.connect(filter.pointer, "stop-search") { [weak self] in self?.close() }
    Signal.connectPosition(list.pointer, "activate") { [weak self] position in
      guard let self, Int(position) < directory.count else { return }
      join(directory[Int(position)].name)
    }
    // However it goes (Escape, Enter, the parent closing), `gtk_window_destroy` unrealizes the
    // window; "destroy" would wait for its last reference, which is this browser's, so the
    // owner that lets go of the browser would never be told. GTK 4.8 unrealizes a toplevel
    // otherwise only for `gtk_window_set_display` and a titlebar set while realized, neither
    // of which the browser does. The list tears its rows down after this, so the handlers
    // hold the browser weakly.
    Signal.connect(window.pointer, "unrealize") { [weak self] in
      guard let self, !isClosed else { return }
      isClosed = true
      let onClose = onClose
      MainLoop.idle { onClose() }
    }
    showStatus()
  }

  func present() {
    gtk_window_present(window.typed())
    filter.grabFocus()
  }

  /// The server's answer came: every channel, listed under the filter as typed. 20,000 are
  /// sorted on a worker thread (on the main one, the sort and the first rows delayed a frame,
  /// issue 32), and their first screenful of rows is made right after a frame, when a whole
  /// frame interval is left.
  func show(_ channels: [IRCListedChannel], complete: Bool) {
    answers += 1
    let answer = answers
    DispatchQueue.global(qos: .userInitiated).async {
      let sorted = ChannelDirectory(channels)
      MainLoop.post { [weak self] in
        guard let self, !isClosed else { return }
        AfterNextFrame.run(of: list.widget) { [weak self] in
          guard let self, answer == answers, !isClosed else { return }
          loading = false
          directory = sorted
          self.complete = complete
          applyFilter()
          BenchProbe.channelsListed(sorted.all.count)
        }
      }
    }
  }
  private var complete = true
  /// Answers shown so far: a later one replaces an earlier one still being sorted.
  private var answers = 0

  /// The window was destroyed; nothing more is done with it.
  private(set) var isClosed = false

  func close() {
    guard !isClosed else { return }
    gtk_window_destroy(window.typed())
  }

  /// Enter in the filter: the first channel it keeps is joined.
  func joinFirstMatch() {
    if directory.count > 0 { join(directory[0].name) }
  }

  private func join(_ channel: String) {
    onJoin(channel)
    close()
  }

  private func applyFilter() {
    directory.setFilter(string(gtk_editable_get_text(filter.opaque)) ?? "")
    fill.reset(count: directory.count)
    showStatus()
  }

  private func showStatus() {
    var text = loading ? localized("Asking the server for its channels…") : directory.summary
    if !loading, !complete {
      text = localized("{summary} (the server listed more)", ["summary": text])
    }
    gtk_label_set_text(status.opaque, text)
    // GtkLabel names itself after its text on every change; it is found by its role's name.
    status.setAccessibleLabel(localized("Channel count"))
    Accessible.setDescription(status.widget, text)
  }

  private func connectRows() {
    Signal.connect(factory.pointer, "setup") { [weak self] item in
      guard let self, let item else { return }
      let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
      let name = Widget(gtk_label_new(nil))
      let users = Widget(gtk_label_new(nil))
      let topic = Widget(gtk_label_new(nil))
      gtk_label_set_xalign(name.opaque, 0)
      gtk_label_set_width_chars(name.opaque, 18)
      gtk_label_set_ellipsize(name.opaque, PANGO_ELLIPSIZE_END)
      gtk_label_set_max_width_chars(name.opaque, 24)
      name.addCSSClass("heading")
      gtk_label_set_xalign(users.opaque, 1)
      gtk_label_set_width_chars(users.opaque, 6)
      users.addCSSClass("numeric")
      users.addCSSClass("dim-label")
      gtk_label_set_xalign(topic.opaque, 0)
      gtk_label_set_ellipsize(topic.opaque, PANGO_ELLIPSIZE_END)
      gtk_widget_set_hexpand(topic.widget, 1)
      topic.addCSSClass("dim-label")
      for label in [name, users, topic] { gtk_box_append(cast(row), label.widget) }
      gtk_list_item_set_child(OpaquePointer(item), row)
      rows[item] = (name, users, topic)
    }
    Signal.connect(factory.pointer, "bind") { [weak self] item in
      guard let self, let item, let row = rows[item],
        let object = gtk_list_item_get_item(OpaquePointer(item))
      else { return }
      let index = IndexListModel.index(ofItem: object)
      guard index < directory.count else { return }
      let channel = directory[index]
      gtk_label_set_text(row.name.opaque, channel.name)
      gtk_label_set_text(row.users.opaque, String(channel.users))
      gtk_label_set_text(row.topic.opaque, channel.topic)
      Tooltip.setAsked(row.topic.widget, channel.topic)
      Accessible.setDescription(row.topic.widget, channel.topic)
      Accessible.setDescription(
        row.users.widget,
        localizedPlural("{count} user", "{count} users", count: channel.users))
    }
    Signal.connect(factory.pointer, "teardown") { [weak self] item in
      guard let self, let item else { return }
      rows[item] = nil
    }
  }
}
