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

  @Test func aFractionOfAnyLengthIsReadToTheNanosecondWithoutATrap() throws {
    // 23 digits overflowed the digit reader and killed Natter (issue 30).
    let long = try #require(IRCServerTime.parse("2026-12-01T10:00:00.12345678901234567890123Z"))
    let whole = try #require(IRCServerTime.parse("2026-12-01T10:00:00Z"))
    #expect(abs(long.timeIntervalSince(whole) - 0.123456789) < 1e-6)
    let nines = String(repeating: "9", count: 5_000)
    let almost = try #require(IRCServerTime.parse("2026-12-01T10:00:00.\(nines)Z"))
    // 0.999999999 s, as near 1 as a Date this far from 1970 can tell.
    #expect(almost.timeIntervalSince(whole) <= 1 && almost.timeIntervalSince(whole) > 0.99)
    #expect(IRCServerTime.parse("2026-12-01T10:00:00.1234x678901234567890123Z") == nil)
    #expect(IRCServerTime.parse("2026-12-01T10:00:00.Z") == nil)
  }

  @Test func formatRoundTrips() {
    let date = Date(timeIntervalSince1970: 1_795_978_541.25)
    #expect(IRCServerTime.format(date) == "2026-11-29T18:55:41.250Z")
    #expect(IRCServerTime.parse(IRCServerTime.format(date)) == date)
  }
}
