import Testing

@testable import NatterCore

@Suite("LongLineFold")
struct LongLineFoldTests {
  @Test func paragraphsUpToTheLimitShowWhole() {
    #expect(LongLineFold.hiddenRange(paragraphLength: 0) == nil)
    #expect(LongLineFold.hiddenRange(paragraphLength: LongLineFold.maxShownScalars) == nil)
  }

  @Test func aLongerParagraphKeepsItsEndsAndHidesTheMiddle() {
    let range = LongLineFold.hiddenRange(paragraphLength: 1_000_000)
    #expect(range == LongLineFold.keptAtEachEnd..<(1_000_000 - LongLineFold.keptAtEachEnd))
    let shown = 1_000_000 - (range?.count ?? 0)
    #expect(shown == 2 * LongLineFold.keptAtEachEnd)
    #expect(shown <= LongLineFold.maxShownScalars)
  }

  @Test func justOverTheLimitFolds() {
    let length = LongLineFold.maxShownScalars + 1
    let range = LongLineFold.hiddenRange(paragraphLength: length)
    #expect(range?.isEmpty == false)
    #expect(range.map { length - $0.count } == 2 * LongLineFold.keptAtEachEnd)
  }

  @Test func onlyLargeDraftsAreRestoredInPieces() {
    #expect(!LongLineFold.restoresInPieces(Draft(text: "hello", chips: ["a"])))
    let limit = LongLineFold.restoreWholeUpToBytes
    #expect(!LongLineFold.restoresInPieces(Draft(text: String(repeating: "x", count: limit))))
    #expect(LongLineFold.restoresInPieces(Draft(text: String(repeating: "x", count: limit + 1))))
    #expect(
      LongLineFold.restoresInPieces(Draft(text: String(repeating: "é", count: limit / 2 + 1))))
  }
}

@Suite("Draft saving")
struct DraftSavingTests {
  @Test func onlyLargeDraftsAreSavedInTheBackground() {
    let limit = Draft.savedInBackgroundOverBytes
    #expect(!Draft(text: String(repeating: "x", count: limit)).isSavedInBackground)
    #expect(Draft(text: String(repeating: "x", count: limit + 1)).isSavedInBackground)
    #expect(Draft(text: String(repeating: "é", count: limit / 2 + 1)).isSavedInBackground)
    #expect(!Draft(chips: ["a"]).isSavedInBackground)
  }
}
