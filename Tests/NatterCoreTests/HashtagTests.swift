import Foundation
import Testing

@testable import NatterCore

@Suite struct HashtagTests {
  @Test func comparesCaseInsensitivelyAfterNormalisation() {
    #expect(Hashtag("Swift") == Hashtag("swift"))
    #expect(Hashtag("Café") == Hashtag("cafe\u{301}"))
    #expect(Hashtag("CAFÉ") == Hashtag("café"))
    #expect(Hashtag("Straße") == Hashtag("STRASSE"))
    #expect(Hashtag("swift") != Hashtag("swiftly"))
    #expect(Set([Hashtag("A"), Hashtag("a")]).count == 1)
  }

  @Test func keepsTheSpellingNormalisedToNFC() {
    let tag = Hashtag("Cafe\u{301}")
    #expect(tag.spelling == "Café")
    #expect(tag.spelling.unicodeScalars.count == 4)
    #expect(tag.description == "#Café")
  }

  @Test func keyIsIndependentOfTheCurrentLocale() {
    // Turkish dotless/dotted i must not depend on the process locale.
    #expect(Hashtag.key(for: "I") == Hashtag.key(for: "i"))
    #expect(Hashtag.key(for: "日本語") == "日本語")
  }

  @Test func strippingHashRemovesOneLeadingHashOnly() {
    #expect(Hashtag.strippingHash("#swift") == "swift")
    #expect(Hashtag.strippingHash("swift") == "swift")
    #expect(Hashtag.strippingHash("##x") == "#x")
    #expect(Hashtag.strippingHash("a#b") == "a#b")
    #expect(Hashtag.strippingHash("") == "")
  }

  @Test func chipAndRemoveButtonNamesUseTheSpelling() {
    #expect(Hashtag("Café").description == "#Café")
    #expect(Hashtag("שלום").removeButtonName == "Remove #שלום")
  }

  @Test func asciiShortcutGivesTheFullKey() {
    // Hashtag.key skips normalisation for ASCII; it must give what the full path gives.
    for scalar in (0x21...0x7E).compactMap(Unicode.Scalar.init) {
      let text = "x" + String(Character(scalar)) + "Y"
      #expect(
        Hashtag.key(for: text)
          == text.folding(options: [.caseInsensitive], locale: nil), "\(text)")
    }
  }
}
