import Testing

@testable import NatterCore

@Suite struct OlderHistoryTests {
  private func wanted(
    value: Double? = 0, stored: Int = 500, hidden: Int = 0, results: Bool = false,
    placing: Bool = false
  ) -> Bool {
    OlderHistory.isWanted(
      at: value.map { ScrollMetrics(value: $0, pageSize: 600, upper: 20_000) },
      storedCount: stored, hiddenRows: hidden, showingResults: results, placingOlder: placing)
  }

  @Test func theTopOfTheStoredHistoryWantsThePageBefore() {
    #expect(wanted(value: 0))
    #expect(wanted(value: 0.5), "GTK's fractional top")
    #expect(!wanted(value: 1))
    #expect(!wanted(value: 9_000))
  }

  @Test func notBeforeTheListHasAViewNorForAnEmptyConversation() {
    #expect(!wanted(value: nil))
    #expect(!wanted(stored: 0), "nothing stored: the empty state")
  }

  @Test func storedRowsStillJoiningComeBeforeTheServersPage() {
    #expect(!wanted(hidden: 40))
  }

  @Test func neitherSearchResultsNorOlderRowsBeingPlacedAskForMore() {
    #expect(!wanted(results: true))
    #expect(!wanted(placing: true), "the value has not followed yet")
  }

  @Test func olderRowsJoiningAboveKeepTheRowsOnScreenWhereTheyWere() {
    let before = ScrollMetrics(value: 0, pageSize: 600, upper: 10_000)
    var placement = OlderHistory.Placement(before: before)
    // The first layout measured 3,000 px of new rows; the list left the value at the top.
    #expect(placement.frame(now: ScrollMetrics(value: 0, pageSize: 600, upper: 13_000)) == 3_000)
    #expect(!placement.isDone)
    // The next measures more of them: the view follows again.
    #expect(
      placement.frame(now: ScrollMetrics(value: 3_000, pageSize: 600, upper: 13_400)) == 3_400)
    // Two frames where it already is: placed.
    let settled = ScrollMetrics(value: 3_400, pageSize: 600, upper: 13_400)
    #expect(placement.frame(now: settled) == nil)
    #expect(!placement.isDone)
    #expect(
      placement.frame(now: ScrollMetrics(value: 3_400.3, pageSize: 600, upper: 13_400)) == nil)
    #expect(placement.isDone)
    #expect(
      placement.frame(now: ScrollMetrics(value: 0, pageSize: 600, upper: 13_400)) == nil,
      "done: a later scroll is the user's")
  }

  @Test func aListThatNeverSettlesIsFollowedForTwelveFramesAtMost() {
    var placement = OlderHistory.Placement(
      before: ScrollMetrics(value: 100, pageSize: 600, upper: 10_000))
    for frame in 1...12 {
      let now = ScrollMetrics(value: 0, pageSize: 600, upper: 10_000 + Double(frame) * 100)
      #expect(placement.frame(now: now) == 100 + Double(frame) * 100)
      #expect(placement.isDone == (frame == 12))
    }
  }
}
