import Foundation

/// Ids for received messages that bring none of their own (no `msgid`), each greater than the
/// one made before it.
///
/// The store and the transcript order messages by time, then by id. Times are kept to the
/// millisecond, and the lines of one read share their millisecond, as do a bouncer's playback
/// lines stamped to the same second; with random ids, a flood shown again from the store came
/// back shuffled within each millisecond. These are UUIDs of version 7 (RFC 9562): the
/// millisecond, then a counter of the ids made in it (its method 1), then random bits, written
/// in lowercase hex, so comparing two as text compares them as made. A clock that goes back
/// keeps the last millisecond and counts on; 4,096 ids in one millisecond move to the next.
public struct ArrivalIDs: Sendable {
  private var millisecond: UInt64 = 0
  private var counter: UInt64 = 0

  public init() {}

  /// The next id, made at `now`; `random` gives its last 62 bits.
  public mutating func next(at now: Date, random: UInt64 = .random(in: .min ... .max)) -> String {
    let clock = UInt64(max(0, now.timeIntervalSince1970 * 1000))
    if clock > millisecond {
      millisecond = clock
      counter = 0
    } else {
      counter += 1
      if counter > 0xFFF {
        millisecond += 1
        counter = 0
      }
    }
    let high = (millisecond & 0xFFFF_FFFF_FFFF) << 16 | 0x7000 | counter
    let low = 0x8000_0000_0000_0000 | (random & 0x3FFF_FFFF_FFFF_FFFF)
    let hex = Self.hex(high, 16) + Self.hex(low, 16)
    let digits = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
      .joined(separator: "-")
  }

  private static func hex(_ value: UInt64, _ width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: width - digits.count) + digits
  }
}
