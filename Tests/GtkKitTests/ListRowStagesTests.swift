import CGtk
import TestSupport
import Testing

@testable import GtkKit

@Suite("ListRowStages")
struct ListRowStagesTests {
  @Test func aLongListComesAScreenfulFirstThenAStepAFrameUntilGTKHasItsRows() {
    var stages = ListRowStages(step: 24)
    var listed: [Int] = []
    for _ in 0..<10 { listed.append(stages.listed(wanting: 20_000, screen: 30)) }
    #expect(listed == [30, 54, 78, 102, 126, 150, 174, 198, 20_000, 20_000])
    #expect(stages.made == ListRowStages.rowsKept)
  }

  @Test func aListWithItsRowsMadeIsFilledWholeAtOnce() {
    var stages = ListRowStages(step: 24)
    while stages.listed(wanting: 500, screen: 20) < 500 {}
    #expect(stages.listed(wanting: 11, screen: 20) == 11, "a filter keeping 11")
    #expect(stages.listed(wanting: 20_000, screen: 20) == 20_000, "the filter cleared")
  }

  @Test func aShortListIsListedWholeAndRowsMadeForItAreKept() {
    var stages = ListRowStages(step: 24)
    #expect(stages.listed(wanting: 10, screen: 30) == 10)
    #expect(stages.made == 10)
    #expect(stages.listed(wanting: 40, screen: 30) == 34, "a step beyond the 10 made")
    #expect(stages.listed(wanting: 40, screen: 30) == 40)
    #expect(stages.listed(wanting: 1_000, screen: 30) == 64, "a step beyond the 40 made")
    #expect(stages.listed(wanting: 0, screen: 30) == 0)
    #expect(stages.made == 64)
  }

  @Test func aTallListGetsItsScreenfulInTheFirstFrame() {
    var stages = ListRowStages(step: 24)
    #expect(stages.listed(wanting: 20_000, screen: 56) == 56)
    #expect(stages.listed(wanting: 20_000, screen: 300) == 20_000, "a screen of 300 rows")
  }
}

@Suite("StagedListFill")
@MainActor
struct StagedListFillTests {
  @Test func rowsThatShowComeFirstAndTheRestWithinAFewFrames() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let model = IndexListModel()
    let factory = Object(adopting: raw(gtk_signal_list_item_factory_new()))
    var made = 0
    Signal.connect(factory.pointer, "setup") { item in
      made += 1
      gtk_list_item_set_child(OpaquePointer(item), gtk_label_new("row"))
    }
    // The selection model and the list view each take ownership of one reference.
    let selection = gtk_no_selection_new(OpaquePointer(model.newReference()))
    let list = try #require(gtk_list_view_new(selection, OpaquePointer(factory.newReference())))
    let scroller = try #require(gtk_scrolled_window_new())
    gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
    let window = TestWindow(child: scroller, width: 300, height: 400)
    defer { window.close() }
    Wait.frames(2, of: window.window.widget)
    let fill = StagedListFill(model: model, list: list)
    fill.reset(count: 20_000)
    let first = model.count
    #expect(first >= Int(gtk_widget_get_height(list)) / 20 && first < 100, "\(first)")
    #expect(made <= first, "only the listed rows have widgets: \(made)")
    var seen: [Int] = []
    #expect(
      Wait.until {
        if seen.last != model.count { seen.append(model.count) }
        return model.count == 20_000
      }, "\(seen)")
    #expect(seen.count >= 3, "over several frames: \(seen)")
    // GTK keeps a few beyond its 200 (GTK_LIST_VIEW_EXTRA_ITEMS on each side of its anchor).
    #expect(made <= ListRowStages.rowsKept + 10, "\(made)")
    // Its rows made, a filter's list comes whole.
    fill.reset(count: 11)
    #expect(model.count == 11)
    fill.reset(count: 20_000)
    #expect(model.count == 20_000)
  }
}
