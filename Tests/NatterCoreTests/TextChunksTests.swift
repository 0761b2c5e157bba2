import Testing

@testable import NatterCore

@Suite("TextChunks")
struct TextChunksTests {
  @Test func shortTextIsOnePiece() {
    #expect(TextChunks.split("hello", maxUTF8Bytes: 64) == ["hello"])
    #expect(TextChunks.split("", maxUTF8Bytes: 64).isEmpty)
  }

  @Test func piecesRespectTheLimitAndJoinBackExactly() {
    let text = String(repeating: "0123456789abcdef\n", count: 1_000)
    let pieces = TextChunks.split(text, maxUTF8Bytes: 1_000)
    #expect(pieces.count > 10)
    #expect(pieces.allSatisfy { $0.utf8.count <= 1_000 })
    #expect(pieces.joined() == text)
    #expect(pieces.dropLast().allSatisfy { $0.hasSuffix("\n") }, "pieces end after a newline")
  }

  @Test func neverSplitsAScalar() {
    let text = String(repeating: "é日本語🙂\u{0301}", count: 500)
    for limit in [4, 5, 7, 64, 1_000] {
      let pieces = TextChunks.split(text, maxUTF8Bytes: limit)
      #expect(pieces.joined() == text)
      #expect(pieces.allSatisfy { !$0.isEmpty && $0.utf8.count <= max(4, limit) })
      let scalars = pieces.reduce(0) { $0 + $1.unicodeScalars.count }
      #expect(scalars == text.unicodeScalars.count, "each piece starts and ends on a scalar")
    }
  }

  @Test func aLongLineWithoutNewlinesIsCutAtTheLimit() {
    let text = String(repeating: "x", count: 10_000)
    let pieces = TextChunks.split(text, maxUTF8Bytes: 3_000)
    #expect(pieces.map(\.utf8.count) == [3_000, 3_000, 3_000, 1_000])
  }

  @Test func theFirstPieceCanBeSmaller() {
    let text = String(repeating: "short line\n", count: 1_000)
    let pieces = TextChunks.split(text, maxUTF8Bytes: 4_000, firstMaxUTF8Bytes: 200)
    #expect(pieces.joined() == text)
    #expect(pieces[0].utf8.count <= 200 && pieces[0].hasSuffix("\n"))
    #expect(
      pieces[1].utf8.count > 2_000 && pieces.dropFirst().allSatisfy { $0.utf8.count <= 4_000 })
  }
}
