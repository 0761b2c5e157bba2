import Testing

@testable import NatterCore

@Suite struct BodyMinimumWidthTests {
  @Test(arguments: [5, 7, 8, 9, 12, 16, 23])
  func theMinimumStaysWithinTheNarrowestWindowAtAnyFontSize(characterWidth: Int) {
    let pixels = BodyMinimumWidth.characters(characterWidth: characterWidth) * characterWidth
    #expect(pixels <= BodyMinimumWidth.pixels)
    // Within one character of the budget: as few line breaks as the window allows.
    #expect(pixels > BodyMinimumWidth.pixels - characterWidth)
  }

  @Test func aNormalFontGetsFarMoreThanTenCharacters() {
    // Noto Sans at 11 pt: about 8 px a character.
    #expect(BodyMinimumWidth.characters(characterWidth: 8) == 30)
  }

  @Test func aHugeFontStillGetsTheFewestCharacters() {
    #expect(BodyMinimumWidth.characters(characterWidth: 40) == BodyMinimumWidth.fewestCharacters)
    // A font Pango could not measure.
    #expect(BodyMinimumWidth.characters(characterWidth: 0) == BodyMinimumWidth.fewestCharacters)
  }
}
