import Foundation
import Synchronization

/// Ids for messages, received or typed, each greater than the one made before it; a received
/// message's `msgid` is kept beside its id.
///
/// The store and the transcript order messages by time, then by id. Times are kept to the
/// millisecond, and the lines of one read share their millisecond, as do a bouncer's playback
/// lines stamped to the same second; with random ids, or a server's msgids, which are in no
/// order either, a flood shown again from the store came back shuffled within each
/// millisecond. These are UUIDs of version 7 (RFC 9562): the
/// millisecond they were made in, then a counter of the ids made in it (its method 1), then
/// random bits, written in lowercase hex, so comparing two as text compares them as made. A
/// clock that goes back keeps the last millisecond and counts on; 4,096 ids in one millisecond
/// move to the next.
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
    let bytes =
      (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    let uuid = UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
    return uuid.uuidString.lowercased()
  }
}

/// The one `ArrivalIDs` of a process, shared by the composer and every network's received
/// lines. Where the server stamps lines with the millisecond of our message's echo, ours sorts
/// after each line handled before Enter was pressed and before each handled after it.
public final class SharedArrivalIDs: Sendable {
  private let ids = Mutex(ArrivalIDs())

  public init() {}

  /// The next id, made at `now`.
  public func next(at now: Date) -> String { ids.withLock { $0.next(at: now) } }
}
