import Testing

@testable import NatterCore

@Suite struct IRCInboxPacerTests {
  @Test func aSlowSliceShrinksTheNextToWhatFits() {
    var pacer = IRCInboxPacer()
    // 128 lines in 128 ms: a millisecond a line, so 10 fit in 10 ms, and never fewer than 16.
    pacer.sliceTook(128, lines: 128)
    #expect(pacer.batch(within: 16) == 16)
    #expect(pacer.batch(within: 10) == IRCInboxPacer.minimum)
    // Cheaper again: twice as many, not all that the quick slice says would fit.
    pacer.sliceTook(12.8, lines: 128)
    #expect(pacer.batch(within: 16) == 32)
  }

  @Test func theTimeGivenSetsTheBatchUpToTheLongestSlice() {
    var pacer = IRCInboxPacer()
    pacer.sliceTook(12.8, lines: 128)  // 0.1 ms a line
    #expect(pacer.batch(within: 4) == 40)
    #expect(pacer.batch(within: 12) == 120)
    #expect(pacer.batch(within: 100) == 160)  // never past IRCInboxPacer.longest
  }

  @Test func quickSlicesGrowAtMostTwofoldUpToTheMaximum() {
    var pacer = IRCInboxPacer()
    pacer.sliceTook(1, lines: 128)
    #expect(pacer.batch(within: 16) == 256)
    for _ in 0..<20 { pacer.sliceTook(0.01, lines: pacer.batch(within: 16)) }
    #expect(pacer.batch(within: 16) == IRCInboxPacer.maximum)
  }

  @Test func aShortTailSaysNothingButAShortSlowOneDoes() {
    var pacer = IRCInboxPacer()
    pacer.sliceTook(0.1, lines: 3)
    #expect(pacer.batch(within: 16) == 128)
    pacer.sliceTook(80, lines: 10)  // 8 ms a line: never fewer than the minimum
    #expect(pacer.batch(within: 16) == IRCInboxPacer.minimum)
  }
}
