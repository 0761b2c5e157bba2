import CGtk
import GtkKit
import TestSupport
import Testing

@testable import NatterCore
@testable import NatterUI

/// The sidebar and the quick switcher show what `ConversationList` and `SwitcherFilter` say
/// and report what the user opens.
@MainActor
@Suite("Conversation views")
struct ConversationViewsTests {
  private func list() -> ConversationList {
    var list = ConversationList()
    list.setNetworks([("irc/", "Net")])
    list.add(id: "irc/#natter", name: "#natter", kind: .channel)
    list.add(id: "irc/bob", name: "bob", kind: .privateChat)
    list.add(id: "irc/#gtk", name: "#gtk", kind: .channel)
    return list
  }

  /// The sidebar's row widgets: the list view's children that hold a label.
  private func rowNames(_ sidebar: ConversationSidebar) -> [String] {
    var names: [String] = []
    var row = gtk_widget_get_first_child(sidebar.list.widget)
    while let current = row {
      if let box = gtk_widget_get_first_child(current),
        let text = gtk_widget_get_first_child(box),
        let label = gtk_widget_get_first_child(text),
        let text = string(gtk_label_get_text(OpaquePointer(label)))
      {
        names.append(text)
      }
      row = gtk_widget_get_next_sibling(current)
    }
    return names
  }

  @Test func sidebarListsTheConversationsAndOpensTheActivatedRow() throws {
    try #require(GtkTestEnvironment.start())
    let sidebar = ConversationSidebar()
    let window = TestWindow(child: sidebar.widget, width: 220, height: 300)
    defer { window.close() }
    var conversations = list()
    sidebar.show(conversations)
    window.settle()
    #expect(sidebar.names == ["Notes", "Net", "#gtk", "#natter", "bob"])
    #expect(Wait.until { rowNames(sidebar) == ["Notes", "Net", "#gtk", "#natter", "bob"] })

    var opened: [String] = []
    sidebar.onOpen = { opened.append($0) }
    gtk_widget_activate_action_variant(
      sidebar.list.widget, "list.activate-item", g_variant_new_uint32(3))
    #expect(opened == ["irc/#natter"])

    // A count changes a row in place; a new conversation adds one.
    conversations.messageArrived(in: "irc/bob", mentionsMe: true, own: false, seen: false)
    conversations.add(id: "irc/#swift", name: "#swift", kind: .channel)
    sidebar.show(conversations)
    #expect(
      Wait.until { rowNames(sidebar) == ["Notes", "Net", "#gtk", "#natter", "#swift", "bob"] })
  }

  /// The row widgets of the sidebar, top to bottom.
  private func rowWidgets(_ sidebar: ConversationSidebar) -> [UnsafeMutablePointer<GtkWidget>] {
    var widgets: [UnsafeMutablePointer<GtkWidget>] = []
    var row = gtk_widget_get_first_child(sidebar.list.widget)
    while let current = row {
      widgets.append(current)
      row = gtk_widget_get_next_sibling(current)
    }
    return widgets
  }

  /// The name label of the row showing `name`.
  private func nameLabel(_ sidebar: ConversationSidebar, _ name: String)
    -> UnsafeMutablePointer<GtkWidget>?
  {
    for row in rowWidgets(sidebar) {
      guard let box = gtk_widget_get_first_child(row), let text = gtk_widget_get_first_child(box),
        let label = gtk_widget_get_first_child(text),
        string(gtk_label_get_text(OpaquePointer(label))) == name
      else { continue }
      return label
    }
    return nil
  }

  @Test func rowsBelowTheFirstScreenComeLaterWithoutRemakingTheFirst() throws {
    try #require(GtkTestEnvironment.start())
    let sidebar = ConversationSidebar()
    let window = TestWindow(child: sidebar.widget, width: 220, height: 300)
    defer { window.close() }
    sidebar.rowLimit = 3
    sidebar.show(list())
    window.settle()
    #expect(sidebar.names == ["Notes", "Net", "#gtk"])
    #expect(Wait.until { rowNames(sidebar) == ["Notes", "Net", "#gtk"] })
    let first = rowWidgets(sidebar)
    sidebar.rowLimit = nil
    sidebar.show(list())
    #expect(Wait.until { rowNames(sidebar) == ["Notes", "Net", "#gtk", "#natter", "bob"] })
    #expect(Array(rowWidgets(sidebar).prefix(3)) == first)
  }

  /// The size of the font `label` is drawn in, in Pango units.
  private func fontSize(_ label: UnsafeMutablePointer<GtkWidget>) -> Int32 {
    pango_font_description_get_size(
      pango_context_get_font_description(gtk_widget_get_pango_context(label)))
  }

  /// Every font size the first frame draws is one GTK finds and hints before that frame
  /// (issue 32): a network's name and state are in the size of the conversations' names.
  @Test func aNetworkRowIsInTheConversationsFontSize() throws {
    try #require(GtkTestEnvironment.start())
    let sidebar = ConversationSidebar()
    let window = TestWindow(child: sidebar.widget, width: 220, height: 300)
    defer { window.close() }
    var conversations = list()
    conversations.setDetail("Connecting…", of: "irc/")
    sidebar.show(conversations)
    window.settle()
    #expect(Wait.until { rowNames(sidebar).count == 5 })
    let network = try #require(nameLabel(sidebar, "Net"))
    let channel = try #require(nameLabel(sidebar, "#gtk"))
    let detail = try #require(gtk_widget_get_next_sibling(network))
    #expect(string(gtk_label_get_text(OpaquePointer(detail))) == "Connecting…")
    #expect(gtk_widget_get_visible(detail) != 0)
    #expect(fontSize(network) == fontSize(channel))
    #expect(fontSize(detail) == fontSize(channel))
  }

  @Test func onlyTheRowWhoseEntryChangedIsFilledAgain() throws {
    try #require(GtkTestEnvironment.start())
    let sidebar = ConversationSidebar()
    let window = TestWindow(child: sidebar.widget, width: 220, height: 300)
    defer { window.close() }
    var conversations = list()
    sidebar.show(conversations)
    window.settle()
    #expect(Wait.until { rowNames(sidebar).count == 5 })
    // A mark on a row that did not change: filling it again would write its name back.
    let gtk = try #require(nameLabel(sidebar, "#gtk"))
    gtk_label_set_text(OpaquePointer(gtk), "untouched")
    conversations.messageArrived(in: "irc/bob", mentionsMe: false, own: false, seen: false)
    sidebar.show(conversations)
    window.settle()
    #expect(string(gtk_label_get_text(OpaquePointer(gtk))) == "untouched")
    let bob = try #require(nameLabel(sidebar, "bob"))
    #expect(gtk_widget_has_css_class(bob, "unread") != 0)
  }

  @Test func unchangedEndsFindWhatASpliceKeeps() {
    #expect(ConversationSidebar.unchangedEnds(["a", "b", "c"], ["a", "b", "c"]) == (3, 0))
    #expect(ConversationSidebar.unchangedEnds(["a", "c"], ["a", "b", "c"]) == (1, 1))
    #expect(ConversationSidebar.unchangedEnds(["a", "b", "c"], ["a", "c"]) == (1, 1))
    #expect(ConversationSidebar.unchangedEnds(["a", "b"], ["a", "b", "c", "d"]) == (2, 0))
    #expect(ConversationSidebar.unchangedEnds(["x"], ["y"]) == (0, 0))
    #expect(ConversationSidebar.unchangedEnds([], ["a"]) == (0, 0))
    // A repeated id is not counted twice.
    #expect(ConversationSidebar.unchangedEnds(["a", "a"], ["a"]) == (1, 0))
  }

  @Test func switcherFiltersAsYouTypeAndOpensTheChoice() throws {
    try #require(GtkTestEnvironment.start())
    let switcher = QuickSwitcher()
    let window = TestWindow(child: switcher.widget, width: 320, height: 300)
    defer { window.close() }
    var opened: [String] = []
    var closed = 0
    switcher.onOpen = { opened.append($0) }
    switcher.onClosed = { closed += 1 }
    switcher.open(list().entries)
    #expect(switcher.isOpen)
    #expect(switcher.shownNames == ["Notes", "Net", "#gtk", "#natter", "bob"])
    gtk_editable_set_text(switcher.entry.opaque, "nt")
    #expect(switcher.shownNames == ["Notes", "Net", "#natter"])
    // Enter in the entry (its `activate`) opens the first match.
    switcher.openSelected()
    #expect(opened == ["notes"])
    #expect(!switcher.isOpen && closed == 1)
  }

  @Test func switcherMatchesTheNetworkBeforeTheName() throws {
    try #require(GtkTestEnvironment.start())
    let switcher = QuickSwitcher()
    let window = TestWindow(child: switcher.widget, width: 320, height: 300)
    defer { window.close() }
    var other = list()
    other.setNetworks([("irc/", "Libera.Chat"), ("oftc/", "OFTC")])
    other.add(id: "oftc/#gtk", name: "#gtk", kind: .channel)
    var opened: [String] = []
    switcher.onOpen = { opened.append($0) }
    let names = ["irc/": "Libera.Chat", "oftc/": "OFTC"]
    for query in ["lib gtk", "oftc gtk"] {
      switcher.open(other.entries, networkNames: names)
      gtk_editable_set_text(switcher.entry.opaque, query)
      #expect(switcher.shownNames == ["#gtk"], "\(query)")
      switcher.openSelected()
    }
    #expect(opened == ["irc/#gtk", "oftc/#gtk"])
    // One word still matches names alone: `gtk` finds both.
    switcher.open(other.entries, networkNames: names)
    gtk_editable_set_text(switcher.entry.opaque, "gtk")
    #expect(switcher.shownNames == ["#gtk", "#gtk"])
  }
}
