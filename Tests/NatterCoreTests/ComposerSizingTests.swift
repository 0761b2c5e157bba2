import Testing

@testable import NatterCore

@Suite struct ComposerSizingTests {
  let sizing = ComposerSizing(lineHeight: 20, topInset: 6, bottomInset: 4)

  @Test func emptyTextIsOneLineHigh() {
    let layout = sizing.layout(contentHeight: 0)
    #expect(layout == ComposerSizing.Layout(height: 30, visibleLines: 1, scrollsInside: false))
  }

  @Test func growsOneLineAtATimeUpToThree() {
    #expect(sizing.layout(contentHeight: 20).visibleLines == 1)
    #expect(sizing.layout(contentHeight: 21).visibleLines == 2)
    #expect(
      sizing.layout(contentHeight: 40) == .init(height: 50, visibleLines: 2, scrollsInside: false))
    #expect(
      sizing.layout(contentHeight: 60) == .init(height: 70, visibleLines: 3, scrollsInside: false))
  }

  @Test func beyondMaxLinesItScrollsInside() {
    #expect(
      sizing.layout(contentHeight: 61) == .init(height: 70, visibleLines: 3, scrollsInside: true))
    #expect(sizing.layout(contentHeight: 1e9).scrollsInside)
    #expect(sizing.layout(contentHeight: .infinity).visibleLines == 1)
  }

  @Test func shrinksBackAsLinesGo() {
    let tall = sizing.layout(contentHeight: 100)
    let short = sizing.layout(contentHeight: 20)
    #expect(tall.height > short.height)
    #expect(short.height == 30)
  }

  @Test func subPixelNoiseDoesNotAddALine() {
    #expect(sizing.layout(contentHeight: 60.004).visibleLines == 3)
    #expect(!sizing.layout(contentHeight: 60.004).scrollsInside)
  }

  @Test func maxLinesIsASettingClampedToOneThroughTen() {
    var custom = ComposerSizing(lineHeight: 10, maxLines: 5)
    #expect(
      custom.layout(contentHeight: 50) == .init(height: 50, visibleLines: 5, scrollsInside: false))
    custom.maxLines = 0
    #expect(custom.maxLines == 1)
    custom.maxLines = 11
    #expect(custom.maxLines == 10)
    #expect(ComposerSizing(lineHeight: 10, maxLines: 99).maxLines == 10)
    #expect(ComposerSizing(lineHeight: 10).maxLines == 3)
    let single = ComposerSizing(lineHeight: 10, maxLines: 1)
    #expect(single.layout(contentHeight: 20).scrollsInside)
  }

  @Test func zeroLineHeightStaysAtTheMinimum() {
    let broken = ComposerSizing(lineHeight: 0, topInset: 2, bottomInset: 2)
    #expect(
      broken.layout(contentHeight: 100) == .init(height: 4, visibleLines: 1, scrollsInside: false))
  }

  @Test func followsLineHeightChangesFromFontOrScale() {
    var scaled = sizing
    scaled.lineHeight = 40  // 2x scale or a bigger font
    #expect(
      scaled.layout(contentHeight: 80) == .init(height: 90, visibleLines: 2, scrollsInside: false))
  }
}
