import Foundation
import Testing

@testable import NatterCore

@Suite struct DraftTests {
  @Test func emptyOnlyWithoutTextAndChips() {
    #expect(Draft().isEmpty)
    #expect(!Draft(text: "x").isEmpty)
    #expect(!Draft(chips: ["a"]).isEmpty)
  }

  @Test func roundTripsThroughJSONForTheStore() throws {
    let draft = Draft(text: "héllo\n#x", chips: ["日本語", "café"])
    let data = try JSONEncoder().encode(draft)
    #expect(try JSONDecoder().decode(Draft.self, from: data) == draft)
  }
}
