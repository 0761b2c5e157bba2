import Testing

@testable import NatterCore

@Suite struct RowFillingTests {
  @Test func everyRowIsFilledBeforeTheFirstLayout() {
    var filling = RowFilling()
    let filled1 = filling.bound(0)
    #expect(filled1)
    let filled2 = filling.bound(999_999)
    #expect(filled2)
    #expect(!filling.isWaiting)
  }

  @Test func aRowBoundOffTheScreenWaitsAndOneOnItIsFilled() {
    var filling = RowFilling(margin: 2, ahead: 10)
    _ = filling.laidOut(showing: 990..<1000)
    let filled3 = filling.bound(995)
    #expect(filled3)
    let filled4 = filling.bound(988)
    #expect(filled4)  // within the margin
    let filled5 = filling.bound(800)
    #expect(!filled5)  // ten screens up, as GTK binds while paging up
    #expect(filling.waits(800))
    #expect(!filling.waits(995))
  }

  @Test func aLayoutThatShowsAWaitingRowFillsItAtOnce() {
    var filling = RowFilling(margin: 0, ahead: 10)
    _ = filling.laidOut(showing: 990..<1000)
    let filled6 = filling.bound(980)
    #expect(!filled6)
    let filled7 = filling.bound(975)
    #expect(!filled7)
    let filled8 = filling.bound(900)
    #expect(!filled8)
    // A jump: the next layout shows 975..<985.
    let rows9 = filling.laidOut(showing: 975..<985)
    #expect(rows9 == [975, 980])
    #expect(filling.waiting == [900])
  }

  @Test func aLayoutAgainInTheSameFrameFillsAScreenfulEitherSideToo() {
    var filling = RowFilling(margin: 0, ahead: 100)
    _ = filling.laidOut(showing: 60..<70)
    for position in 20..<70 { _ = filling.bound(position) }
    // Rows waiting above the screen; the screen itself was filled at the first layout.
    #expect(filling.laidOut(showing: 57..<69) == [57, 58, 59])
    // Filling them shrank them and the next layout of that frame shows three more, 54..<57:
    // it takes a screenful above as well (41..<54, nearest first), so the layout after it,
    // showing the same rows, has nothing left to fill.
    #expect(
      filling.laidOut(showing: 54..<67, again: true) == [54, 55, 56] + (41..<54).reversed())
    #expect(filling.laidOut(showing: 54..<67, again: true) == [])
    #expect(filling.waiting == Set(20..<41))
  }

  @Test func betweenFramesTheNearestRowsWithinReachAreFilledFirst() {
    var filling = RowFilling(margin: 0, ahead: 20)
    _ = filling.laidOut(showing: 100..<110)
    for position in [60, 85, 95, 99, 115, 125] {
      let filled = filling.bound(position)
      #expect(!filled)
    }
    #expect(filling.isDue)
    let rows10 = filling.next(2)
    #expect(rows10 == [99, 95])
    let rows11 = filling.next(10)
    #expect(rows11 == [115, 85, 125])
    // 60 is 40 rows up: it waits until the screen comes near it, or GTK gives it up.
    #expect(!filling.isDue)
    let rows12 = filling.next(10)
    #expect(rows12 == [])
    #expect(filling.waiting == [60])
    _ = filling.laidOut(showing: 75..<85)
    let rows13 = filling.next(10)
    #expect(rows13 == [60])
  }

  @Test func aRowGivenUpNoLongerWaits() {
    var filling = RowFilling(margin: 0, ahead: 20)
    _ = filling.laidOut(showing: 100..<110)
    let filled14 = filling.bound(95)
    #expect(!filled14)
    filling.unbound(95)
    #expect(!filling.isWaiting)
    let rows15 = filling.next(10)
    #expect(rows15 == [])
  }

  @Test func newRowsForgetWhatWasOnScreen() {
    var filling = RowFilling()
    _ = filling.laidOut(showing: 100..<110)
    let filled16 = filling.bound(10)
    #expect(!filled16)
    filling.reset()
    #expect(!filling.isWaiting)
    #expect(filling.shown == nil)
    let filled17 = filling.bound(10)
    #expect(filled17)
  }
}
