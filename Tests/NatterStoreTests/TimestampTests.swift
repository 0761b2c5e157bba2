import Foundation
import Testing

@testable import NatterStore

@Suite struct TimestampTests {
  private func format(_ ms: Int64) -> String {
    var out: [UInt8] = []
    Timestamp.append(ms, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  @Test func wholeSecondsHaveNoFraction() {
    #expect(format(1_795_978_541_000) == "2026-11-29T18:55:41Z")
    #expect(format(0) == "1970-01-01T00:00:00Z")
  }

  @Test func millisecondsAreWrittenAsThreeDigits() {
    #expect(format(1_795_978_541_050) == "2026-11-29T18:55:41.050Z")
    #expect(format(-1) == "1969-12-31T23:59:59.999Z")
  }

  @Test func parsesWhatItWrites() {
    for ms: Int64 in [
      0, -1, 951_782_400_000, 1_795_978_541_000, 1_795_978_541_007, 4_102_444_800_000,
    ] {
      #expect(Timestamp.parse(Array(format(ms).utf8)) == ms)
    }
  }

  @Test func parsesOffsetsAndLongFractions() {
    #expect(Timestamp.parse(Array("2026-11-29T19:55:41+01:00".utf8)) == 1_795_978_541_000)
    #expect(Timestamp.parse(Array("2026-11-29T18:55:41.1230000Z".utf8)) == 1_795_978_541_123)
    #expect(Timestamp.parse(Array("2026-11-29T18:55:41.5Z".utf8)) == 1_795_978_541_500)
  }

  @Test func rejectsInvalidDates() {
    for text in [
      "", "2026-11-29", "2026-11-29T18:55:41", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
      "2026-11-29T24:00:00Z", "2026-11-29T18:55:41.Z", "2026-11-29 18:55:41Z",
      "2026-11-29T18:55:41Zjunk", "+2026-11-29T18:55:41Z",
    ] {
      #expect(Timestamp.parse(Array(text.utf8)) == nil, "\(text)")
    }
    #expect(Timestamp.parse(Array("2024-02-29T00:00:00Z".utf8)) != nil)
  }

  /// The export writes UTC milliseconds in years 0 to 9999; anything else would come back as
  /// another instant, so it is refused rather than changed.
  @Test func refusesTimesThatWouldNotRoundTrip() {
    for text in [
      "2026-11-29T18:55:41.1239Z", "2026-11-29T18:55:41.0001Z",
      "9999-12-31T23:30:00-01:00", "0000-01-01T00:30:00+01:00", "9999-12-31T23:59:59.9995Z",
    ] {
      #expect(Timestamp.parse(Array(text.utf8)) == nil, "\(text)")
    }
    for text in [
      "9999-12-31T23:59:59.999Z", "0000-01-01T00:00:00Z", "9999-12-31T23:30:00+01:00",
      "0000-01-01T00:30:00-01:00", "2026-11-29T19:55:41+01:00",
    ] {
      let parsed = Timestamp.parse(Array(text.utf8))
      #expect(parsed != nil, "\(text)")
      if let parsed {
        var bytes: [UInt8] = []
        Timestamp.append(parsed, to: &bytes)
        #expect(Timestamp.parse(bytes) == parsed, "\(text)")
      }
    }
  }

  @Test func roundsDatesToTheNearestMillisecond() {
    #expect(Timestamp.milliseconds(Date(timeIntervalSince1970: 1.001)) == 1001)
  }
}
