import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Received messages commit without waiting for the disk and are synced on a thread of their
/// own (issue 32); every other commit still syncs itself.
@Suite struct WALSyncerTests {
  private func received(_ count: Int) -> [Message] {
    (0..<count).map {
      Message(
        id: "r\($0)", sender: "bob", sentAt: Date(timeIntervalSince1970: 1_800_000_000),
        body: "line \($0)", conversation: "irc://irc.test/#natter", msgid: "r\($0)")
    }
  }

  @Test func receivedMessagesAreSyncedAfterTheirCommitAndOthersStillSyncInIt() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let syncer = try #require(store.walSyncer)
    // Its thread starts with the first request: opening the history costs no thread.
    try store.insert(Message(id: "first", sender: "me", sentAt: Date(), body: "mine"))
    #expect(!syncer.hasStarted)
    let before = syncer.syncCount
    try store.insertReceived(received(50))
    #expect(syncer.hasStarted)
    #expect(syncer.waitForSync())
    #expect(syncer.syncCount > before)
    // FULL (2) again for the user's own messages.
    #expect(try store.db.integer("PRAGMA synchronous") == 2)
    try store.insert(Message(id: "own", sender: "me", sentAt: Date(), body: "mine"))
    #expect(try store.db.integer("PRAGMA synchronous") == 2)
  }

  @Test func whatWasReceivedIsReadByAnotherConnectionAtOnce() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    try store.insertReceived(received(20))
    let other = try MessageStore.openFile(dir.databaseURL)
    #expect(try other.count(conversation: "irc://irc.test/#natter") == 20)
  }

  @Test func aStoreInMemoryHasNoSyncer() throws {
    #expect(try MessageStore.inMemory().walSyncer == nil)
  }
}
