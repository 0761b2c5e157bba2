import Testing

@testable import NatterCore

@Suite struct IRCTagConventionTests {
  @Test func outgoingPutsTheSuffixOnTheLastLineOnly() {
    let message = IRCOutgoing(id: "1", target: "#c", body: "first\nsecond", tags: ["a", "Straße"])
    #expect(message.texts(maxBytes: 400) == ["first", "second #a #Straße"])
    #expect(IRCTagConvention.tagValue(message.tags) == "a,Straße")
  }

  @Test func receiptIsTheExactInverse() {
    let tags = ["a", "Straße"]
    let sent = IRCOutgoing(id: "1", target: "#c", body: "hello #world", tags: tags)
    let text = sent.texts(maxBytes: 400)[0]
    let received = IRCTagConvention.received(
      body: text, tagValue: IRCTagConvention.tagValue(tags))
    #expect(received.body == "hello #world")
    #expect(received.tags == tags)
  }

  @Test func receiptRemovesOnlyTheExactSuffix() {
    let other = IRCTagConvention.received(body: "hi #b #a", tagValue: "a,b")
    #expect(other.body == "hi #b #a")
    #expect(other.tags == ["a", "b"])
    let edited = IRCTagConvention.received(body: "hi #a  #b", tagValue: "a,b")
    #expect(edited.body == "hi #a  #b")
    let whole = IRCTagConvention.received(body: " #a", tagValue: "a")
    #expect(whole.body == " #a")
  }

  @Test func withoutTheClientTagHashtagsBecomeTags() {
    let plain = IRCTagConvention.received(body: "see #Swift and #swift, C# #123 #go", tagValue: nil)
    #expect(plain.body == "see #Swift and #swift, C# #123 #go")
    #expect(plain.tags == ["Swift", "go"])
  }

  @Test func invalidListedTagsAreNotKept() {
    let odd = IRCTagConvention.received(body: "x #ok #1", tagValue: "ok,1")
    #expect(odd.body == "x")
    #expect(odd.tags == ["ok"])
  }

  @Test func longBodiesKeepTheSuffixWhole() {
    let body = String(repeating: "word ", count: 40) + "end"
    let message = IRCOutgoing(id: "1", target: "#c", body: body, tags: ["tagged"])
    let texts = message.texts(maxBytes: 50)
    #expect(texts.count > 1)
    #expect(texts.allSatisfy { $0.utf8.count <= 50 })
    #expect(texts.last?.hasSuffix(" #tagged") == true)
    #expect(texts.dropLast().allSatisfy { !$0.contains("#") })
  }

  @Test func actionsWrapEveryPieceAndStayWithinTheLimit() {
    let message = IRCOutgoing(
      id: "1", target: "#c", body: String(repeating: "wave ", count: 30), isAction: true)
    let texts = message.texts(maxBytes: 60)
    #expect(texts.count > 1)
    for text in texts {
      #expect(text.utf8.count <= 60)
      #expect(IRCText.ctcp(text)?.command == "ACTION")
    }
  }
}
