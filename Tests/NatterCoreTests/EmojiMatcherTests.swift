import NatterCore
import Testing

@Suite("EmojiMatcher")
struct EmojiMatcherTests {
  static let english = [
    EmojiEntry(emoji: "⛈️", name: "cloud with lightning and rain", keywords: ["thunder"]),
    EmojiEntry(emoji: "👎", name: "thumbs down", keywords: ["-1", "hand", "thumb"]),
    EmojiEntry(emoji: "👍", name: "thumbs up", keywords: ["+1", "hand", "thumb", "up"]),
    EmojiEntry(emoji: "🤔", name: "thinking face", keywords: ["face", "thinking"]),
    EmojiEntry(emoji: "😄", name: "grinning face with smiling eyes", keywords: ["smile"]),
  ]
  static let german = [
    EmojiEntry(emoji: "👍", name: "Daumen hoch", keywords: ["Daumen", "Hand"])
  ]

  private func emoji(_ query: String, _ entries: [EmojiEntry] = english) -> [String] {
    EmojiMatcher.matches(query, in: EmojiTable(entries)).map(\.emoji)
  }

  @Test func namePrefixesComeFirstThenShorterNames() {
    #expect(emoji("thu") == ["👍", "👎", "⛈️"])
  }

  @Test func wordsOfTheNameAndKeywordsMatch() {
    #expect(emoji("up") == ["👍"])
    #expect(emoji("smi") == ["😄"])
    #expect(emoji("+1") == ["👍"])
  }

  @Test func caseAndUnderscoresDoNotMatter() {
    #expect(emoji("THUMBS_U") == ["👍"])
  }

  @Test func nothingMatchesNothing() {
    #expect(emoji("zzz").isEmpty)
    #expect(emoji("").isEmpty)
  }

  @Test func theUsersLanguageAndEnglishBothMatchEachEmojiOnce() {
    let both = Self.german + Self.english
    #expect(emoji("dau", both) == ["👍"])
    #expect(emoji("thumbs u", both) == ["👍"])
    let label = EmojiMatcher.matches("hand", in: EmojiTable(both)).first?.label
    #expect(label == "👍 Daumen hoch", "the user's language first")
  }

  @Test func atMostTheLimit() {
    let many = (0..<20).map { EmojiEntry(emoji: "\($0)", name: "face \($0)", keywords: []) }
    #expect(EmojiMatcher.matches("fa", in: EmojiTable(many)).count == EmojiMatcher.limit)
  }
}

@Suite("EmojiCompletion")
struct EmojiCompletionTests {
  private let table = EmojiTable(EmojiMatcherTests.english)

  private func trigger(_ text: String) -> EmojiTrigger? {
    EmojiTrigger.find(
      before: text, windowStartsText: true, caret: text.unicodeScalars.count,
      isCommandLine: false, isComposing: false)
  }

  private func typed(_ text: String, into completion: inout EmojiCompletion) {
    completion.update(trigger: trigger(text)) { table }
  }

  @Test func typingOffersAndTabInsertsTheHighlighted() {
    var completion = EmojiCompletion()
    typed("ok :thu", into: &completion)
    #expect(completion.isShown)
    #expect(completion.matches.first?.label == "👍 thumbs up")
    #expect(
      completion.insertHighlighted() == EmojiCompletion.Edit(offset: 3, length: 4, emoji: "👍"))
    #expect(!completion.isShown)
  }

  @Test func leavingTheTextHidesItUntilTypingGoesOn() {
    var completion = EmojiCompletion()
    typed("ok :thu", into: &completion)
    completion.focusLeft()
    #expect(!completion.isShown)
    // Coming back moves nothing: the caret's report finds the same trigger.
    typed("ok :thu", into: &completion)
    #expect(!completion.isShown)
    typed("ok :thum", into: &completion)
    #expect(completion.matches.first?.label == "👍 thumbs up")
  }

  @Test func downAndUpMoveTheHighlightAndWrap() {
    var completion = EmojiCompletion()
    typed(":thu", into: &completion)
    completion.moveHighlight(by: 1)
    #expect(completion.highlightedEntry?.emoji == "👎")
    completion.moveHighlight(by: -1)
    completion.moveHighlight(by: -1)
    #expect(completion.highlightedEntry?.emoji == "⛈️")
  }

  @Test func typingMoreFiltersAndKeepsTheHighlightedEmoji() {
    var completion = EmojiCompletion()
    typed(":th", into: &completion)
    completion.moveHighlight(by: 1)
    let chosen = completion.highlightedEntry
    typed(":thu", into: &completion)
    #expect(completion.highlightedEntry == chosen)
    typed(":thumbs_d", into: &completion)
    #expect(completion.matches.map(\.emoji) == ["👎"])
  }

  @Test func aNonMatchingOrDeletedTriggerHides() {
    var completion = EmojiCompletion()
    typed(":thu", into: &completion)
    typed(":thuzz", into: &completion)
    #expect(!completion.isShown)
    typed(":", into: &completion)
    #expect(!completion.isShown)
    #expect(completion.insertHighlighted() == nil)
  }

  @Test func escapeDismissesUntilTheTriggerIsGone() {
    var completion = EmojiCompletion()
    typed(":thu", into: &completion)
    completion.dismiss()
    #expect(!completion.isShown)
    typed(":thum", into: &completion)
    #expect(!completion.isShown, "typing more does not bring it back")
    typed(":thum ", into: &completion)
    typed(":thum :thu", into: &completion)
    #expect(completion.isShown, "a new trigger offers again")
  }

  @Test func theTableIsReadOnlyForATrigger() {
    var completion = EmojiCompletion()
    var reads = 0
    completion.update(trigger: trigger("plain text")) {
      reads += 1
      return table
    }
    #expect(reads == 0)
  }
}
