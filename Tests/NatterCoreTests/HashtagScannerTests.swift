import SeededRandom
import Testing

@testable import NatterCore

@Suite struct HashtagScannerTests {
  private func atCaret(_ text: String) -> HashtagMatch? {
    HashtagScanner.hashtag(endingAt: text, windowStartsText: true)
  }

  @Test func findsHashtagAtStartOfText() {
    #expect(atCaret("#swift") == HashtagMatch(tag: "swift", typed: "#swift"))
    #expect(atCaret("#swift")?.length == 6)
  }

  @Test func findsHashtagAfterWhitespaceAndPunctuation() {
    #expect(atCaret("hello #swift")?.tag == "swift")
    #expect(atCaret("line\n#swift")?.tag == "swift")
    #expect(atCaret("(#swift")?.tag == "swift")
    #expect(atCaret("x,#swift")?.tag == "swift")
  }

  @Test func letterOrDigitOrHashBeforeHashIsNotABoundary() {
    #expect(atCaret("C#") == nil)
    #expect(atCaret("a#b") == nil)
    #expect(atCaret("##x") == nil)
    #expect(atCaret("1#x") == nil)
    #expect(atCaret("_#x") == nil)
  }

  @Test func needsAtLeastOneLetter() {
    #expect(atCaret("#123") == nil)
    #expect(atCaret("#_") == nil)
    #expect(atCaret("#") == nil)
    #expect(atCaret("#1a")?.tag == "1a")
    #expect(atCaret("#a_1")?.tag == "a_1")
  }

  @Test func tagMustEndAtTheCaret() {
    #expect(atCaret("#swift!") == nil)
    #expect(atCaret("#swift ") == nil)
    #expect(atCaret("#hi😀") == nil)
  }

  @Test func acceptsSixtyFourCharactersAndRefusesSixtyFive() {
    let ok = String(repeating: "a", count: 64)
    let long = String(repeating: "a", count: 65)
    #expect(atCaret("#" + ok)?.tag == ok)
    #expect(atCaret("#" + long) == nil)
    #expect(HashtagScanner.validTag(ok) == ok)
    #expect(HashtagScanner.validTag(long) == nil)
  }

  @Test func lengthCountsScalarsAfterNormalisation() {
    // 64 decomposed é's are 128 scalars as typed but 64 after NFC: a valid tag.
    let decomposed = String(repeating: "e\u{301}", count: 64)
    let match = atCaret("x #" + decomposed)
    #expect(match?.tag == String(repeating: "é", count: 64))
    #expect(match?.length == 129)
    #expect(atCaret("#" + decomposed + "e\u{301}") == nil)
  }

  @Test func unicodeLettersMarksAndDigitsAreTagCharacters() {
    #expect(atCaret("#café")?.tag == "café")
    #expect(atCaret("#日本語")?.tag == "日本語")
    #expect(atCaret("#שלום")?.tag == "שלום")
    #expect(atCaret("مرحبا #سلام")?.tag == "سلام")
    #expect(atCaret("#हिन्दी")?.tag == "हिन्दी")
    #expect(atCaret("#x٣")?.tag == "x٣")
  }

  @Test func decomposedSpellingIsNormalisedButTypedTextIsKept() {
    let match = atCaret("#cafe\u{301}")
    #expect(match?.tag == "café")
    #expect(match?.tag.unicodeScalars.count == 4)
    #expect(match?.typed == "#cafe\u{301}")
    #expect(match?.length == 6)
  }

  @Test func emojiAndFormatMarksAreBoundariesButNotTagCharacters() {
    #expect(atCaret("🎉#party")?.tag == "party")
    #expect(atCaret("\u{200F}#שלום")?.tag == "שלום")
    #expect(atCaret("#🎉") == nil)
    #expect(atCaret("#️⃣") == nil)  // keycap: # + variation selector + enclosing mark
  }

  @Test func windowThatDoesNotStartTheTextNeedsTheBoundaryScalar() {
    #expect(HashtagScanner.hashtag(endingAt: "#swift", windowStartsText: false) == nil)
    #expect(HashtagScanner.hashtag(endingAt: " #swift", windowStartsText: false)?.tag == "swift")
    #expect(HashtagScanner.hashtag(endingAt: "a#swift", windowStartsText: false) == nil)
  }

  @Test func longRunOfLettersStopsTheWalkBack() {
    let window = String(repeating: "a", count: 5000)
    #expect(HashtagScanner.hashtag(endingAt: "#" + window, windowStartsText: true) == nil)
  }

  @Test func trailingHashtagReadsOnlyTheEnd() {
    #expect(HashtagScanner.trailingHashtag(in: "hello #swift")?.tag == "swift")
    #expect(HashtagScanner.trailingHashtag(in: "#swift")?.tag == "swift")
    #expect(HashtagScanner.trailingHashtag(in: "hello #swift now") == nil)
    let big = String(repeating: "x ", count: 100_000) + "#end"
    #expect(HashtagScanner.trailingHashtag(in: big)?.tag == "end")
  }

  @Test func hashtagsInTextFindsEveryValidOne() {
    #expect(HashtagScanner.hashtags(in: "#a b#c ##d #e1, #9 (#Café)") == ["a", "e1", "Café"])
    #expect(HashtagScanner.hashtags(in: "") == [])
  }

  @Test func randomWindowsAgreeWithAReferenceScanOfTheWholeText() {
    var rng = SeededGenerator(seed: 42)
    let alphabet: [String] = [
      "#", "#", "a", "B", "é", "e\u{301}", "1", "_", " ", ",", "!", "日", "ש", "🎉", "\u{200F}",
    ]
    for _ in 0..<3000 {
      let length = Int.random(in: 0...12, using: &rng)
      let text = (0..<length).map { _ in alphabet.randomElement(using: &rng) ?? "a" }.joined()
      let scalars = Array(text.unicodeScalars)
      let cut = Int.random(in: 0...scalars.count, using: &rng)
      let start = max(0, cut - Int.random(in: 0...8, using: &rng))
      let window = BufferSimulator.string(scalars[start..<cut])
      let found = HashtagScanner.hashtag(endingAt: window, windowStartsText: start == 0)
      let expected = Self.reference(Array(scalars[0..<cut]))
      if let found {
        // A narrow window may miss a tag, but never invent one.
        #expect(found.tag == expected, "\(text.debugDescription) cut \(cut)")
      } else if start == 0 || cut - start > 66 {
        #expect(expected == nil, "\(text.debugDescription) cut \(cut)")
      }
    }
  }

  /// The grammar, spelled out directly over the whole prefix.
  private static func reference(_ prefix: [Unicode.Scalar]) -> String? {
    for hash in prefix.indices where prefix[hash] == "#" {
      let body = prefix[(hash + 1)...]
      guard !body.isEmpty, body.allSatisfy(HashtagScanner.isTagScalar) else { continue }
      if hash > 0 && (prefix[hash - 1] == "#" || HashtagScanner.isTagScalar(prefix[hash - 1])) {
        continue
      }
      let tag = BufferSimulator.string(body).precomposedStringWithCanonicalMapping
      let letters = tag.unicodeScalars.filter {
        $0.properties.isAlphabetic && $0.properties.generalCategory != .nonspacingMark
          && $0.properties.generalCategory != .spacingMark
      }
      guard !letters.isEmpty, (1...64).contains(tag.unicodeScalars.count) else { continue }
      return tag
    }
    return nil
  }
}
