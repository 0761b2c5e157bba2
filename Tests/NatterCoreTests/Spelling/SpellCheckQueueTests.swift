import NatterCore
import Testing

@Suite("SpellCheckQueue")
struct SpellCheckQueueTests {
  @Test func typingQueuesOnlyWhatWasTyped() {
    var queue = SpellCheckQueue()
    queue.inserted(5, at: 0)
    #expect(queue.pending == [0..<5])
    queue.inserted(1, at: 5)
    #expect(queue.pending == [0..<6], "touching ranges merge")
  }

  /// A pending range, an insertion, and what is pending after it.
  @Test(arguments: [
    (100..<110, 3, 10, [10..<13, 103..<113]),  // before it: shifted, the typed part pending
    (10..<20, 5, 15, [10..<25]),  // inside it: grown
  ])
  func anInsertShiftsOrGrowsAPendingRange(
    pending: Range<Int>, count: Int, at offset: Int, expected: [Range<Int>]
  ) {
    var queue = SpellCheckQueue()
    queue.invalidate(pending)
    queue.inserted(count, at: offset)
    #expect(queue.pending == expected)
  }

  @Test func aDeleteShiftsLaterRangesAndLeavesItsParagraphPending() {
    var queue = SpellCheckQueue()
    queue.invalidate(50..<60)
    queue.deleted(10, at: 20)
    #expect(queue.pending == [20..<20, 40..<50])
  }

  @Test func aDeleteOverAPendingRangeShrinksIt() {
    var queue = SpellCheckQueue()
    queue.invalidate(10..<30)
    queue.deleted(15, at: 20)
    #expect(queue.pending == [10..<20])
    queue.deleted(30, at: 0)
    #expect(queue.pending == [0..<0])
  }

  @Test func checkingAParagraphTakesItOut() {
    var queue = SpellCheckQueue()
    queue.invalidate(3..<3)
    queue.invalidate(40..<45)
    queue.checked(0..<11)
    #expect(queue.pending == [40..<45])
    queue.checked(30..<42)
    #expect(queue.pending == [42..<45])
    queue.checked(42..<46)
    #expect(queue.isEmpty)
  }

  @Test func anEmptyPendingRangeAtTheNextParagraphStaysAfterThisOneIsChecked() {
    var queue = SpellCheckQueue()
    queue.invalidate(11..<11)
    queue.checked(0..<11)
    #expect(queue.pending == [11..<11])
  }

  @Test func checkAllAndClear() {
    var queue = SpellCheckQueue()
    queue.checkAll(length: 42)
    #expect(queue.next == 0..<42)
    queue.clear()
    #expect(queue.isEmpty)
  }

  @Test func aShortParagraphIsOneSliceThatCoversItsLineBreak() {
    let slice = SpellCheckQueue.slice(from: 12, paragraph: 10..<30)
    #expect(slice.read == 10..<30)
    let cut = slice.cut(String(repeating: "a ", count: 10))
    #expect(cut.check == 0..<20)
    #expect(cut.done == 10..<31)
  }

  @Test func aLongParagraphIsCheckedInWindowsCutAtWhiteSpace() {
    // 3,000 scalars of "word " in one paragraph.
    let text = String(repeating: "word ", count: 600)
    var queue = SpellCheckQueue()
    queue.checkAll(length: text.unicodeScalars.count)
    let scalars = Array(text.unicodeScalars)
    var checkedWords = 0
    var slices = 0
    while let next = queue.next {
      let slice = SpellCheckQueue.slice(
        from: next.lowerBound, paragraph: 0..<scalars.count, limit: 1024)
      #expect(slice.read.count <= 1024)
      let read = String(String.UnicodeScalarView(scalars[slice.read]))
      let cut = slice.cut(read)
      let part = String(String.UnicodeScalarView(Array(read.unicodeScalars)[cut.check]))
      let words = SpellCheckScope().words(in: part)
      #expect(words.allSatisfy { $0.text == "word" }, "no word is split")
      checkedWords += words.count
      queue.checked(cut.done)
      slices += 1
      #expect(slices < 10)
    }
    #expect(slices == 4, "about 955 new scalars a window")
    #expect(checkedWords == 600, "every word once")
  }

  @Test func aLongParagraphWithoutWhiteSpaceIsPassedOverToItsEnd() {
    // Found by natter-bench: the second window had no white space, its `done` was empty, and
    // the idle checked it again for ever.
    let length = 5_000
    var queue = SpellCheckQueue()
    queue.checkAll(length: length)
    var slices = 0
    while let next = queue.next, slices < 20 {
      let slice = SpellCheckQueue.slice(from: next.lowerBound, paragraph: 0..<length)
      let cut = slice.cut(String(repeating: "x", count: slice.read.count))
      #expect(cut.check.isEmpty || next.lowerBound == 0)
      queue.checked(cut.done)
      slices += 1
    }
    #expect(queue.isEmpty)
    #expect(slices <= 6)
  }

  @Test func aWindowWithoutWhiteSpaceIsPassedOver() {
    let slice = SpellCheckQueue.slice(from: 0, paragraph: 0..<5000, limit: 1024)
    let cut = slice.cut(String(repeating: "x", count: 1024))
    #expect(cut.done == 0..<1024)
  }
}
