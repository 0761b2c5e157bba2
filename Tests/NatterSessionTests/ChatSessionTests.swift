import Foundation
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterSession
@testable import NatterStore

/// The open history without a window: what `Notes` sends, each conversation's draft, and
/// the history's safety (salvage, another process's writes, a second instance; issue 26).
@MainActor
@Suite struct ChatSessionTests {
  private let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-session-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  private func session() -> ChatSession { ChatSession(dataDirectory: directory, sender: "me") }

  @Test func aNoteIsStoredAsSentBeforeItIsShown() throws {
    let session = session()
    let stored = try session.send(Message(sender: "me", sentAt: Date(), body: "note to self"))
    #expect(stored.delivery == .sent)
    #expect(try session.store.message(id: stored.id)?.body == "note to self")
    #expect(session.banner == nil, "a fresh history says nothing")
  }

  @Test func eachConversationKeepsItsOwnDraftAndAnEmptyOneClearsIt() {
    let session = session()
    session.saveDraft(Draft(text: "for notes", chips: ["a"]))
    session.saveDraft(Draft(text: "for the channel", chips: []), for: "irc://h/#c")
    #expect(session.loadDraft() == Draft(text: "for notes", chips: ["a"]))
    #expect(session.loadDraft(for: "irc://h/#c").text == "for the channel")
    session.saveDraft(Draft(), for: "irc://h/#c")
    #expect(session.loadDraft(for: "irc://h/#c").isEmpty)
    #expect(session.loadDraft().text == "for notes")
  }

  @Test func aLargeDraftIsWrittenOffTheMainThreadAndSavedBeforeQuitting() {
    let session = session()
    let large = Draft(text: String(repeating: "a long paste ", count: 200_000), chips: [])
    #expect(large.isSavedInBackground)
    session.saveDraftNow(large)
    #expect(session.draftWriter != nil, "written by the draft writer")
    #expect(ChatSession(dataDirectory: directory, sender: "me").loadDraft() == large)
  }

  @Test func upInNotesFindsOnlyNotesOwnLatestMessage() throws {
    let session = session()
    try session.store.insert(
      Message(sender: "me", sentAt: Date(timeIntervalSince1970: 10), body: "in notes"))
    try session.store.insert(
      Message(
        sender: "me", sentAt: Date(timeIntervalSince1970: 20), body: "on irc",
        conversation: "irc://h/#c"))
    #expect(session.lastOwnMessage()?.body == "in notes")
  }

  @Test func recentTagsComeFromTheHistory() throws {
    let session = session()
    try session.store.insert(
      Message(sender: "me", sentAt: Date(), body: "tagged", tags: ["gtk", "swift"]))
    #expect(Set(session.recentTags()) == ["gtk", "swift"])
  }

  @Test func recoveryMovesTheHistoryAsideAndGivesBackEveryReadableMessage() throws {
    let session = session()
    for n in 0..<1_200 {
      try session.store.insert(
        Message(sender: "me", sentAt: Date(timeIntervalSince1970: Double(n)), body: "m\(n)"))
    }
    var final: String?
    let now = session.recoverFromCorruption { final = $0 }
    #expect(now.salvaging)
    #expect(now.sentence == MessageStore.Recovery.salvagingMessage)
    #expect(Wait.until(timeout: 30) { final != nil })
    #expect(try session.store.count() == 1_200)
    #expect(final?.contains("1,200") == true || final?.contains("1200") == true)
    let aside = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.contains(".corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(aside.count == 1, "the old file is kept")
    // Sending works on the new history.
    _ = try session.send(Message(sender: "me", sentAt: Date(), body: "after"))
    #expect(try session.store.count() == 1_201)
  }

  @Test func damagedPagesFoundByTheBackgroundCheckAreReportedOnTheMainLoop() throws {
    let session = session()
    for n in 0..<2_000 {
      try session.store.insert(
        Message(sender: "me", sentAt: Date(), body: "m\(n) " + String(repeating: "z", count: 300)))
    }
    try session.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let file = try #require(session.store.databaseURL)
    let fd = open(file.path, O_WRONLY)
    let garbage = [UInt8]((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    for page in 40..<44 {
      _ = garbage.withUnsafeBytes { pwrite(fd, $0.baseAddress, 4096, off_t(page * 4096)) }
    }
    close(fd)
    var damaged: [String]?
    session.checkIntegrityInBackground { damaged = $0 }
    #expect(Wait.until(timeout: 30) { damaged != nil })
    #expect(damaged?.isEmpty == false && damaged != ["ok"])
  }

  @Test func anImportByAnotherProcessIsNoticedOnceAndOwnDraftsAreNot() throws {
    let session = session()
    #expect(!session.storeChangedElsewhere(), "the baseline")
    let other = try #require(
      {
        if case .opened(let store) = MessageStore.open(dataDirectory: directory) { return store }
        return nil
      }())
    try other.insert(Message(sender: "import", sentAt: Date(), body: "from elsewhere"))
    #expect(session.storeChangedElsewhere())
    #expect(!session.storeChangedElsewhere(), "seen once")
    session.saveDraftNow(Draft(text: String(repeating: "x", count: 2_000_000), chips: []))
    #expect(!session.storeChangedElsewhere(), "our own draft writer's commit")
    let writer = try #require(session.store.receivedWriter())
    writer.insert([Message(sender: "bob", sentAt: Date(), body: "received")]) { _ in }
    writer.waitUntilIdle()
    #expect(!session.storeChangedElsewhere(), "our own received messages' commit")
    try other.insert(Message(sender: "import", sentAt: Date(), body: "once more"))
    #expect(session.storeChangedElsewhere())
  }

  @Test func aSecondInstanceCannotTakeTheSameHistory() throws {
    let first = InstanceLock(dataDirectory: directory)
    #expect(first != nil)
    #expect(InstanceLock(dataDirectory: directory) == nil)
    _ = first
  }

  @Test func theLockIsFreeAgainWhenItsHolderEnds() {
    do {
      let held = InstanceLock(dataDirectory: directory)
      #expect(held != nil)
    }
    #expect(InstanceLock(dataDirectory: directory) != nil)
  }

  @Test func salvagedBatchesComeOutInOrderAndThenDone() {
    let queue = SalvageQueue()
    let a = [Message(sender: "x", sentAt: Date(), body: "a")]
    let b = [Message(sender: "x", sentAt: Date(), body: "b")]
    #expect(queue.next().batch == nil && !queue.next().done)
    queue.push(a)
    queue.push(b)
    queue.finish()
    #expect(queue.next().batch?.first?.body == "a")
    let last = queue.next()
    #expect(last.batch?.first?.body == "b")
    #expect(queue.next().done)
  }
}
