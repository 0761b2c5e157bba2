import NatterCore
import Testing

@Suite("TranscriptPlaceholder")
struct TranscriptPlaceholderTests {
  @Test func anEmptyHistorySaysSo() {
    #expect(TranscriptPlaceholder.text(rowCount: 0, searching: false) == "No messages yet")
  }

  @Test func anEmptySearchSaysNothingMatches() {
    #expect(TranscriptPlaceholder.text(rowCount: 0, searching: true) == "No messages match")
  }

  @Test func rowsHideThePlaceholder() {
    #expect(TranscriptPlaceholder.text(rowCount: 1, searching: false) == nil)
    #expect(TranscriptPlaceholder.text(rowCount: 12, searching: true) == nil)
  }
}
