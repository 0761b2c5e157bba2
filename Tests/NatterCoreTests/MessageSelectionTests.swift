import Testing

@testable import NatterCore

@Suite struct MessageSelectionTests {
  @Test func altUpSelectsTheNewestAndNothingWhenEmpty() {
    var selection = MessageSelection()
    #expect(!selection.isActive)
    #expect(selection.selectNewest(count: 0) == nil)
    #expect(!selection.isActive)
    #expect(selection.selectNewest(count: 12) == 11)
    #expect(selection.isActive)
  }

  @Test func upAndDownWalkEveryRowAndStopAtTheEnds() {
    var selection = MessageSelection()
    _ = selection.selectNewest(count: 3)
    #expect(selection.move(.down, count: 3, pageRows: 10) == 2, "already the newest")
    #expect(selection.move(.up, count: 3, pageRows: 10) == 1)
    #expect(selection.move(.up, count: 3, pageRows: 10) == 0)
    #expect(selection.move(.up, count: 3, pageRows: 10) == 0, "the oldest stays")
    #expect(selection.move(.down, count: 3, pageRows: 10) == 1)
  }

  @Test func pagesMoveByThePageAndClamp() {
    var selection = MessageSelection()
    _ = selection.selectNewest(count: 100)
    #expect(selection.move(.pageUp, count: 100, pageRows: 8) == 91)
    #expect(selection.move(.pageUp, count: 100, pageRows: 200) == 0)
    #expect(selection.move(.pageDown, count: 100, pageRows: 0) == 1, "a page is at least a row")
    #expect(selection.move(.pageDown, count: 100, pageRows: 500) == 99)
  }

  @Test func escapeLeavesAndMovesThenDoNothing() {
    var selection = MessageSelection()
    _ = selection.selectNewest(count: 5)
    selection.leave()
    #expect(!selection.isActive)
    #expect(selection.move(.up, count: 5, pageRows: 1) == nil)
  }

  @Test func selectingClampsAndFewerRowsDropASelectionPastTheEnd() {
    var selection = MessageSelection()
    #expect(selection.select(40, count: 10) == 9)
    #expect(selection.select(-3, count: 10) == 0)
    _ = selection.select(8, count: 10)
    selection.rowsChanged(count: 9)
    #expect(selection.position == 8)
    selection.rowsChanged(count: 8)
    #expect(selection.position == nil)
  }
}
