import Testing

@testable import NatterCore

@Suite struct ConversationTypingTests {
  @Test func theLineFollowsTheConversationOnScreen() {
    var typing = ConversationTyping()
    let elsewhere = typing.heard(["bob"], in: "a", active: "b")
    #expect(!elsewhere)
    #expect(typing.sentence(in: "a") == "bob is typing…")
    #expect(typing.sentence(in: "b") == nil)
    let here = typing.heard([], in: "a", active: "a")
    #expect(here)
    #expect(typing.sentence(in: "a") == nil)
  }
}
