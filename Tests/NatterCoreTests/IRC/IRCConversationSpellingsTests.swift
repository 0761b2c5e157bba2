import Testing

@testable import NatterCore

@Suite struct IRCConversationSpellingsTests {
  @Test func bobAndBOBAreOneConversationSpeltAsFirstKnown() {
    var spellings = IRCConversationSpellings(known: ["bob", "#natter"])
    #expect(spellings.spelling(of: "Bob") == "bob")
    #expect(spellings.spelling(of: "BOB") == "bob")
    #expect(spellings.spelling(of: "#NATTER") == "#natter")
    #expect(spellings.spelling(of: "Carol") == "Carol")
    #expect(spellings.spelling(of: "carol") == "Carol")
  }

  @Test func theServersCaseMappingDecides() {
    // rfc1459 folds `[]\~` too; ascii only A-Z.
    var spellings = IRCConversationSpellings(known: ["dan[away]"])
    #expect(spellings.spelling(of: "DAN{AWAY}") == "dan[away]")
    spellings.use(.ascii)
    #expect(spellings.spelling(of: "DAN[AWAY]") == "dan[away]")
    #expect(spellings.spelling(of: "dan{away}") == "dan{away}")
  }

  @Test func aRenameMovesTheSpelling() {
    var spellings = IRCConversationSpellings(known: ["bob"])
    spellings.rename("Bob", to: "Robert")
    #expect(spellings.spelling(of: "robert") == "Robert")
    #expect(spellings.spelling(of: "BOB") == "BOB")
  }
}

@Suite struct IRCServerURLConversationTests {
  @Test func aConversationURLGivesBackItsTarget() throws {
    let url = try IRCServerURL(parsing: "ircs://me@irc.example.net:7000/#natter", defaultNick: "me")
    #expect(url.target(ofConversation: url.conversation("#natter")) == "#natter")
    #expect(url.target(ofConversation: url.conversation("bob")) == "bob")
    #expect(url.target(ofConversation: "notes") == nil)
    #expect(url.target(ofConversation: "ircs://other.net/#natter") == nil)
    #expect(url.target(ofConversation: url.conversationPrefix) == nil)
  }
}
