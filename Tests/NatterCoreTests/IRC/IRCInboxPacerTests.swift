import Testing

@testable import NatterCore

@Suite struct IRCInboxPacerTests {
  @Test func aSlowSliceShrinksTheNextToTheTarget() {
    var pacer = IRCInboxPacer()
    // 128 lines in 128 ms: a millisecond a line, so 16 fit in the 16 ms target.
    pacer.sliceTook(128, lines: 128)
    #expect(pacer.batch == Int(IRCInboxPacer.target))
  }

  @Test func quickSlicesGrowAtMostTwofoldUpToTheMaximum() {
    var pacer = IRCInboxPacer()
    pacer.sliceTook(1, lines: 128)
    #expect(pacer.batch == 256)
    for _ in 0..<20 { pacer.sliceTook(0.01, lines: pacer.batch) }
    #expect(pacer.batch == IRCInboxPacer.maximum)
  }

  @Test func aShortTailSaysNothingButAShortSlowOneDoes() {
    var pacer = IRCInboxPacer()
    pacer.sliceTook(0.1, lines: 3)
    #expect(pacer.batch == 128)
    pacer.sliceTook(80, lines: 10)  // 8 ms a line: never fewer than the minimum
    #expect(pacer.batch == IRCInboxPacer.minimum)
  }
}
