import SeededRandom
import Testing

@testable import NatterCore

@Suite struct TextTallyTests {
  @Test func countsScalarsAndNonWhitespace() {
    let tally = TextTally("a e\u{301}\n🎉\u{3000}")
    #expect(tally.scalars == 7)
    #expect(tally.visible == 4)
  }

  @Test func removingTooMuchClampsAtZero() {
    var tally = TextTally("ab")
    tally.remove("abc ")
    #expect(tally.scalars == 0 && tally.visible == 0)
  }

  @Test func trimsOuterWhitespaceOnly() {
    #expect(TextTally.trimmed(" \n a \n b\u{00A0}\t") == "a \n b")
    #expect(TextTally.trimmed(" \u{3000}\n") == "")
    #expect(TextTally.trimmed("שלום עולם ") == "שלום עולם")
  }

  @Test func randomEditsMatchRecounting() {
    var rng = SeededGenerator(seed: 99)
    var tally = TextTally()
    var text: [Character] = []
    let alphabet: [Character] = ["a", " ", "\n", "é", "🎉", "\u{00A0}", "ש"]
    for _ in 0..<2000 {
      if Bool.random(using: &rng) || text.isEmpty {
        let piece = String(
          (0..<Int.random(in: 1...5, using: &rng)).map { _ in
            alphabet.randomElement(using: &rng) ?? "a"
          })
        text.append(contentsOf: piece)
        tally.add(piece)
      } else {
        let count = Int.random(in: 1...text.count, using: &rng)
        tally.remove(String(text.suffix(count)))
        text.removeLast(count)
      }
      #expect(tally == TextTally(String(text)))
    }
  }

  @Test func blankIsExactlyUnicodeWhiteSpace() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if TextTally.isBlank(scalar) != scalar.properties.isWhitespace { differing.append(value) }
    }
    #expect(differing.isEmpty)
  }
}
