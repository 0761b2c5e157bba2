import NatterCore
import Testing

@Suite("SpellCheckScope")
struct SpellCheckScopeTests {
  private func checked(
    _ text: String, nicks: [String] = [], opensMessage: Bool = true, composingAt: Int? = nil
  ) -> [String] {
    SpellCheckScope(nicknames: nicks).words(
      in: text, opensMessage: opensMessage, composingAt: composingAt
    ).map(\.text)
  }

  @Test func plainWordsAreCheckedWithTheirOffsets() {
    let words = SpellCheckScope().words(in: "hello wrold, ok?")
    #expect(words.map(\.text) == ["hello", "wrold", "ok"])
    #expect(words.map(\.range) == [0..<5, 6..<11, 13..<15])
  }

  @Test func offsetsCountUnicodeScalarsAsTheTextBufferDoes() {
    // "é" as e + combining acute is two scalars; the emoji is one scalar.
    let words = SpellCheckScope().words(in: "😀 cafe\u{301} 안녕하세여")
    #expect(words.map(\.range) == [2..<7, 8..<13])
    #expect(words.map(\.text) == ["cafe\u{301}", "안녕하세여"])
  }

  @Test func anEmojiNameAfterAColonIsNotAWord() {
    #expect(checked("ship it :thu") == ["ship", "it"])
    #expect(checked("yes :smile: (:wink:) done") == ["yes", "done"])
    // A colon after a word is punctuation: what follows it is checked.
    #expect(checked("alice:wrold note: tomorow") == ["alice", "wrold", "note", "tomorow"])
  }

  @Test func apostrophesInsideAWordKeepItWhole() {
    #expect(checked("don't can’t 'quoted'") == ["don't", "can’t", "quoted"])
  }

  @Test func nicknamesAreNeverCheckedWhateverTheirCase() {
    #expect(checked("alice: Bobby said hi", nicks: ["Alice", "bobby"]) == ["said", "hi"])
    #expect(checked("ping n1ck_[away], thanks", nicks: ["n1ck_[away]"]) == ["ping", "thanks"])
    #expect(checked("@carol look", nicks: ["carol"]) == ["look"])
  }

  @Test func tagsAndChannelsAreNotChecked() {
    #expect(checked("see #Straße and &local now") == ["see", "and", "now"])
  }

  @Test func theCommandOpeningACommandLineIsNotChecked() {
    #expect(checked("/msg bob helo") == ["bob", "helo"])
    #expect(checked("/me wavs") == ["wavs"])
    // `//` sends a line starting with `/`: the word after is text.
    #expect(checked("//etc is a path") == ["is", "a", "path"])
    // Only the message's first paragraph can be a command line.
    #expect(checked("/me wavs", opensMessage: false) == ["wavs"])
  }

  @Test func linksAddressesAndPathsAreNotChecked() {
    let text = "see https://exampel.org/pagge www.exampel.com mailto:x a@exampel.com /usr/lib ok"
    #expect(checked(text, opensMessage: false) == ["see", "ok"])
  }

  @Test func textBetweenBackticksIsCode() {
    #expect(checked("run `git comit -m` now") == ["run", "now"])
    #expect(checked("`fooo` bar") == ["bar"])
    #expect(checked("```swift lett x``` done") == ["done"])
    // An unclosed backtick: the code goes on to the end, as it is being typed.
    #expect(checked("try `lsblk -f") == ["try"])
  }

  @Test func wordsWithDigitsUnderscoresAndAbbreviationsAreNotChecked() {
    #expect(
      checked("meet at 10am with NASA and snake_case or b4 ok") == [
        "meet", "at", "with", "and", "or", "ok",
      ])
    #expect(checked("I said A") == ["I", "said", "A"])
  }

  @Test func theWordBeingComposedIsNotChecked() {
    // The caret right after 안녕 while a preedit shows there.
    #expect(checked("hello 안녕", composingAt: 8) == ["hello"])
    #expect(checked("hello 안녕 world", composingAt: 6) == ["hello", "world"])
    // The caret at the start of `world`: that is the word being composed.
    #expect(checked("hello 안녕 world", composingAt: 9) == ["hello", "안녕"])
    #expect(checked("hello 안녕 world", composingAt: nil) == ["hello", "안녕", "world"])
  }

  @Test func overlongRunsAreNotWords() {
    let blob = String(repeating: "a", count: SpellCheckScope.longestWord + 1)
    #expect(checked("x \(blob) y") == ["x", "y"])
  }

  @Test func aCutWindowLeavesTheWordsAtItsCutEdges() {
    let words = SpellCheckScope().words(
      in: "rld is cut her", wholeStart: false, wholeEnd: false)
    #expect(words.map(\.text) == ["is", "cut"])
  }
}
