import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Unread counts kept between starts (schema 12, issue 32): a kept count is what counting
/// the messages again would give, or it is not used.
@Suite struct UnreadCountTests {
  private let channel = "ircs://irc.test/#natter"

  private func message(
    _ n: Int, from sender: String = "bob", mention: Bool = false, status: Bool = false
  ) -> Message {
    Fixtures.channelMessage(n, in: channel, from: sender, mention: mention, status: status)
  }

  /// A store whose channel holds `count` unread messages from bob, the first at 1.
  private func storeWithUnread(_ count: Int) throws -> MessageStore {
    let store = try MessageStore.inMemory()
    try store.insertReceived((1...count).map { message($0) })
    return store
  }

  /// What counting the messages gives, with no kept count: the count, the first unread
  /// message and whether one mentions the user.
  private func counted(_ store: MessageStore) throws -> MessageStore.Unread {
    try store.db.execute("SAVEPOINT recount")
    defer { try? store.db.execute("ROLLBACK TO recount; RELEASE recount") }
    try store.db.execute("DELETE FROM unread_counts")
    var unread = try store.unread(in: channel, me: "alice")
    #expect(unread.counted != nil)
    unread.counted = nil
    return unread
  }

  private func keptRows(_ store: MessageStore) throws -> Int64? {
    try store.db.integer("SELECT count(*) FROM unread_counts")
  }

  @Test func aCountWorthKeepingIsReadBackWithoutCounting() throws {
    let store = try storeWithUnread(150)
    let first = try store.unread(in: channel, me: "alice")
    #expect(first.count == 150)
    let counted = try #require(first.counted)
    try store.keepUnread([counted])
    #expect(try keptRows(store) == 1)
    let again = try store.unread(in: channel, me: "alice")
    #expect(again.counted == nil, "read from the kept count")
    #expect(again.count == 150)
    #expect(again.firstID == first.firstID)
    #expect(!again.mentioned)
  }

  @Test func aCheapCountIsNotOfferedForKeeping() throws {
    let store = try storeWithUnread(MessageStore.unreadWorthKeeping - 1)
    let unread = try store.unread(in: channel, me: "alice")
    #expect(unread.count == MessageStore.unreadWorthKeeping - 1)
    #expect(unread.counted == nil)
  }

  @Test func messagesStoredAfterKeepingAreCountedAsCountingWould() throws {
    let store = try storeWithUnread(120)
    try store.keepUnread([try #require(try store.unread(in: channel, me: "alice").counted)])
    try store.insertReceived([
      message(200), message(201, from: "ALICE"), message(202, from: "", status: true),
      message(203, from: "carol", mention: true),
    ])
    let kept = try store.unread(in: channel, me: "alice")
    #expect(kept.counted == nil)
    #expect(kept.count == 122)
    #expect(kept.mentioned)
    #expect(kept == (try counted(store)))
  }

  @Test func aMessageOlderThanTheMarkerDoesNotCount() throws {
    let store = try storeWithUnread(130)
    try store.markRead(channel)
    try store.insertReceived((300...429).map { message($0) })
    try store.keepUnread([try #require(try store.unread(in: channel, me: "alice").counted)])
    // Played back from before what was read: not unread.
    var old = Fixtures.message(5000, sender: "bob", secondsAfterBase: 50)
    old.conversation = channel
    old.msgid = "old"
    try store.insertReceived([old])
    let kept = try store.unread(in: channel, me: "alice")
    #expect(kept.counted == nil)
    #expect(kept.count == 130)
    #expect(kept == (try counted(store)))
  }

  @Test func messagesStoredBetweenCountingAndKeepingAreCounted() throws {
    let store = try storeWithUnread(110)
    let earlier = try #require(try store.unread(in: channel, me: "alice").counted)
    try store.insertReceived([
      message(200), message(201, from: "alice"), message(202, from: "", status: true),
      message(203, from: "carol", mention: true),
    ])
    try store.keepUnread([earlier])
    #expect(try keptRows(store) == 1)
    let kept = try store.unread(in: channel, me: "alice")
    #expect(kept.counted == nil)
    #expect(kept.count == 112)
    #expect(kept.mentioned)
    #expect(kept == (try counted(store)))
  }

  @Test func aCountMadeBeforeAMessageWentIsNotKept() throws {
    let store = try storeWithUnread(110)
    let earlier = try #require(try store.unread(in: channel, me: "alice").counted)
    try store.insertReceived([message(200)])
    try store.db.execute("DELETE FROM messages WHERE msgid = 'm3'")
    try store.keepUnread([earlier])
    #expect(try keptRows(store) == 0)
    #expect(try store.unread(in: channel, me: "alice").count == 110)
  }

  @Test func aCountMadeBeforeTheMarkerMovedIsNotKept() throws {
    let store = try storeWithUnread(110)
    let earlier = try #require(try store.unread(in: channel, me: "alice").counted)
    try store.markRead(channel)
    try store.keepUnread([earlier])
    #expect(try keptRows(store) == 0)
  }

  @Test func movingTheMarkerDropsTheKeptCount() throws {
    let store = try storeWithUnread(110)
    try store.keepUnread([try #require(try store.unread(in: channel, me: "alice").counted)])
    try store.markRead(channel)
    #expect(try keptRows(store) == 0)
    #expect(try store.unread(in: channel, me: "alice").count == 0)
  }

  @Test func anotherNicknameCountsAgain() throws {
    let store = try storeWithUnread(110)
    try store.insertReceived([message(200, from: "dave")])
    try store.keepUnread([try #require(try store.unread(in: channel, me: "alice").counted)])
    let asDave = try store.unread(in: channel, me: "dave")
    #expect(asDave.count == 110)
    #expect(asDave.counted != nil, "counted, not read from alice's count")
  }

  @Test func aCountStoppedAtItsLimitAnswersOnlyUpToIt() throws {
    let store = try storeWithUnread(150)
    let capped = try #require(try store.unread(in: channel, me: "alice", limit: 120).counted)
    try store.keepUnread([capped])
    #expect(try store.unread(in: channel, me: "alice", limit: 120).count == 120)
    #expect(try store.unread(in: channel, me: "alice", limit: 100).count == 100)
    // A larger limit cannot be answered from a count that stopped at 120.
    let all = try store.unread(in: channel, me: "alice")
    #expect(all.count == 150)
    #expect(all.counted != nil)
  }

  @Test func changedOrDeletedMessagesDropTheKeptCount() throws {
    let store = try storeWithUnread(110)
    let keep = {
      try store.keepUnread([try #require(try store.unread(in: channel, me: "alice").counted)])
    }
    try keep()
    try store.db.execute("UPDATE messages SET sender = 'alice' WHERE msgid = 'm5'")
    #expect(try keptRows(store) == 0)
    #expect(try store.unread(in: channel, me: "alice").count == 109)
    try keep()
    try store.db.execute("DELETE FROM messages WHERE msgid = 'm6'")
    #expect(try keptRows(store) == 0)
    #expect(try store.unread(in: channel, me: "alice").count == 108)
    try keep()
    // A delivery state or a reply's parent changes nothing counted: the count stays.
    try store.db.execute("UPDATE messages SET reply_to = 'm1' WHERE msgid = 'm7'")
    #expect(try keptRows(store) == 1)
  }

  @Test func aKeptCountSurvivesReopening() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-unread-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent("natter.sqlite3")
    do {
      let store = try MessageStore.openFile(file)
      try store.insertReceived((1...105).map { message($0) })
      try store.keepUnread([try #require(try store.unread(in: channel, me: "alice").counted)])
    }
    let store = try MessageStore.openFile(file)
    let unread = try store.unread(in: channel, me: "alice")
    #expect(unread.count == 105)
    #expect(unread.counted == nil)
  }
}
