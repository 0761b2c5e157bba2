import NatterCore
import Testing

@Suite("EmojiTrigger")
struct EmojiTriggerTests {
  private func find(
    _ text: String, command: Bool = false, composing: Bool = false
  ) -> EmojiTrigger? {
    EmojiTrigger.find(
      before: text, windowStartsText: true, caret: text.unicodeScalars.count,
      isCommandLine: command, isComposing: composing)
  }

  @Test func colonAndTwoLettersAtTheStartTrigger() {
    #expect(find(":thu") == EmojiTrigger(offset: 0, length: 4, query: "thu"))
    #expect(find("hi :thu") == EmojiTrigger(offset: 3, length: 4, query: "thu"))
    #expect(find("(:thu")?.query == "thu", "after punctuation")
    #expect(find(":+1")?.query == "+1")
    #expect(find(":thumbs_up")?.query == "thumbs_up")
  }

  @Test func oneLetterIsNotEnough() {
    #expect(find(":t") == nil)
    #expect(find(":") == nil)
  }

  @Test func smileysNeverTrigger() {
    for smiley in [":)", ":D", ":p", ":P", ":-D", ":-P", ":-p", ":-)", ":(", "hi :D", ":-Dx"] {
      #expect(find(smiley) == nil, "\(smiley)")
    }
  }

  @Test func aColonInsideAWordOrALinkDoesNot() {
    #expect(find("http://x:80") == nil)
    #expect(find("12:30") == nil)
    #expect(find("std::map") == nil)
    #expect(find("see http://example.com/:ab") == nil)
    #expect(find("www.example.com/:ab") == nil)
    #expect(find("a:bc") == nil)
  }

  @Test func notInACommandsNameNorAtIRCsOwnColonButInItsOtherWords() {
    #expect(find("/:ab", command: true) == nil)
    #expect(find("/quote PRIVMSG #natter :one", command: true) == nil)
    #expect(find("/me waves :thu", command: true) == nil)
    #expect(find("/me waves (:thu", command: true)?.query == "thu")
  }

  @Test func notWhileAnInputMethodComposes() {
    #expect(find(":thu", composing: true) == nil)
  }

  @Test func lettersOfOtherScriptsCount() {
    #expect(find(":엄지")?.query == "엄지")
    #expect(find(":daumen_hö")?.query == "daumen_hö")
  }

  @Test func digitsAloneOrAWindowWithUnknownStartDoNot() {
    #expect(find(":80") == nil)
    #expect(
      EmojiTrigger.find(
        before: ":thu", windowStartsText: false, caret: 300, isCommandLine: false,
        isComposing: false) == nil)
    #expect(
      EmojiTrigger.find(
        before: "x :thu", windowStartsText: false, caret: 300, isCommandLine: false,
        isComposing: false) == EmojiTrigger(offset: 296, length: 4, query: "thu"))
  }

  @Test func offsetsCountUnicodeScalars() {
    #expect(find("👍 :thu")?.offset == 2)
  }
}
