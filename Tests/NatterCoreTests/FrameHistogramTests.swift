import Testing

@testable import NatterCore

@Suite struct FrameHistogramTests {
  @Test func bucketUpperEndsAreInclusive() {
    let histogram = FrameHistogram(
      microseconds: [0, 8_000, 8_001, 16_667, 17_000, 17_001, 33_000, 50_000, 50_001, 400_000])
    #expect(histogram.counts == [2, 3, 1, 1, 1, 2])
    #expect(histogram.total == 10)
    #expect(histogram.longest == 400_000)
  }

  @Test func ninetyNinthPercentileIsANearestRank() {
    let hundred = (1...100).map { Int64($0) }
    #expect(FrameHistogram.percentile(99, ofSorted: hundred) == 99)
    #expect(FrameHistogram.percentile(50, ofSorted: hundred) == 50)
    let thousand = (1...1000).map { Int64($0) }
    #expect(FrameHistogram.percentile(99, ofSorted: thousand) == 990)
    // Fewer than 100 frames: the one slow frame is the 99th percentile.
    #expect(FrameHistogram(microseconds: [16_000, 16_000, 90_000, 16_000]).p99 == 90_000)
  }

  @Test func noFramesGivesZeros() {
    let empty = FrameHistogram(microseconds: [])
    #expect(empty.total == 0 && empty.p99 == 0 && empty.longest == 0)
  }

  @Test func fieldsReadBackAsWritten() {
    let histogram = FrameHistogram(microseconds: [5_000, 20_000, 70_000, 16_000])
    #expect(FrameHistogram(fields: histogram.fields) == histogram)
    #expect(FrameHistogram(fields: histogram.fields + [1, 2]) == histogram)
    #expect(FrameHistogram(fields: histogram.fields.dropLast()) == nil)
  }
}
