import Foundation
import NatterCore
import Testing

@testable import NatterStore

@Suite struct MessageStorePagingTests {
  /// 25 messages; several share a timestamp so the id must break ties.
  private func filledStore() throws -> MessageStore {
    let store = try MessageStore.inMemory()
    for n in (0..<25).reversed() {
      try store.insert(Fixtures.message(n, secondsAfterBase: Double(n / 3)))
    }
    return store
  }

  @Test func pagesBackwardNewestFirstWithoutGapsOrRepeats() throws {
    let store = try filledStore()
    var seen: [String] = []
    var cursor: MessageCursor?
    while true {
      let page = try store.messages(.older, from: cursor, limit: 7)
      guard let last = page.last else { break }
      seen += page.map(\.id)
      cursor = MessageCursor(last)
    }
    #expect(seen == (0..<25).reversed().map(Fixtures.id))
  }

  @Test func pagesForwardOldestFirst() throws {
    let store = try filledStore()
    var seen: [String] = []
    var cursor: MessageCursor?
    while true {
      let page = try store.messages(.newer, from: cursor, limit: 4)
      guard let last = page.last else { break }
      seen += page.map(\.id)
      cursor = MessageCursor(last)
    }
    #expect(seen == (0..<25).map(Fixtures.id))
  }

  /// The two directions mirror each other from any cursor: the same messages on each side,
  /// in opposite orders, and none of them the cursor's own.
  @Test func directionsMirrorEachOtherFromEveryCursor() throws {
    let store = try filledStore()
    let all = try store.messages(.newer, from: nil, limit: 100)
    #expect(try store.messages(.older, from: nil, limit: 100) == all.reversed())
    for (index, message) in all.enumerated() {
      let cursor = MessageCursor(message)
      #expect(try store.messages(.older, from: cursor, limit: 100) == all[..<index].reversed())
      #expect(try store.messages(.newer, from: cursor, limit: 100) == Array(all[(index + 1)...]))
    }
  }

  @Test func positionsAgreeWithOrder() throws {
    let store = try filledStore()
    for p in [0, 1, 11, 12, 13, 23, 24] {
      let cursor = try #require(try store.cursor(atPosition: p))
      #expect(cursor.id == Fixtures.id(p))
      #expect(try store.position(of: cursor) == p)
      #expect(
        try store.messages(fromPosition: p, limit: 3).map(\.id)
          == (p..<min(p + 3, 25)).map(Fixtures.id))
    }
    #expect(try store.cursor(atPosition: 25) == nil)
    #expect(try store.cursor(atPosition: -1) == nil)
    #expect(try store.messages(fromPosition: 99, limit: 3).isEmpty)
  }

  @Test func cursorOrderMatchesSQLiteOrder() throws {
    let a = MessageCursor(sentAtMilliseconds: 5, id: "b")
    #expect(MessageCursor(sentAtMilliseconds: 4, id: "z") < a)
    #expect(MessageCursor(sentAtMilliseconds: 5, id: "a") < a)
    #expect(!(a < a))
  }

  /// The paging queries must walk an index, never scan and sort the table.
  @Test func pagingQueriesUseTheTimeIndex() throws {
    let store = try MessageStore.inMemory()
    let queries = [
      "SELECT seq FROM messages WHERE (sent_at, id) < (1, 'x') "
        + "ORDER BY sent_at DESC, id DESC LIMIT 50",
      "SELECT seq FROM messages WHERE (sent_at, id) > (1, 'x') ORDER BY sent_at, id LIMIT 50",
      "SELECT sent_at, id FROM messages INDEXED BY messages_by_time "
        + "ORDER BY sent_at, id LIMIT 1 OFFSET 10",
    ]
    for query in queries {
      let statement = try store.db.prepare("EXPLAIN QUERY PLAN \(query)")
      var details: [String] = []
      while try statement.step() { details.append(statement.text(3)) }
      let joined = details.joined(separator: "; ")
      #expect(joined.contains("messages_by_time"), "\(query): \(joined)")
      #expect(!joined.contains("TEMP B-TREE"), "\(query): \(joined)")
    }
    let statement = try store.db.prepare(
      "EXPLAIN QUERY PLAN SELECT sent_at, id FROM messages INDEXED BY messages_by_time "
        + "ORDER BY sent_at, id LIMIT 1 OFFSET 10")
    var details: [String] = []
    while try statement.step() { details.append(statement.text(3)) }
    #expect(details.joined().contains("COVERING INDEX"))
  }
}
