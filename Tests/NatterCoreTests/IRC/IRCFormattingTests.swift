import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCFormattingTests {
  private func color(_ index: Int) -> NickColors.RGB { IRCFormatting.palette[index] }

  @Test func ircdocsColourExample() {
    let parsed = IRCFormatting(
      parsing: "I love \u{3}3IRC! \u{3}It is the \u{3}7best protocol ever!")
    #expect(parsed.text == "I love IRC! It is the best protocol ever!")
    #expect(
      parsed.runs == [
        .init(7..<12, foreground: color(3)), .init(22..<41, foreground: color(7)),
      ])
  }

  @Test func ircdocsItalicBackgroundExample() {
    let parsed = IRCFormatting(parsing: "This is a \u{1D}\u{3}13,9cool \u{3}message")
    #expect(parsed.text == "This is a cool message")
    #expect(
      parsed.runs == [
        .init(10..<15, .italic, foreground: color(13), background: color(9)),
        .init(15..<22, .italic),
      ])
  }

  @Test func ircdocsBoldResetExample() {
    let parsed = IRCFormatting(parsing: "IRC \u{2}is \u{3}4,12so \u{3}great\u{F}!")
    #expect(parsed.text == "IRC is so great!")
    #expect(
      parsed.runs == [
        .init(4..<7, .bold), .init(7..<10, .bold, foreground: color(4), background: color(12)),
        .init(10..<15, .bold),
      ])
  }

  @Test func ircdocsCommaExample() {
    // A comma that follows no foreground, or no digit, is text.
    let parsed = IRCFormatting(
      parsing: "Rules: Don't spam 5\u{3}13,8,6\u{3},7,8, and especially not \u{2}9\u{2}\u{1D}!")
    #expect(parsed.text == "Rules: Don't spam 5,6,7,8, and especially not 9!")
    #expect(
      parsed.runs == [
        .init(19..<21, foreground: color(13), background: color(8)), .init(46..<47, .bold),
        .init(47..<48, .italic),
      ])
  }

  @Test func everyToggleIsItsOwnTrait() {
    let codes: [(String, IRCFormatting.Traits)] = [
      ("\u{2}", .bold), ("\u{1D}", .italic), ("\u{1F}", .underline),
      ("\u{1E}", .strikethrough), ("\u{11}", .monospace), ("\u{16}", .reverse),
    ]
    for (code, trait) in codes {
      let parsed = IRCFormatting(parsing: "a\(code)bc\(code)d")
      #expect(parsed.text == "abcd")
      #expect(parsed.runs == [.init(1..<3, trait)], "\(code.debugDescription)")
    }
  }

  @Test func rangesAreUTF8Offsets() {
    let parsed = IRCFormatting(parsing: "é\u{2}한😀\u{2}x")
    #expect(parsed.text == "é한😀x")
    #expect(parsed.runs == [.init(2..<9, .bold)])
  }

  @Test func colour99IsTheDefaultAndBareCodesReset() {
    #expect(
      IRCFormatting(parsing: "\u{3}4,2a\u{3}99b").runs == [
        .init(0..<1, foreground: color(4), background: color(2)),
        .init(1..<2, background: color(2)),
      ])
    #expect(IRCFormatting(parsing: "\u{3}4,2a\u{3}b").runs.count == 1)
    #expect(IRCFormatting(parsing: "\u{4}ff0000a\u{4}b").runs.count == 1)
    // A new foreground keeps the background.
    #expect(
      IRCFormatting(parsing: "\u{3}4,2a\u{3}5b").runs.last
        == .init(1..<2, foreground: color(5), background: color(2)))
  }

  @Test func extendedPaletteAndHexColours() {
    #expect(IRCFormatting.palette.count == 99)
    #expect(IRCFormatting.palette[52] == NickColors.RGB(255, 0, 0))
    #expect(IRCFormatting.palette[98] == NickColors.RGB(255, 255, 255))
    #expect(IRCFormatting(parsing: "\u{3}40x").runs == [.init(0..<1, foreground: color(40))])
    #expect(
      IRCFormatting(parsing: "\u{4}FF8800,0000aax").runs == [
        .init(0..<1, foreground: .init(255, 136, 0), background: .init(0, 0, 170))
      ])
    // Not six hex digits: a reset, and the digits are text.
    let short = IRCFormatting(parsing: "\u{4}12345x")
    #expect(short.text == "12345x")
    #expect(short.runs.isEmpty)
  }

  @Test func resetEndsEverything() {
    let parsed = IRCFormatting(parsing: "\u{2}\u{1D}\u{3}4a\u{F}b")
    #expect(parsed.runs == [.init(0..<1, [.bold, .italic], foreground: color(4))])
  }

  @Test func plainTextIsStripFormattingOnRandomInput() {
    var random = SystemRandomNumberGenerator()
    let alphabet: [Unicode.Scalar] = [
      "\u{2}", "\u{3}", "\u{4}", "\u{F}", "\u{16}", "\u{1D}", "\u{9}", "\u{7}", ",", "0", "1", "9",
      "a", "F", "é", "😀",
    ]
    for _ in 0..<2_000 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0..<30, using: &random) {
        scalars.append(alphabet.randomElement(using: &random) ?? "a")
      }
      let text = String(scalars)
      let parsed = IRCFormatting(parsing: text)
      #expect(parsed.text == IRCText.stripFormatting(text))
      var end = 0
      for run in parsed.runs {
        #expect(run.range.lowerBound >= end && run.range.upperBound <= parsed.text.utf8.count)
        end = run.range.upperBound
      }
    }
  }

  @Test func hostileInputIsLinear() {
    // 100,000 toggles and colours around single letters: one run per letter at most.
    let text = String(repeating: "\u{2}\u{3}04,12\u{16}x", count: 20_000)
    let clock = ContinuousClock()
    let start = clock.now
    let parsed = IRCFormatting(parsing: text)
    #expect(clock.now - start < .seconds(2))
    #expect(parsed.text == String(repeating: "x", count: 20_000))
    #expect(parsed.runs.count <= 20_000)
  }

  @Test func originalKeepsFormattingOnlyWhenThereIsSome() {
    #expect(IRCFormatting.original("plain", shown: "plain") == nil)
    #expect(IRCFormatting.original("a\u{7}b", shown: "ab") == nil)
    #expect(IRCFormatting.original("\u{2}bold\u{2}", shown: "bold") == "\u{2}bold\u{2}")
    // The tag suffix is cut off the formatted text too.
    #expect(
      IRCFormatting.original("\u{2}hi\u{2} there #a #b", shown: "hi there")
        == "\u{2}hi\u{2} there")
    #expect(IRCFormatting.original("\u{2}hi", shown: "other") == nil)
  }
}

@Suite struct FormattedBodyTests {
  private func message(_ formatted: String, kind: Message.Kind = .message) -> Message {
    var message = Message(
      sender: "bob", sentAt: Date(), body: IRCText.stripFormatting(formatted), kind: kind)
    message.formatted = formatted
    return message
  }

  @Test func everyColourReadsInBothStyles() {
    for dark in [false, true] {
      let backgrounds = dark ? NickColors.darkBackgrounds : NickColors.lightBackgrounds
      for (index, color) in IRCFormatting.palette.enumerated() {
        let shown = FormattedBody.readableColors(
          of: .init(0..<1, foreground: color), dark: dark
        ).foreground
        for background in backgrounds {
          #expect(
            (shown?.contrast(with: background) ?? 0) >= NickColors.minimumContrast,
            "colour \(index) in the \(dark ? "dark" : "light") style")
        }
      }
    }
  }

  @Test func aColourThatReadsIsKeptAndOneTooCloseIsAdjusted() {
    let red = IRCFormatting.palette[5]  // dark red reads on white
    #expect(FormattedBody.readable(red, on: NickColors.lightBackgrounds) == red)
    let yellow = IRCFormatting.palette[8]
    let adjusted = FormattedBody.readable(yellow, on: NickColors.lightBackgrounds)
    #expect(adjusted != yellow)
    // Still a yellow: darker, not black.
    #expect(adjusted.red > adjusted.blue && adjusted.green > adjusted.blue)
  }

  @Test func textOnItsOwnBackgroundReads() {
    for dark in [false, true] {
      for (fg, bg) in [(0, 8), (1, 1), (8, 0), (14, 15)] {
        let colors = FormattedBody.readableColors(
          of: .init(
            0..<1, foreground: IRCFormatting.palette[fg], background: IRCFormatting.palette[bg]),
          dark: dark)
        #expect(colors.background == IRCFormatting.palette[bg])
        let text = colors.foreground ?? FormattedBody.foreground(dark: dark)
        #expect(text.contrast(with: IRCFormatting.palette[bg]) >= NickColors.minimumContrast)
      }
      // Only a background: the style's text colour is changed where it would not read.
      let onYellow = FormattedBody.readableColors(
        of: .init(0..<1, background: IRCFormatting.palette[8]), dark: dark)
      #expect(
        (onYellow.foreground ?? FormattedBody.foreground(dark: dark))
          .contrast(with: IRCFormatting.palette[8]) >= NickColors.minimumContrast)
    }
  }

  @Test func reverseSwapsWithTheStyleColours() {
    let colors = FormattedBody.readableColors(of: .init(0..<1, .reverse), dark: false)
    #expect(colors.background == FormattedBody.foreground(dark: false))
    #expect(colors.foreground == NickColors.lightBackgrounds[0])
  }

  @Test func spansFollowTheShownText() {
    let action = message("waves \u{2}hard\u{2}", kind: .action)
    // `* bob ` comes first.
    let spans = FormattedBody.spans(of: action, shown: "* bob waves hard", dark: false)
    #expect(spans.map(\.range) == [12..<16])
    #expect(spans.first?.traits == .bold)
    // Folded: clipped to what shows.
    let folded = FormattedBody.spans(of: action, shown: "* bob waves ha", dark: false)
    #expect(folded.map(\.range) == [12..<14])
  }

  @Test func noSpansWithoutMatchingFormattedText() {
    #expect(FormattedBody.spans(of: message("plain"), shown: "plain", dark: false).isEmpty)
    var edited = message("\u{2}old\u{2}")
    edited.body = "new"
    #expect(FormattedBody.spans(of: edited, shown: "new", dark: false).isEmpty)
    let status = message("\u{2}x\u{2}", kind: .status)
    #expect(FormattedBody.spans(of: status, shown: "x", dark: false).isEmpty)
  }
}
