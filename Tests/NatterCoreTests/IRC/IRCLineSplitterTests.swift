import SeededRandom
import Testing

@testable import NatterCore

@Suite struct IRCLineSplitterTests {
  @Test func shortLineIsOnePiece() {
    #expect(IRCLineSplitter.split("hello world", maxBytes: 20) == ["hello world"])
    #expect(IRCLineSplitter.split("", maxBytes: 20) == [])
  }

  @Test func splitsAtTheLastSpaceAndDropsIt() {
    #expect(IRCLineSplitter.split("aaa bbb ccc ddd", maxBytes: 8) == ["aaa bbb", "ccc ddd"])
    #expect(IRCLineSplitter.split("one two three", maxBytes: 9) == ["one two", "three"])
  }

  @Test func withoutASpaceSplitsBetweenGraphemes() {
    // é as e + combining acute is one grapheme of 3 bytes; never cut inside it.
    let text = String(repeating: "e\u{301}", count: 5)
    let pieces = IRCLineSplitter.split(text, maxBytes: 7)
    #expect(pieces == ["e\u{301}e\u{301}", "e\u{301}e\u{301}", "e\u{301}"])
    // A family emoji is one grapheme of 25 bytes.
    let family = "👨‍👩‍👧‍👦"
    #expect(IRCLineSplitter.split("ab" + family, maxBytes: 26) == ["ab", family])
  }

  @Test func anOversizedGraphemeIsCutBetweenScalars() {
    let zalgo = "a" + String(repeating: "\u{301}", count: 10)  // 21 bytes, one grapheme
    let pieces = IRCLineSplitter.split(zalgo, maxBytes: 8)
    #expect(pieces.joined() == zalgo)
    #expect(pieces.allSatisfy { $0.utf8.count <= 8 })
  }

  @Test func randomTextSplitsWithinTheLimitAndLosesOnlyTheSplitSpaces() {
    var random = SeededGenerator(seed: 77)
    let words = ["a", "word", "é", "日本語", "😀", "e\u{301}", "🇫🇷", "longerwordwithoutspace"]
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        text += words.randomElement(using: &random)!
        if Bool.random(using: &random) { text += " " }
      }
      let limit = Int.random(in: 8...60, using: &random)
      let pieces = IRCLineSplitter.split(text, maxBytes: limit)
      #expect(pieces.allSatisfy { $0.utf8.count <= limit }, "\(text) at \(limit)")
      let rejoined = pieces.joined()
      #expect(rejoined.filter { $0 != " " } == text.filter { $0 != " " })
      // Every piece is whole graphemes: concatenation keeps the same grapheme count.
      #expect(pieces.map(\.count).reduce(0, +) == rejoined.count)
    }
  }
}
