import Foundation
import Testing

@testable import NatterCore

/// A source over `count` generated messages that records every read.
private final class CountingSource: TranscriptPageSource {
  enum Read: Equatable {
    case before(Int?, Int)
    case after(Int, Int)
    case fromPosition(Int, Int)
  }

  let list: MessageListSource
  var reads: [Read] = []

  init(count: Int) {
    list = MessageListSource(
      (0..<count).map { i in
        Message(
          id: "m\(i)", sender: "s", sentAt: Date(timeIntervalSince1970: Double(i)), body: "\(i)")
      })
  }

  func messages(before anchor: Message?, limit: Int) throws -> [Message] {
    reads.append(.before(anchor.map(number), limit))
    return try list.messages(before: anchor, limit: limit)
  }

  func messages(after anchor: Message, limit: Int) throws -> [Message] {
    reads.append(.after(number(anchor), limit))
    return try list.messages(after: anchor, limit: limit)
  }

  func messages(fromPosition position: Int, limit: Int) throws -> [Message] {
    reads.append(.fromPosition(position, limit))
    return try list.messages(fromPosition: position, limit: limit)
  }

  private func number(_ message: Message) -> Int { Int(message.body) ?? -1 }
}

@Suite struct TranscriptPagerTests {
  @Test func openingAtTheEndReadsOnlyTheNewestPage() {
    let source = CountingSource(count: 1_000)
    let pager = TranscriptPager(source: source, count: 1_000, pageSize: 100)
    #expect(pager.row(at: 999)?.message.body == "999")
    #expect(pager.row(at: 999)?.previous?.body == "998")
    #expect(source.reads == [.before(nil, 100)])
    #expect(pager.cachedRange == 900..<1_000)
  }

  @Test func aPositionNearTheEndIsReadBackFromTheNewestNotByOffset() {
    let source = CountingSource(count: 1_000_000)
    let pager = TranscriptPager(source: source, count: 1_000_000, pageSize: 100)
    // GTK 4.8 binds up to 200 rows above the newest, the topmost first.
    #expect(pager.row(at: 999_795)?.previous?.body == "999794")
    #expect(source.reads == [.before(nil, 255)])
    for position in 999_795..<1_000_000 {
      #expect(pager.message(at: position)?.body == "\(position)")
    }
    #expect(source.reads.count == 1)
  }

  @Test func scrollingUpExtendsByKeysetFromTheFirstCachedMessage() {
    let source = CountingSource(count: 1_000)
    let pager = TranscriptPager(source: source, count: 1_000, pageSize: 100)
    _ = pager.message(at: 999)
    #expect(pager.row(at: 900)?.previous?.body == "899")
    #expect(source.reads == [.before(nil, 100), .before(900, 100)])
    #expect(pager.cachedRange == 800..<1_000)
    for position in stride(from: 799, through: 0, by: -1) {
      #expect(pager.message(at: position)?.body == "\(position)")
    }
    #expect(!source.reads.contains { if case .fromPosition = $0 { true } else { false } })
  }

  @Test func scrollingDownExtendsByKeysetFromTheLastCachedMessage() {
    let source = CountingSource(count: 1_000)
    let pager = TranscriptPager(source: source, count: 1_000, pageSize: 100)
    #expect(pager.message(at: 0)?.body == "0")
    #expect(pager.message(at: 100)?.body == "100")
    #expect(source.reads == [.fromPosition(0, 100), .after(99, 100)])
  }

  @Test func aFarJumpReadsAPageByPositionWithTheRowBefore() {
    let source = CountingSource(count: 100_000)
    let pager = TranscriptPager(source: source, count: 100_000, pageSize: 100)
    _ = pager.message(at: 99_999)
    let row = pager.row(at: 50_000)
    #expect(row?.message.body == "50000")
    #expect(row?.previous?.body == "49999")
    #expect(source.reads == [.before(nil, 100), .fromPosition(49_950, 100)])
  }

  @Test func theWindowNeverGrowsPastItsCap() {
    let source = CountingSource(count: 10_000)
    let pager = TranscriptPager(source: source, count: 10_000, pageSize: 100, maxCached: 500)
    for position in stride(from: 9_999, through: 0, by: -1) {
      #expect(pager.message(at: position)?.body == "\(position)")
      #expect(pager.cachedRange.count <= 500)
    }
    #expect(pager.cachedRange.lowerBound == 0)
  }

  @Test func appendingAtTheEndCachesTheNewMessage() {
    let source = CountingSource(count: 10)
    let pager = TranscriptPager(source: source, count: 10, pageSize: 100)
    _ = pager.message(at: 9)
    let new = Message(id: "new", sender: "me", sentAt: Date(), body: "new")
    pager.appended(new)
    #expect(pager.count == 11)
    #expect(pager.row(at: 10)?.message == new)
    #expect(pager.row(at: 10)?.previous?.body == "9")
    #expect(source.reads == [.before(nil, 100)])
  }

  @Test func appendingWhileTheWindowIsElsewhereOnlyCounts() {
    let source = CountingSource(count: 1_000)
    let pager = TranscriptPager(source: source, count: 1_000, pageSize: 100)
    _ = pager.message(at: 0)
    pager.appended(Message(id: "new", sender: "me", sentAt: Date(), body: "new"))
    #expect(pager.count == 1_001)
    #expect(pager.cachedRange == 0..<100)
  }

  @Test func replacingACachedMessageReturnsItsPosition() {
    let source = CountingSource(count: 10)
    let pager = TranscriptPager(source: source, count: 10)
    var edited = pager.message(at: 7)
    edited?.body = "seven"
    edited?.edited = true
    #expect(edited.flatMap(pager.replaced) == 7)
    #expect(pager.message(at: 7)?.body == "seven")
    #expect(pager.replaced(Message(id: "elsewhere", sender: "x", sentAt: Date(), body: "")) == nil)
  }

  @Test func positionsOutsideTheRowsReadNothing() {
    let source = CountingSource(count: 5)
    let pager = TranscriptPager(source: source, count: 5)
    #expect(pager.message(at: -1) == nil)
    #expect(pager.message(at: 5) == nil)
    #expect(source.reads.isEmpty)
    let empty = TranscriptPager(source: CountingSource(count: 0), count: 0)
    #expect(empty.row(at: 0) == nil)
  }

  @Test func errorsAreReportedAndTheRowIsEmpty() {
    struct Broken: TranscriptPageSource {
      struct Failure: Error {}
      func messages(before anchor: Message?, limit: Int) throws -> [Message] { throw Failure() }
      func messages(after anchor: Message, limit: Int) throws -> [Message] { throw Failure() }
      func messages(fromPosition position: Int, limit: Int) throws -> [Message] {
        throw Failure()
      }
    }
    let pager = TranscriptPager(source: Broken(), count: 3)
    var errors = 0
    pager.onError = { _ in errors += 1 }
    #expect(pager.message(at: 2) == nil)
    #expect(errors == 1)
  }
}
