import Foundation
import Testing

@testable import NatterCore

/// Nickname colours (SPEC §12): stable, one per person, readable in both styles.
@Suite struct NickColorsTests {
  @Test func oneNicknameOneColourHoweverItIsCased() {
    #expect(NickColors.index(of: "Bob") == NickColors.index(of: "bob"))
    #expect(NickColors.index(of: "[away]") == NickColors.index(of: "{AWAY}"), "RFC 1459 folding")
    #expect(NickColors.cssClass(of: "alice") == "nick-color-\(NickColors.index(of: "ALICE"))")
    #expect((0..<NickColors.count).contains(NickColors.index(of: "")))
    // The user's own nickname, however cased, has no colour of the palette.
    #expect(NickColors.cssClass(of: "Alice", me: "alice") == NickColors.ownClass)
    #expect(NickColors.cssClass(of: "[me]", me: "{ME}") == NickColors.ownClass)
    #expect(NickColors.cssClass(of: "bob", me: "alice") == NickColors.cssClass(of: "bob"))
  }

  @Test func nicknamesSpreadOverEveryColour() {
    var counts = [Int](repeating: 0, count: NickColors.count)
    for n in 0..<1_600 { counts[NickColors.index(of: "user\(n)")] += 1 }
    #expect(counts.allSatisfy { $0 > 0 }, "\(counts)")
    #expect(counts.max() ?? 0 < 3 * 100, "no colour takes three times its share: \(counts)")
  }

  @Test func hexHasTwoLowercaseDigitsPerChannel() {
    #expect(NickColors.RGB(0, 10, 255).hex == "#000aff")
    #expect(NickColors.RGB(171, 205, 239).hex == "#abcdef")
    #expect(NickColors.css(dark: false).hasPrefix(".nick-color-0 { color: #"))
  }

  @Test(arguments: [false, true])
  func everyColourIsReadableOnEveryBackgroundOfItsStyle(dark: Bool) {
    let palette = NickColors.palette(dark: dark)
    #expect(palette.count == NickColors.count)
    #expect(Set(palette.map(\.hex)).count == palette.count, "sixteen different colours")
    let backgrounds = dark ? NickColors.darkBackgrounds : NickColors.lightBackgrounds
    for color in palette {
      for background in backgrounds {
        #expect(
          color.contrast(with: background) >= NickColors.minimumContrast,
          "\(color.hex) on \(background.hex)")
      }
    }
  }

  @Test func contrastFollowsWCAG() {
    let black = NickColors.RGB(0, 0, 0)
    let white = NickColors.RGB(255, 255, 255)
    #expect(abs(black.contrast(with: white) - 21) < 0.01)
    #expect(abs(white.contrast(with: white) - 1) < 0.0001)
    // WCAG's own example colour: #767676 on white is just above 4.5:1.
    #expect(abs(NickColors.RGB(0x76, 0x76, 0x76).contrast(with: white) - 4.54) < 0.01)
  }

  @Test func theStylesheetHasARuleForEachClass() {
    let css = NickColors.css(dark: false)
    for index in 0..<NickColors.count {
      #expect(css.contains(".nick-color-\(index) { color: #"))
    }
    #expect(NickColors.css(dark: true) != css)
  }
}
