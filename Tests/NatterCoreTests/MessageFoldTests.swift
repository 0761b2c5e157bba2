import SeededRandom
import Testing

@testable import NatterCore

@Suite("MessageFold")
struct MessageFoldTests {
  @Test func shortBodyIsShownWhole() {
    let preview = MessageFold.preview(of: "hello\nworld")
    #expect(preview == MessageFold.Preview(text: "hello\nworld", isFolded: false))
    #expect(MessageFold.preview(of: "").isFolded == false)
  }

  @Test func bodyOfExactlyTheLimitsIsNotFolded() {
    let lines = Array(repeating: "x", count: MessageFold.maxLines).joined(separator: "\n")
    #expect(MessageFold.preview(of: lines).isFolded == false)
    let scalars = String(repeating: "y", count: MessageFold.maxScalars)
    #expect(MessageFold.preview(of: scalars).isFolded == false)
  }

  @Test func manyLinesFoldAfterTheLineLimit() {
    let body = (1...10_000).map { "line \($0)" }.joined(separator: "\n")
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    #expect(preview.text == (1...8).map { "line \($0)" }.joined(separator: "\n") + "…")
  }

  @Test func oneUnbrokenStringFoldsAtTheScalarLimit() {
    let body = String(repeating: "abcdefghij", count: 10_000)
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    #expect(preview.text.unicodeScalars.count == MessageFold.maxScalars + 1)
    #expect(preview.text.hasSuffix("…"))
    #expect(body.hasPrefix(preview.text.dropLast()))
  }

  @Test func wordsOnOneLineFoldWithoutTrailingSpace() {
    let body = String(repeating: "word ", count: 20_000)
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    #expect(!preview.text.dropLast().hasSuffix(" "))
    #expect(preview.text.unicodeScalars.count <= MessageFold.maxScalars + 1)
  }

  @Test func combiningMarksStayWithTheirLetter() {
    // Each character is e + two accents: the cut must not fall inside one.
    let body = String(repeating: "e\u{0301}\u{0323}", count: 1_000)
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    let shown = preview.text.dropLast()
    #expect(shown.unicodeScalars.count % 3 == 0)
    #expect(shown.allSatisfy { $0 == "e\u{0301}\u{0323}" })
  }

  @Test func anEnormousClusterShowsOnlyAFewOfItsMarks() {
    let body = "e" + String(repeating: "\u{0301}", count: 100_000)
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    let marks = String(repeating: "\u{0301}", count: MessageFold.maxMarksPerCharacter)
    #expect(preview.text == "e" + marks + "…")
  }

  @Test func marksOverTheCapAreLeftOutOfEveryCharacter() {
    // Short enough to be shown whole, but each letter carries 20 marks.
    let letter = "a" + String(repeating: "\u{0300}", count: 20)
    let preview = MessageFold.preview(of: String(repeating: letter, count: 5) + " end")
    #expect(preview.isFolded, "Show more gives the marks left out")
    let capped = "a" + String(repeating: "\u{0300}", count: MessageFold.maxMarksPerCharacter)
    #expect(preview.text == String(repeating: capped, count: 5) + " end…")
  }

  @Test func readingStopsLongBeforeTheEndOfAHugeBody() {
    // Ten million marks after one letter: the preview must not read them all (this test
    // would take seconds if it did, and the rows would freeze the window).
    let body = "x" + String(repeating: "\u{0301}", count: 10_000_000) + "tail"
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded && !preview.text.contains("tail"))
  }

  @Test func emojiSequencesAreNotSplit() {
    let family = "👩\u{200D}👩\u{200D}👧\u{200D}👦"
    let body = String(repeating: "a", count: MessageFold.maxScalars - 3) + family + "tail"
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    #expect(!preview.text.contains("👩"), "the sequence is left out whole, not cut")
  }

  @Test func mixedScriptsFoldOnScalars() {
    let body = String(repeating: "abc العربية 漢字 Привет हिन्दी ", count: 1_000)
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    #expect(preview.text.unicodeScalars.count <= MessageFold.maxScalars + 1)
    #expect(body.hasPrefix(preview.text.dropLast()))
  }

  @Test func fewTagsAreAllShown() {
    let (shown, hidden) = MessageFold.shownTags(["a", "b"])
    #expect(shown == ["a", "b"])
    #expect(hidden == 0)
  }

  @Test func tenThousandTagsShowTwentyAndACount() {
    let tags = (0..<10_000).map { "t\($0)" }
    let (shown, hidden) = MessageFold.shownTags(tags)
    #expect(shown == Array(tags.prefix(20)))
    #expect(hidden == 9_980)
  }
}

@Suite("DisplayText")
struct DisplayTextTests {
  @Test func shortTextIsUnchanged() {
    let display = DisplayText("hello\nworld")
    #expect(display.text == "hello\nworld")
    #expect(display.insertedBreaks.isEmpty)
  }

  @Test func unbrokenStringIsCutIntoBoundedParagraphs() {
    let original = String(repeating: "0123456789", count: 10_000)
    let display = DisplayText(original, maxScalars: 1_000)
    let paragraphs = display.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(paragraphs.count == 100)
    #expect(paragraphs.allSatisfy { $0.unicodeScalars.count <= 1_000 })
    #expect(display.insertedBreaks.count == 99)
    #expect(display.original(from: 0, to: display.text.unicodeScalars.count) == original)
  }

  @Test func wordsBreakAfterASpace() {
    let original = String(repeating: "word ", count: 2_000)
    let display = DisplayText(original, maxScalars: 1_000)
    let paragraphs = display.text.split(separator: "\n")
    #expect(paragraphs.allSatisfy { $0.unicodeScalars.count <= 1_000 })
    #expect(paragraphs.dropLast().allSatisfy { $0.hasSuffix(" ") })
    #expect(display.original(from: 0, to: display.text.unicodeScalars.count) == original)
  }

  @Test func shortLinesAreLeftAlone() {
    let original = (1...5_000).map { "line \($0)" }.joined(separator: "\n")
    let display = DisplayText(original, maxScalars: 1_000)
    #expect(display.text == original)
    #expect(display.insertedBreaks.isEmpty)
  }

  @Test func combiningMarksAreNotSplitFromTheirLetter() {
    let original = String(repeating: "e\u{0301}\u{0323}", count: 3_000)
    let display = DisplayText(original, maxScalars: 1_000)
    for paragraph in display.text.split(separator: "\n") {
      #expect(paragraph.unicodeScalars.first == "e")
      #expect(paragraph.unicodeScalars.count % 3 == 0)
    }
    #expect(display.original(from: 0, to: display.text.unicodeScalars.count) == original)
  }

  @Test func copyingPartOfTheTextDropsOnlyInsertedBreaks() {
    let original = String(repeating: "x", count: 2_500) + "\nend"
    let display = DisplayText(original, maxScalars: 1_000)
    #expect(display.insertedBreaks == [1_000, 2_001])
    // Across the first inserted break.
    #expect(display.original(from: 995, to: 1_006) == String(repeating: "x", count: 10))
    // The original newline survives.
    let total = display.text.unicodeScalars.count
    #expect(display.original(from: total - 5, to: total) == "x\nend")
    #expect(display.original(from: 10, to: 10) == "")
  }

  @Test func theShortcutForShortASCIIAgreesWithTheScan() {
    var random = SeededGenerator(seed: 19)
    let pieces = ["a", " ", "\n", "\r\n", "word ", "https://x.org "]
    for _ in 0..<2_000 {
      var body = ""
      let length = Int.random(in: 0...(MessageFold.maxScalars + 20), using: &random)
      while body.utf8.count < length {
        body += pieces.randomElement(using: &random)!
      }
      let preview = MessageFold.preview(of: body)
      let scanned = MessageFold.scannedPreview(
        of: body, maxLines: MessageFold.maxLines, maxScalars: MessageFold.maxScalars)
      #expect(preview == scanned, "\(body.debugDescription)")
    }
  }
}
