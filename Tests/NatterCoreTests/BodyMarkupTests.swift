import Testing

@testable import NatterCore

@Suite struct BodyMarkupTests {
  /// Marks each piece handed to the escaper, so a test sees what is escaped and what is not.
  private func pango(_ body: String) -> String {
    BodyMarkup.pango(body, escape: { "[" + $0 + "]" })
  }

  @Test func everyPieceOfTheBodyGoesThroughTheEscaper() {
    #expect(pango("<b>hi</b> & 'you'") == "[<b>hi</b> & 'you']")
    #expect(
      pango("a <https://x.org/?q=<b>> z")
        == "[a <]<a href=\"[https://x.org/?q=]\">[https://x.org/?q=]</a>[<b>> z]")
  }

  @Test func controlCharactersGMarkupRejectsAreReplaced() {
    #expect(pango("a\u{0}b\u{7}c\u{1B}\u{FFFE}") == "[a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}]")
    #expect(pango("line\n\ttab\r") == "[line\n\ttab\r]")
  }

  @Test func httpAndHttpsLinksBecomeAnchors() {
    #expect(
      pango("see https://example.org/a?b=1&c=2 now")
        == "[see ]<a href=\"[https://example.org/a?b=1&c=2]\">[https://example.org/a?b=1&c=2]</a>[ now]"
    )
    #expect(BodyMarkup.links(in: "HTTP://X.ORG") == [BodyLink(url: "HTTP://X.ORG", range: 0..<12)])
    #expect(BodyMarkup.links(in: "ftp://x.org javascript:alert(1) file:///etc").isEmpty)
  }

  @Test func trailingPunctuationAndUnopenedBracketsStayOutside() {
    #expect(BodyMarkup.links(in: "go to http://a.org/x.").map(\.url) == ["http://a.org/x"])
    #expect(BodyMarkup.links(in: "(see http://a.org/x)").map(\.url) == ["http://a.org/x"])
    #expect(
      BodyMarkup.links(in: "http://en.wikipedia.org/wiki/Swift_(language)!").map(\.url)
        == ["http://en.wikipedia.org/wiki/Swift_(language)"])
    #expect(BodyMarkup.links(in: "http://a.org/<b>").map(\.url) == ["http://a.org/"])
  }

  @Test func linksNeedABoundaryAndAHost() {
    #expect(BodyMarkup.links(in: "“https://a.org/q”").map(\.url) == ["https://a.org/q"])
    #expect(BodyMarkup.links(in: "xhttp://a.org").isEmpty)
    #expect(BodyMarkup.links(in: "https:// and http://.").isEmpty)
    #expect(BodyMarkup.links(in: "日本https://a.org").isEmpty)
    #expect(BodyMarkup.links(in: "«https://a.org»").map(\.url) == ["https://a.org"])
  }

  @Test func rangesCountUnicodeScalarsAndSurviveRightToLeftText() {
    let body = "שלום e\u{301} https://a.org/ש ok"
    let links = BodyMarkup.links(in: body)
    #expect(links == [BodyLink(url: "https://a.org/ש", range: 8..<23)])
    #expect(pango(body).hasPrefix("[שלום e\u{301} ]<a href="))
  }

  @Test func manyLinksAndHugeBodiesStayLinear() {
    let body =
      String(repeating: "http://a.org ", count: 20_000) + String(repeating: ")", count: 50_000)
    #expect(BodyMarkup.links(in: body).count == 20_000)
    let closers = "http://a.org/" + String(repeating: ")", count: 100_000)
    #expect(BodyMarkup.links(in: closers).map(\.url) == ["http://a.org/"])
  }
}
