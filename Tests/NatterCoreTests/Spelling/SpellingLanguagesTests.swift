import NatterCore
import Testing

@Suite("SpellingLanguages")
struct SpellingLanguagesTests {
  @Test func preferencesChooseOverTheLocaleAndOffMeansNone() {
    var settings = Settings()
    let german = ["LANG": "de_DE.UTF-8"]
    #expect(SpellingLanguages.wanted(by: settings, environment: german) == ["de_DE"])
    settings.spellingLanguages = ["en_GB", "ko_KR"]
    #expect(SpellingLanguages.wanted(by: settings, environment: german) == ["en_GB", "ko_KR"])
    settings.checksSpelling = false
    #expect(SpellingLanguages.wanted(by: settings, environment: german).isEmpty)
  }

  @Test func theLocaleChoosesTheDictionary() {
    #expect(SpellingLanguages.forLocale(["LANG": "de_DE.UTF-8"]) == ["de_DE"])
    #expect(SpellingLanguages.forLocale(["LANG": "en_GB.UTF-8"]) == ["en_GB"])
    #expect(SpellingLanguages.forLocale(["LANG": "C.UTF-8"]) == ["en_US"])
    #expect(SpellingLanguages.forLocale([:]) == ["en_US"])
  }

  @Test func messagesAndAllOverrideLang() {
    #expect(
      SpellingLanguages.forLocale(["LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"]) == [
        "de_DE"
      ])
    #expect(
      SpellingLanguages.forLocale([
        "LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LC_ALL": "ko_KR.UTF-8",
      ]) == ["ko_KR", "en_US"])
  }

  @Test func aKoreanLocaleGetsEnglishBesideIt() {
    #expect(SpellingLanguages.forLocale(["LANG": "ko_KR.UTF-8"]) == ["ko_KR", "en_US"])
    #expect(SpellingLanguages.forLocale(["LANG": "ko"]) == ["ko_KR", "en_US"])
  }

  @Test func theKoreanDictionaryJudgesOnlyHangul() {
    let both = ["ko_KR", "en_US"]
    #expect(SpellingLanguages.judges(of: "wrold", among: both) == ["en_US"])
    #expect(SpellingLanguages.judges(of: "안녕하세여", among: both) == ["ko_KR"])
    #expect(SpellingLanguages.judges(of: "안녕", among: ["en_US", "de_DE"]) == [])
    #expect(SpellingLanguages.judges(of: "word", among: ["ko_KR"]) == [])
  }

  @Test func preferencesSayWhichDictionariesAreMissing() {
    let none = SpellingLanguages.missingNotice(chosen: ["en_US"], installed: [])
    #expect(none?.contains("hunspell-en-us") == true)
    #expect(
      SpellingLanguages.missingNotice(chosen: ["en_US", "de_DE"], installed: ["en_US", "ko"])
        == "No dictionary is installed for German (Germany); the others are checked.")
    #expect(SpellingLanguages.missingNotice(chosen: ["en_US"], installed: ["en_US"]) == nil)
    var off = Settings()
    off.checksSpelling = false
    off.spellingLanguages = ["de_DE"]
    #expect(SpellingLanguages.chosen(by: off, environment: [:]) == ["de_DE"])
    #expect(SpellingLanguages.wanted(by: off, environment: [:]).isEmpty)
  }

  @Test func everyDictionaryHasAName() {
    #expect(SpellingLanguages.title(of: "de_DE") == "German (Germany)")
    #expect(SpellingLanguages.title(of: "de_BE") == "German (Belgium)")
    #expect(SpellingLanguages.title(of: "en_ZA") == "English (South Africa)")
  }

  @Test func aSettingsListIsTrimmedWithoutRepeats() {
    #expect(SpellingLanguages.parse(" en_US, de_DE,,en_US ") == ["en_US", "de_DE"])
  }
}

@Suite("SpellingChoices")
struct SpellingChoicesTests {
  @Test func aConversationsChoiceRoundTripsThroughItsFile() {
    var choices = SpellingChoices()
    choices.choose(["de_DE", "en_US"], for: "ircs://irc.example.net/#natter")
    choices.choose(["ko_KR"], for: "ircs://irc.example.net/nick[a]=b;c")
    let read = SpellingChoices(fileText: choices.fileText)
    #expect(read == choices)
    #expect(
      read.languages(for: "ircs://irc.example.net/#natter", defaults: ["en_US"]) == [
        "de_DE", "en_US",
      ])
    #expect(read.languages(for: "ircs://other/#x", defaults: ["en_US"]) == ["en_US"])
    #expect(read.languages(for: nil, defaults: ["en_US"]) == ["en_US"])
  }

  @Test func goingBackToTheDefaultsForgetsTheChoice() {
    var choices = SpellingChoices()
    choices.choose(["de_DE"], for: "irc://a/#b")
    choices.choose(nil, for: "irc://a/#b")
    #expect(choices.fileText.isEmpty)
  }

  @Test func turningLanguagesOnAndOffNeverLeavesNone() {
    #expect(SpellingLanguages.turning("de_DE", on: true, in: ["en_US"]) == ["en_US", "de_DE"])
    #expect(SpellingLanguages.turning("de_DE", on: true, in: ["de_DE"]) == ["de_DE"])
    #expect(SpellingLanguages.turning("en_US", on: false, in: ["en_US", "ko_KR"]) == ["ko_KR"])
    #expect(SpellingLanguages.turning("en_US", on: false, in: ["en_US"]) == ["en_US"])
  }

  @Test func aConversationTurnsLanguagesFromWhatItUsesAndBackToTheDefaults() {
    var choices = SpellingChoices()
    let chat = "ircs://irc.test/#korean"
    choices.turn("ko_KR", on: true, for: chat, defaults: ["en_US"])
    #expect(choices.languages(for: chat, defaults: ["en_US"]) == ["en_US", "ko_KR"])
    #expect(choices.hasOwnChoice(for: chat))
    #expect(!choices.hasOwnChoice(for: "ircs://irc.test/#other"))
    // The same languages as Preferences, in another order, are Preferences' again.
    choices.turn("ko_KR", on: false, for: chat, defaults: ["en_US"])
    #expect(!choices.hasOwnChoice(for: chat))
    choices.turn("en_US", on: false, for: chat, defaults: ["en_US"])
    #expect(!choices.hasOwnChoice(for: chat), "the last language stays on")
    choices.turn("de_DE", on: true, for: chat, defaults: ["en_US"])
    choices.turn("en_US", on: false, for: chat, defaults: ["en_US"])
    #expect(choices.languages(for: chat, defaults: ["ko_KR"]) == ["de_DE"])
  }

  @Test func damagedLinesAreSkipped() {
    let choices = SpellingChoices(fileText: "garbage\n\tirc://a/#b\nde_DE\t\nen_US\tirc://a/#c\n")
    #expect(choices.languages == ["irc://a/#c": ["en_US"]])
  }

  @Test func personalWordsAreOnePerLine() {
    #expect(PersonalWords.parse("Natter\n\nInspIRCd\r\n") == ["Natter", "InspIRCd"])
    #expect(PersonalWords.isAddable("Natter"))
    #expect(!PersonalWords.isAddable("two words"))
  }
}
