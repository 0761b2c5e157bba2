import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// The member list of the header's popover (SPEC §12): ranked, coloured, filtered as typed,
/// Enter opening a private chat, and rows made only for what shows.
@MainActor
@Suite("MemberListView")
struct MemberListViewTests {
  private func present(_ view: MemberListView) throws -> UnsafeMutablePointer<GtkWidget> {
    let window = try #require(gtk_window_new())
    gtk_window_set_child(cast(window), view.widget)
    gtk_window_set_default_size(cast(window), 300, 420)
    gtk_window_present(cast(window))
    Wait.frames(3, of: window)
    return window
  }

  private func labels(in view: MemberListView) -> [String] {
    var texts: [String] = []
    var child = gtk_widget_get_first_child(view.list.widget)
    while let item = child {
      if let label = gtk_widget_get_first_child(item), gtk_widget_get_mapped(label) != 0 {
        texts.append(string(gtk_label_get_text(OpaquePointer(label))) ?? "")
      }
      child = gtk_widget_get_next_sibling(item)
    }
    return texts
  }

  @Test func membersShowRankedColouredAndFilteredAsTyped() throws {
    try #require(GtkTestEnvironment.start())
    var roster = ConversationRoster()
    roster.setMembers(
      [IRCMember(nick: "zed"), IRCMember(nick: "bob", prefixes: "@"), IRCMember(nick: "Bobby")],
      of: "c")
    let view = MemberListView()
    view.show(roster.memberList(of: "c"))
    let window = try present(view)
    defer { gtk_window_destroy(cast(window)) }
    #expect(Wait.until { labels(in: view) == ["@bob", "Bobby", "zed"] }, "\(labels(in: view))")
    let first = try #require(
      gtk_widget_get_first_child(gtk_widget_get_first_child(view.list.widget)))
    #expect(gtk_widget_has_css_class(first, NickColors.cssClass(of: "bob")) != 0)

    var opened: [String] = []
    view.onOpen = { opened.append($0) }
    gtk_editable_set_text(view.filter.opaque, "bo")
    #expect(Wait.until { view.shown.map(\.nick) == ["bob", "Bobby"] })
    view.openFirstMatch()
    #expect(opened == ["bob"], "Enter in the filter opens the first match")
    // New members arriving keep what was typed.
    view.show([IRCMember(nick: "bob"), IRCMember(nick: "rob"), IRCMember(nick: "bonnie")])
    #expect(view.shown.map(\.nick) == ["bob", "bonnie"])
    gtk_editable_set_text(view.filter.opaque, "")
    #expect(Wait.until { view.shown.count == 3 })
  }

  @Test func theUsersOwnNicknameHasNoColourOfItsOwn() throws {
    try #require(GtkTestEnvironment.start())
    let view = MemberListView()
    view.show([IRCMember(nick: "Alice")], me: "alice")
    let window = try present(view)
    defer { gtk_window_destroy(cast(window)) }
    #expect(Wait.until { labels(in: view) == ["Alice"] })
    let label = try #require(
      gtk_widget_get_first_child(gtk_widget_get_first_child(view.list.widget)))
    #expect(gtk_widget_has_css_class(label, "own-nick") != 0)
    #expect(gtk_widget_has_css_class(label, NickColors.cssClass(of: "alice")) == 0)
  }

  @Test func whatIsKnownOfAMemberIsItsTooltipAndDescription() throws {
    try #require(GtkTestEnvironment.start())
    let view = MemberListView()
    view.show([IRCMember(nick: "alice", account: "alice"), IRCMember(nick: "bob")])
    let window = try present(view)
    defer { gtk_window_destroy(cast(window)) }
    #expect(Wait.until { labels(in: view) == ["alice", "bob"] })
    let alice = try #require(
      gtk_widget_get_first_child(gtk_widget_get_first_child(view.list.widget)))
    let bob = try #require(
      gtk_widget_get_first_child(
        gtk_widget_get_next_sibling(gtk_widget_get_first_child(view.list.widget))))
    #expect(Tooltip.asked(alice) == "Signed in as alice")
    #expect(natter_test_query_tooltip(alice) != 0)
    #expect(natter_test_accessible_description_is(opaque(alice), "Signed in as alice") != 0)
    #expect(natter_test_query_tooltip(bob) == 0, "nothing known, no tooltip")
    // The rows are refilled: the row now showing bob says nothing of alice, whether GTK
    // kept alice's row for him or made a new one (then alice's is only alive by this ref).
    g_object_ref(alice)
    defer { g_object_unref(alice) }
    view.show([IRCMember(nick: "bob"), IRCMember(nick: "carol")])
    #expect(Wait.until { labels(in: view) == ["bob", "carol"] })
    let first = try #require(
      gtk_widget_get_first_child(gtk_widget_get_first_child(view.list.widget)))
    #expect(natter_test_query_tooltip(first) == 0, "\(Tooltip.asked(first) ?? "")")
    if gtk_widget_get_parent(alice) != nil {
      #expect(natter_test_query_tooltip(alice) == 0, "\(Tooltip.asked(alice) ?? "")")
    }
  }

  @Test func tenThousandMembersMakeOnlyTheRowsThatShow() throws {
    try #require(GtkTestEnvironment.start())
    let view = MemberListView()
    view.show((0..<10_000).map { IRCMember(nick: "member\($0)") })
    let window = try present(view)
    defer { gtk_window_destroy(cast(window)) }
    #expect(view.shown.count == 10_000)
    var rows = 0
    var child = gtk_widget_get_first_child(view.list.widget)
    while let item = child {
      rows += 1
      child = gtk_widget_get_next_sibling(item)
    }
    #expect(rows > 0 && rows <= 400, "\(rows) rows made for 10,000 members")
  }
}
