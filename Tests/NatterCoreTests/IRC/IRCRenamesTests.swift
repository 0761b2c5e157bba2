import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCRenamesTests {
  private func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

  @Test func aNameChangedAfterTheMessageIsFollowedToTheLatest() {
    var renames = IRCRenames()
    #expect(renames.current("bob", since: at(0)) == "bob")
    renames.renamed("bob", to: "robert", at: at(10))
    renames.renamed("robert", to: "Rob", at: at(20))
    #expect(renames.current("bob", since: at(5)) == "Rob")
    #expect(renames.current("robert", since: at(15)) == "Rob")
    #expect(renames.current("carol", since: at(5)) == "carol")
  }

  @Test func whatWasSaidAfterAChangeKeepsItsName() {
    // bob became bob|away, and later came back as bob (a reconnect Natter did not see as a
    // change): what he said since is bob's.
    var renames = IRCRenames()
    renames.renamed("bob", to: "bob|away", at: at(10))
    #expect(renames.current("bob", since: at(5)) == "bob|away")
    #expect(renames.current("bob", since: at(30)) == "bob")
  }

  @Test func aNameTakenBackOrTakenByAnotherLeadsToWhoeverSpoke() {
    var renames = IRCRenames()
    renames.renamed("bob", to: "bob_away", at: at(10))
    renames.renamed("bob_away", to: "bob", at: at(20))
    #expect(renames.current("bob", since: at(5)) == "bob")
    #expect(renames.current("bob_away", since: at(15)) == "bob")
    renames.renamed("bob", to: "robert", at: at(30))
    renames.renamed("carol", to: "bob", at: at(40))
    #expect(renames.current("bob", since: at(25)) == "robert", "not carol, who took the name")
    #expect(renames.current("bob", since: at(45)) == "bob")
    #expect(renames.current("carol", since: at(35)) == "bob")
  }

  @Test func namesCompareAsTheServerFoldsThem() {
    var renames = IRCRenames()
    renames.renamed("Dan[away]", to: "dan", at: at(10))
    #expect(renames.current("DAN{AWAY}", since: at(0)) == "dan")
    renames.renamed("BOB", to: "Bob", at: at(10))
    #expect(renames.current("bob", since: at(0)) == "bob", "a change of case is no change of name")
    renames.use(.ascii)
    #expect(renames.current("dan[away]", since: at(0)) == "dan")
    #expect(renames.current("DAN{AWAY}", since: at(0)) == "DAN{AWAY}")
  }

  @Test func aNameChangedOverAndOverKeepsItsLatestChanges() {
    var renames = IRCRenames()
    for step in 0..<100 {
      renames.renamed("Guest", to: "user\(step)", at: at(Double(step)))
    }
    #expect(renames.current("Guest", since: at(98.5)) == "user99")
    #expect(renames.current("Guest", since: at(-1)) != "Guest", "an old message still follows")
  }
}
