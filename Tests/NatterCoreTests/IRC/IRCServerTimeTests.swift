import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCServerTimeTests {
  @Test func parsesMillisecondsInUTC() throws {
    let date = try #require(IRCServerTime.parse("2026-11-29T18:55:41.250Z"))
    #expect(date.timeIntervalSince1970 == 1_795_978_541.25)
    #expect(IRCServerTime.parse("2026-11-29T18:55:41Z")?.timeIntervalSince1970 == 1_795_978_541)
  }

  @Test func refusesMalformedTimes() {
    for text in ["", "2026-11-29", "2026-13-01T00:00:00Z", "2026-11-29T18:55:41", "x" + "Z"] {
      #expect(IRCServerTime.parse(text) == nil, "\(text)")
    }
  }

  @Test func formatRoundTrips() {
    let date = Date(timeIntervalSince1970: 1_795_978_541.25)
    #expect(IRCServerTime.format(date) == "2026-11-29T18:55:41.250Z")
    #expect(IRCServerTime.parse(IRCServerTime.format(date)) == date)
  }
}
