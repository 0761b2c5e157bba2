import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("ListView")
@MainActor
struct ListViewTests {
  /// A list of `count` one-line rows in a scrolled window 300 px tall.
  private func shown(rows count: Int) throws -> (
    window: TestWindow, list: UnsafeMutablePointer<GtkWidget>,
    scroller: UnsafeMutablePointer<GtkWidget>
  ) {
    let model = IndexListModel(count: count)
    let factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    Signal.connect(factory.pointer, "setup") { item in
      gtk_list_item_set_child(OpaquePointer(item), gtk_label_new("a row of the list"))
    }
    let selection = Object(adopting: raw(gtk_no_selection_new(OpaquePointer(model.newReference()))))
    let list = ListView.make(model: selection.pointer, factory: factory.pointer)
    let scroller = try #require(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
    let window = TestWindow(child: scroller, width: 400, height: 300)
    Wait.frames(3, of: window.window.widget)
    return (window, list, scroller)
  }

  private func size(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation
  ) -> (minimum: Int32, natural: Int32) {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(widget, orientation, -1, &minimum, &natural, nil, nil)
    return (minimum, natural)
  }

  @Test func itsLengthIsTheOneItLaidOut() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let (window, list, _) = try shown(rows: 1_000)
    defer { window.close() }
    #expect(g_type_check_instance_is_a(cast(list), gtk_list_view_get_type()) != 0)
    let adjustment = try #require(gtk_scrollable_get_vadjustment(OpaquePointer(list)))
    let upper = Int32(gtk_adjustment_get_upper(adjustment).rounded(.up))
    #expect(upper > 1_000, "a thousand rows are taller than a pixel each")
    gtk_widget_queue_resize(list)  // no measure from before that layout
    let height = size(list, GTK_ORIENTATION_VERTICAL)
    #expect(height.minimum == upper && height.natural == upper)
    // Across, it measures its rows as GtkListView does.
    #expect(size(list, GTK_ORIENTATION_HORIZONTAL).minimum > 0)
  }

  @Test func theScrollbarStillShowsOnlyWhenTheRowsOverflow() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    for (count, overflows) in [(1_000, true), (2, false)] {
      let (window, _, scroller) = try shown(rows: count)
      defer { window.close() }
      let scrollbar = try #require(gtk_scrolled_window_get_vscrollbar(OpaquePointer(scroller)))
      #expect((gtk_widget_get_child_visible(scrollbar) != 0) == overflows, "\(count) rows")
    }
  }
}
