import Testing

@testable import NatterCore

@Suite struct IRCRenamesTests {
  @Test func aNameSeenChangingIsFollowedToTheLatest() {
    var renames = IRCRenames()
    #expect(renames.current("bob") == "bob")
    renames.renamed("bob", to: "robert")
    renames.renamed("robert", to: "Rob")
    #expect(renames.current("bob") == "Rob")
    #expect(renames.current("robert") == "Rob")
    #expect(renames.current("carol") == "carol")
  }

  @Test func aNameTakenBackIsItsOwnersAgainWithoutALoop() {
    var renames = IRCRenames()
    renames.renamed("bob", to: "bob_away")
    #expect(renames.current("bob") == "bob_away")
    renames.renamed("bob_away", to: "bob")
    #expect(renames.current("bob") == "bob")
    #expect(renames.current("bob_away") == "bob")
  }

  @Test func namesCompareAsTheServerFoldsThem() {
    var renames = IRCRenames()
    renames.renamed("Dan[away]", to: "dan")
    #expect(renames.current("DAN{AWAY}") == "dan")
    renames.renamed("BOB", to: "Bob")
    #expect(renames.current("bob") == "bob", "a change of case is no change of name")
    renames.use(.ascii)
    #expect(renames.current("dan[away]") == "dan")
    #expect(renames.current("DAN{AWAY}") == "DAN{AWAY}")
  }
}
