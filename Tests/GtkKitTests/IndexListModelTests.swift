import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("IndexListModel")
@MainActor
struct IndexListModelTests {
  @Test func itemsCarryTheirPositionAndOutOfRangeIsNull() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let model = IndexListModel(count: 1_000_000)
    #expect(g_list_model_get_n_items(model.opaque) == 1_000_000)
    #expect(g_list_model_get_item_type(model.opaque) == g_object_get_type())
    for position in [0, 1, 499_999, 999_999] {
      let item = try #require(g_list_model_get_item(model.opaque, guint(position)))
      #expect(IndexListModel.index(ofItem: item) == position)
      g_object_unref(item)
    }
    #expect(g_list_model_get_item(model.opaque, 1_000_000) == nil)
  }

  @Test func hiddenRowsKeepTheirIndexWhenRevealed() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let model = IndexListModel(count: 1_000, showingLast: 10)
    #expect(model.count == 10)
    #expect(model.hiddenCount == 990)
    #expect(g_list_model_get_n_items(model.opaque) == 10)
    let first = try #require(g_list_model_get_item(model.opaque, 0))
    defer { g_object_unref(first) }
    #expect(IndexListModel.index(ofItem: first) == 990)
    var changes: [[UInt32]] = []
    Signal.connectItemsChanged(model.pointer) { changes.append([$0, $1, $2]) }
    model.revealAll()
    #expect(changes == [[0, 0, 990]])
    #expect(model.count == 1_000)
    #expect(IndexListModel.index(ofItem: first) == 990, "an item made before keeps its index")
    let zero = try #require(g_list_model_get_item(model.opaque, 0))
    defer { g_object_unref(zero) }
    #expect(IndexListModel.index(ofItem: zero) == 0)
    model.revealAll()
    #expect(changes.count == 1, "nothing left to reveal")
  }

  @Test func aFewHiddenRowsAtATimeJoinJustAboveTheShownOnes() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let model = IndexListModel(count: 100, showingLast: 10)
    var changes: [[UInt32]] = []
    Signal.connectItemsChanged(model.pointer) { changes.append([$0, $1, $2]) }
    model.reveal(25)
    #expect(model.count == 35)
    #expect(model.hiddenCount == 65)
    let first = try #require(g_list_model_get_item(model.opaque, 0))
    defer { g_object_unref(first) }
    #expect(IndexListModel.index(ofItem: first) == 65, "the newest hidden rows come first")
    model.reveal(0)
    model.reveal(-3)
    model.reveal(1_000)
    #expect(changes == [[0, 0, 25], [0, 0, 65]], "no more than is hidden, and nothing for none")
    #expect(model.count == 100)
    #expect(model.hiddenCount == 0)
  }

  @Test func appendAndResetAnnounceTheirChange() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let model = IndexListModel(count: 3)
    var changes: [(UInt32, UInt32, UInt32)] = []
    Signal.connectItemsChanged(model.pointer) { changes.append(($0, $1, $2)) }
    model.append(2)
    #expect(model.count == 5)
    model.reset(count: 1)
    #expect(model.count == 1)
    model.append(0)
    #expect(changes.map { [$0.0, $0.1, $0.2] } == [[3, 0, 2], [0, 5, 1]])
  }

  @Test func aListViewOverAMillionRowsCreatesOnlyVisibleItems() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let model = IndexListModel(count: 1_000_000)
    var bound = 0
    let factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    Signal.connect(factory.pointer, "setup") { item in
      gtk_list_item_set_child(OpaquePointer(item), gtk_label_new("row"))
    }
    Signal.connect(factory.pointer, "bind") { _ in bound += 1 }
    g_object_ref(model.pointer)  // the selection model takes ownership of one reference
    let selection = gtk_no_selection_new(model.opaque)
    g_object_ref(factory.pointer)
    let list = gtk_list_view_new(selection, factory.opaque)
    let scroller = gtk_scrolled_window_new()
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
    let window = Widget(gtk_window_new())
    gtk_window_set_default_size(window.typed(), 400, 400)
    gtk_window_set_child(window.typed(), scroller)
    gtk_window_present(window.typed())
    Wait.until { bound > 0 }
    Wait.frames(2, of: window.widget)
    #expect(bound > 0)
    #expect(bound < 500, "only rows near the viewport are bound, not a million")
    gtk_window_destroy(window.typed())
  }
}
