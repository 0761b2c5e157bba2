import Foundation
import Testing

@testable import NatterCore

/// Ids of received messages without a `msgid`, in the order they arrived (issue 32's flood).
@Suite("ArrivalIDs")
struct ArrivalIDsTests {
  private let start = Date(timeIntervalSince1970: 1_796_598_193.026)

  @Test func idsMadeInOneMillisecondSortAsTheyWereMade() {
    var ids = ArrivalIDs()
    // Random bits that fall, so only the counter can keep them in order.
    let made = (0..<300).map { ids.next(at: start, random: UInt64.max - UInt64($0)) }
    #expect(made == made.sorted())
    #expect(Set(made).count == 300)
  }

  @Test func moreThanACounterHoldsMovesToTheNextMillisecond() {
    var ids = ArrivalIDs()
    let made = (0..<5000).map { _ in ids.next(at: start) }
    #expect(made == made.sorted())
    #expect(Set(made).count == 5000)
    // The 4,097th is the first of the next millisecond.
    #expect(made[4095].prefix(13) != made[4096].prefix(13))
  }

  @Test func aClockThatGoesBackStillGivesGreaterIds() {
    var ids = ArrivalIDs()
    let first = ids.next(at: start)
    let second = ids.next(at: start.addingTimeInterval(-5))
    let third = ids.next(at: start.addingTimeInterval(1))
    #expect(first < second && second < third)
  }

  @Test func anIdIsALowercaseUUIDOfVersion7WithItsMillisecond() throws {
    var ids = ArrivalIDs()
    let id = ids.next(at: start, random: 0)
    #expect(id == id.lowercased())
    let uuid = try #require(UUID(uuidString: id))
    let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    #expect(bytes[6] >> 4 == 7, "version 7")
    #expect(bytes[8] >> 6 == 2, "RFC 9562 variant")
    let millisecond = bytes[0..<6].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    #expect(millisecond == 1_796_598_193_026)
  }
}

@Suite("SharedArrivalIDs")
struct SharedArrivalIDsTests {
  @Test func idsMadeOnManyThreadsAreAllDifferentAndEachThreadsAreInOrder() async {
    let shared = SharedArrivalIDs()
    let now = Date()
    let made = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<4 { group.addTask { (0..<2000).map { _ in shared.next(at: now) } } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    for ids in made { #expect(ids == ids.sorted()) }
    // The millisecond and counter, without the random bits: one counter for every thread.
    #expect(Set(made.joined().map { $0.prefix(18) }).count == 8000)
  }
}
