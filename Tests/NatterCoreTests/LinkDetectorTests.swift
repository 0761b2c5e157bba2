import Testing

@testable import NatterCore

@Suite struct LinkDetectorTests {
  @Test func textWithoutLinksIsOnePlainSegment() {
    #expect(LinkDetector.segments(in: "hello <b>x</b> & http") == [.text("hello <b>x</b> & http")])
    #expect(LinkDetector.segments(in: "") == [])
  }

  @Test func findsHttpAndHttpsLinksBetweenText() {
    #expect(
      LinkDetector.segments(in: "see https://swift.org/x?a=1&b=2 and http://a.b now")
        == [
          .text("see "), .link("https://swift.org/x?a=1&b=2"), .text(" and "),
          .link("http://a.b"), .text(" now"),
        ])
  }

  @Test func trailingPunctuationAndUnbalancedBracketsStayOutside() {
    #expect(LinkDetector.links(in: "(see https://a.org/x).") == ["https://a.org/x"])
    #expect(
      LinkDetector.links(in: "https://en.wikipedia.org/wiki/C_(language)!")
        == ["https://en.wikipedia.org/wiki/C_(language)"])
    #expect(LinkDetector.links(in: "go to https://a.org, then") == ["https://a.org"])
  }

  @Test func markupCharactersEndALink() {
    #expect(
      LinkDetector.segments(in: "<a href=\"http://x.y/\">")
        == [.text("<a href=\""), .link("http://x.y/"), .text("\">")])
  }

  @Test func onlyHttpSchemesAtAWordStartCount() {
    #expect(LinkDetector.links(in: "ftp://a.b javascript:alert(1) xhttp://a.b") == [])
    #expect(LinkDetector.links(in: "http:// alone, https:") == [])
    #expect(LinkDetector.links(in: "HTTPS://EXAMPLE.ORG") == ["HTTPS://EXAMPLE.ORG"])
  }

  @Test func joinedSegmentsGiveTheTextBack() {
    let text = "ünï https://ex.ample/ü?q=\u{1F600} end. http://x.y) (https://z.w)"
    let joined = LinkDetector.segments(in: text).map {
      switch $0 {
      case .text(let part), .link(let part): return part
      }
    }.joined()
    #expect(joined == text)
    #expect(
      LinkDetector.links(in: text) == [
        "https://ex.ample/ü?q=\u{1F600}", "http://x.y", "https://z.w",
      ])
  }
}
