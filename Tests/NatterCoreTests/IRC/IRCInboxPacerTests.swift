import Testing

@testable import NatterCore

@Suite struct IRCInboxPacerTests {
  @Test func aSlowSliceShrinksTheNextToWhatFits() {
    var pacer = IRCInboxPacer()
    // 128 lines in 128 ms: a millisecond a line, so 10 fit in 10 ms, and never fewer than 16.
    pacer.sliceTook(128, lines: 128)
    #expect(pacer.batch(within: 16) == 16)
    #expect(pacer.batch(within: 10) == IRCInboxPacer.minimum)
    // Cheaper again: a quarter more, not all that the quick slice says would fit.
    pacer.sliceTook(12.8, lines: 128)
    #expect(pacer.batch(within: 16) == 20)
  }

  @Test func theTimeGivenSetsTheBatchUpToTheLongestSlice() {
    var pacer = IRCInboxPacer()
    pacer.sliceTook(32, lines: 128)  // a quarter of a millisecond a line
    #expect(pacer.batch(within: 4) == 16)
    #expect(pacer.batch(within: 12) == 48)
    #expect(pacer.batch(within: 100) == 64)  // never past IRCInboxPacer.longest
  }

  @Test func quickSlicesGrowByAQuarterAtMostUpToTheMaximum() {
    var pacer = IRCInboxPacer()
    pacer.sliceTook(1, lines: 128)
    #expect(pacer.batch(within: 16) == 160)
    for _ in 0..<40 { pacer.sliceTook(0.01, lines: pacer.batch(within: 16)) }
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

@Suite("IRCInboxPacer.showsNow")
struct IRCInboxPacerShowingTests {
  @Test func beforeAnyBatchWasShownEveryBatchIsShownAtOnce() {
    #expect(IRCInboxPacer().showsNow(4096, within: 0.5, afterFrame: 8))
  }

  @Test func aBatchThatDoesNotFitTheSliceWaitsForTheSliceAfterTheFrame() {
    var pacer = IRCInboxPacer()
    pacer.showTook(4, lines: 400)  // 10 µs a line
    #expect(pacer.showsNow(200, within: 2.5, afterFrame: 8))
    #expect(!pacer.showsNow(400, within: 2.5, afterFrame: 8))
    // The slice after a frame gets no more than it has now: waiting would not help.
    #expect(pacer.showsNow(2_000, within: 8, afterFrame: 8))
  }

  @Test func theCostFollowsAnAverageSoTheFirstDearBatchesDoNotHoldTheRestBack() {
    var pacer = IRCInboxPacer()
    pacer.showTook(4, lines: 50)  // 80 µs a line: the window's first rows
    pacer.showTook(2, lines: 200)  // 10 µs a line
    #expect(abs(pacer.millisecondsPerShownLine - 0.0625) < 1e-9)
    for _ in 0..<20 { pacer.showTook(2, lines: 200) }
    #expect(pacer.showsNow(600, within: 7, afterFrame: 8))
  }

  @Test func aShortBatchSaysNothingAboutTheCost() {
    var pacer = IRCInboxPacer()
    pacer.showTook(10, lines: 3)
    #expect(pacer.millisecondsPerShownLine == 0)
  }
}

@Suite("IRCInboxPacer.readBatch")
struct IRCInboxPacerReadingTests {
  /// A line costs 25 µs: 10 to read here, 15 to show in a later slice.
  private func learnt() -> IRCInboxPacer {
    var pacer = IRCInboxPacer()
    // Cheaper than the first guess, learnt gently over slices.
    for _ in 0..<20 { pacer.sliceTook(25 * 0.128, lines: 128) }
    pacer.showTook(15 * 0.128, lines: 128)
    return pacer
  }

  @Test func aSliceThatShowedNothingReadsWhatItsWholeTimeIsFor() {
    #expect(learnt().readBatch(within: 8, afterShowing: 0) == learnt().batch(within: 8))
    #expect(learnt().batch(within: 8) == 320)
  }

  @Test func readingFitsWhatShowingLeft() {
    // 5 ms spent showing: 3 ms left, 300 lines' reading at 10 µs (less a rounding).
    #expect((299...300).contains(learnt().readBatch(within: 8, afterShowing: 5)))
    // 6.5 ms: 150 lines.
    #expect((149...150).contains(learnt().readBatch(within: 8, afterShowing: 6.5)))
  }

  @Test func showingThatOverranTheSliceLeavesTheLeastToRead() {
    // The slice of the trace: 8.6 ms showing in 8.3.
    #expect(learnt().readBatch(within: 8.3, afterShowing: 8.6) == IRCInboxPacer.minimum)
  }

  @Test func beforeAnyBatchWasShownAWholeLineIsCountedAsReading() {
    var pacer = IRCInboxPacer()
    for _ in 0..<20 { pacer.sliceTook(25 * 0.128, lines: 128) }
    #expect(pacer.readBatch(within: 8, afterShowing: 3) == 200)
  }
}

@Suite("IRCInboxPacer.endsList")
struct IRCInboxPacerListEndTests {
  private func ends(_ line: String) -> Bool { IRCInboxPacer.endsList(Array(line.utf8)) }

  @Test func theEndsOfListAndNamesAreKnownWithOrWithoutTagsAndSource() {
    #expect(ends(":irc.test 323 me :End of /LIST"))
    #expect(ends(":irc.test 366 me #natter :End of /NAMES list."))
    #expect(ends("@time=2026-12-04T01:00:00.000Z :irc.test 366 me #natter :End"))
    #expect(ends("@batch=x 323 me :End"))
    #expect(ends("323"))
  }

  @Test func otherLinesAreNot() {
    #expect(!ends(":irc.test 322 me #natter 5 :topic"))
    #expect(!ends(":irc.test 353 me = #natter :alice bob"))
    #expect(!ends(":bob!b@h PRIVMSG #natter :366 323"), "the words of a message")
    #expect(!ends(":irc.test 3233 me :four digits"))
    #expect(!ends(":irc.test 32"))
    #expect(!ends("@only-tags"))
    #expect(!ends(""))
    #expect(!ends(":366!u@h PRIVMSG me :a nick of digits is a source, not a command"))
  }
}
