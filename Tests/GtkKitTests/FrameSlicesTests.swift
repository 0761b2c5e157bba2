import Testing

@testable import GtkKit

/// How long a slice of main-loop work may run between the window's frames (issue 32), on a
/// 60 Hz interval of 16,667 µs with 3,000 µs kept free before each frame.
@Suite struct FrameSlicesTests {
  private let limit = 16_000

  /// A window that drew one frame of `length` µs starting at `start`.
  private func afterFrame(start: Int = 1_000_000, length: Int = 4_000) -> FrameSlices {
    var slices = FrameSlices()
    slices.painted(start: start, length: length, interval: 16_667)
    return slices
  }

  @Test func beforeTheFirstFrameASliceMayTakeTheWholeLimit() {
    var slices = FrameSlices()
    #expect(slices.sliceStarting(at: 5_000, limit: limit) == limit)
  }

  @Test func theFirstSliceAfterAFrameEndsBeforeTheNextIsDue() {
    var slices = afterFrame()
    // Due at 1,016,667; 3,000 kept free.
    #expect(slices.sliceStarting(at: 1_004_000, limit: limit) == 9_667)
  }

  @Test func theFirstSliceGetsHalfAnIntervalEvenWhenTheFrameIsNearlyDue() {
    var slices = afterFrame(length: 14_000)
    #expect(slices.sliceStarting(at: 1_014_500, limit: limit) == 8_333)
  }

  @Test func aFirstSliceWhenTheFrameIsDueGetsItsShareEvenAfterAShortFrame() {
    var slices = afterFrame(length: 1_000)
    // Due at 1,016,667: what an idle window leaves (12,667 µs) would hold that frame back.
    #expect(slices.sliceStarting(at: 1_016_000, limit: limit) == 8_333)
  }

  @Test func aFirstSliceLongAfterAFrameWasDueGetsWhatAnIdleWindowLeaves() {
    var slices = afterFrame(length: 1_000)
    // Half an interval past the frame's time: no frame is coming.
    #expect(slices.sliceStarting(at: 1_025_100, limit: limit) == 12_667)
  }

  @Test func aSecondSliceBeforeTheFrameGetsOnlyWhatIsLeftWithoutTheHalfInterval() {
    var slices = afterFrame()
    _ = slices.sliceStarting(at: 1_004_000, limit: limit)
    #expect(slices.sliceStarting(at: 1_009_000, limit: limit) == 4_667)
  }

  @Test func aSecondSliceWaitsWhenTooLittleIsLeftOrTheFrameIsDue() {
    var slices = afterFrame()
    _ = slices.sliceStarting(at: 1_004_000, limit: limit)
    #expect(slices.sliceStarting(at: 1_012_000, limit: limit) == 0)
    #expect(slices.sliceStarting(at: 1_017_000, limit: limit) == 0)
    // Still waiting just under half an interval past the frame's time.
    #expect(slices.sliceStarting(at: 1_024_900, limit: limit) == 0)
  }

  @Test func aFrameThatDoesNotComeIsNotWaitedForLong() {
    var slices = afterFrame()
    _ = slices.sliceStarting(at: 1_004_000, limit: limit)
    // Half an interval late: a hidden window, or nothing to draw. The slice takes what an idle
    // window leaves, the interval less the last frame.
    #expect(slices.sliceStarting(at: 1_025_100, limit: limit) == 9_667)
  }

  @Test func aFrameStartsTheCountAgain() {
    var slices = afterFrame()
    _ = slices.sliceStarting(at: 1_004_000, limit: limit)
    #expect(slices.sliceStarting(at: 1_016_000, limit: limit) == 0)
    slices.painted(start: 1_017_000, length: 3_000, interval: 16_667)
    #expect(slices.sliceStarting(at: 1_020_000, limit: limit) == 10_667)
  }

  @Test func theLimitCapsEverySlice() {
    var slices = afterFrame(start: 1_000_000, length: 1_000)
    #expect(slices.sliceStarting(at: 1_001_000, limit: 5_000) == 5_000)
  }

  @Test func theRefreshIntervalFollowsTheClock() {
    var slices = FrameSlices()
    slices.painted(start: 1_000_000, length: 2_000, interval: 33_333)
    #expect(slices.sliceStarting(at: 1_002_000, limit: 40_000) == 28_333)
    slices.painted(start: 1_040_000, length: 2_000, interval: 0)
    #expect(slices.intervalMicroseconds == 33_333)
  }
}
