import Testing

@testable import NatterCore

@Suite struct ScrollMetricsTests {
  @Test func pageKeysMoveNineTenthsOfAPageWithinTheContent() {
    let middle = ScrollMetrics(value: 500, pageSize: 100, upper: 1000)
    #expect(middle.pageTarget(for: .scrollPageUp) == 410)
    #expect(middle.pageTarget(for: .scrollPageDown) == 590)
    let top = ScrollMetrics(value: 50, pageSize: 100, upper: 1000)
    #expect(top.pageTarget(for: .scrollPageUp) == 0)
    let bottom = ScrollMetrics(value: 850, pageSize: 100, upper: 1000)
    #expect(bottom.pageTarget(for: .scrollPageDown) == 900)
    let short = ScrollMetrics(value: 0, pageSize: 100, upper: 60)
    #expect(short.pageTarget(for: .scrollPageDown) == 0, "content shorter than the page")
    #expect(middle.pageTarget(for: .scrollToOldest) == nil)
  }
}
