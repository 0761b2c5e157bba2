import CGtk
import GtkKit
import NatterCore

/// The open channel's members (SPEC §12), in the header's `Members` popover: `Filter members`
/// over the list `Members`, by rank then name, each nickname in its colour. Typing filters;
/// Enter in the filter opens a private chat with the first match, Enter on a member (or a
/// double click) with that one. Rows are made only for what shows, so 10,000 members cost
/// what a screenful does.
@MainActor
final class MemberListView: Widget {
  /// A private chat with this nickname was asked for.
  var onOpen: (String) -> Void = { _ in }

  let filter: Widget
  let list: Widget
  private let model = IndexListModel()
  private let fill: StagedListFill
  private let factory: Object
  private var all: [IRCMember] = []
  /// The user's own nickname there, shown apart (no colour of its own, as in the transcript).
  private var me: String?
  /// The members the filter keeps, in the list's order.
  private(set) var shown: [IRCMember] = []
  /// Each row's label by its list item, with the colour class it has.
  private var labels: [UnsafeMutableRawPointer: (label: Widget, color: String?)] = [:]

  init() {
    filter = Widget(gtk_search_entry_new())
    factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    let selection = gtk_no_selection_new(OpaquePointer(model.newReference()))
    list = Widget(gtk_list_view_new(selection, OpaquePointer(factory.newReference())))
    fill = StagedListFill(model: model, list: list.widget)
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 6))
    addCSSClass("member-list")
    filter.setAccessibleLabel(localized("Filter members"))
    // gtk_search_entry_set_placeholder_text is GTK 4.10; the property is older.
    natter_object_set_string(filter.pointer, "placeholder-text", localized("Filter members"))
    gtk_box_append(typed(), filter.widget)
    list.setAccessibleLabel(localized("Members"))
    let scroller = gtk_scrolled_window_new()
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scroller), 1)
    gtk_scrolled_window_set_max_content_height(OpaquePointer(scroller), 400)
    gtk_scrolled_window_set_min_content_width(OpaquePointer(scroller), 220)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list.widget)
    gtk_box_append(typed(), scroller)
    connectRows()
    Signal.connect(filter.pointer, "search-changed") { [unowned self] in applyFilter() }
    Signal.connect(filter.pointer, "activate") { [unowned self] in openFirstMatch() }
    Signal.connectPosition(list.pointer, "activate") { [unowned self] position in
      guard Int(position) < shown.count else { return }
      onOpen(shown[Int(position)].nick)
    }
  }

  /// Enter in the filter: a private chat with the first member it keeps.
  func openFirstMatch() {
    if let first = shown.first { onOpen(first.nick) }
  }

  /// The members to list now, `me` among them (the filter stays as typed).
  func show(_ members: [IRCMember], me: String? = nil) {
    guard members != all || me != self.me else { return }
    all = members
    self.me = me
    applyFilter()
  }

  private func applyFilter() {
    shown = IRCMember.filter(all, by: string(gtk_editable_get_text(filter.opaque)) ?? "")
    fill.reset(count: shown.count)
  }

  private func connectRows() {
    Signal.connect(factory.pointer, "setup") { [unowned self] item in
      guard let item else { return }
      let label = Widget(gtk_label_new(nil))
      gtk_label_set_xalign(label.opaque, 0)
      label.addCSSClass("member")
      gtk_list_item_set_child(OpaquePointer(item), label.widget)
      labels[item] = (label, nil)
    }
    Signal.connect(factory.pointer, "bind") { [unowned self] item in
      guard let item, let (label, color) = labels[item],
        let object = gtk_list_item_get_item(OpaquePointer(item))
      else { return }
      let index = IndexListModel.index(ofItem: object)
      guard index < shown.count else { return }
      let member = shown[index]
      gtk_label_set_text(
        label.opaque,
        member.isBot ? localized("{nick} (bot)", ["nick": member.shown]) : member.shown)
      // Away members are dimmed; what they are is in the tooltip and for screen readers.
      if member.isAway { label.addCSSClass("away") } else { label.removeCSSClass("away") }
      let about = member.about
      Tooltip.setAsked(label.widget, about)
      Accessible.setDescription(label.widget, about)
      let wanted = NickColors.cssClass(of: member.nick, me: me)
      guard wanted != color else { return }
      if let color { label.removeCSSClass(color) }
      label.addCSSClass(wanted)
      labels[item] = (label, wanted)
    }
    Signal.connect(factory.pointer, "teardown") { [unowned self] item in
      guard let item else { return }
      labels[item] = nil
    }
  }
}
