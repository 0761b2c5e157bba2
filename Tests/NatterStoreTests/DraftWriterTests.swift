import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Large drafts saved off the main thread (issue 13), in order, into the same file.
@Suite("DraftWriter")
struct DraftWriterTests {
  @Test func aLargeDraftSavedByTheWriterIsTheStoresDraft() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let writer = try #require(store.makeDraftWriter())
    let text = String(repeating: "a pasted line\n", count: 400_000)
    writer.save(StoredDraft(text: text, chips: ["big"]), for: Message.notes) { error in
      Issue.record("\(error)")
    }
    writer.waitUntilIdle()
    #expect(!writer.isBusy)
    #expect(writer.commits == 1)
    #expect(try store.loadDraft() == StoredDraft(text: text, chips: ["big"]))
  }

  @Test func savesLandInTheOrderGivenAndOnlyTheNewestIsKept() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let writer = try #require(store.makeDraftWriter())
    let large = String(repeating: "x", count: 3_000_000)
    for index in 0..<5 {
      writer.save(StoredDraft(text: large + "\(index)", chips: []), for: Message.notes) { _ in }
    }
    writer.save(StoredDraft(text: "small, last", chips: []), for: Message.notes) { _ in }
    writer.waitUntilIdle()
    #expect(try store.loadDraft() == StoredDraft(text: "small, last", chips: []))
    writer.save(nil, for: Message.notes) { _ in }
    writer.waitUntilIdle()
    #expect(try store.loadDraft() == nil, "nil clears the saved draft")
  }

  @Test func aNewerDraftOfAnotherConversationDoesNotSkipThisOnes() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let writer = try #require(store.makeDraftWriter())
    let large = String(repeating: "y", count: 3_000_000)
    // The first save is being written while the next two queue: only a newer save of the
    // same conversation may replace a queued one.
    writer.save(StoredDraft(text: large, chips: []), for: "irc://h/%23a") { _ in }
    writer.save(StoredDraft(text: "for #b", chips: []), for: "irc://h/%23b") { _ in }
    writer.save(StoredDraft(text: "for #c", chips: []), for: "irc://h/%23c") { _ in }
    writer.waitUntilIdle()
    #expect(try store.loadDraft(for: "irc://h/%23a") == StoredDraft(text: large, chips: []))
    #expect(try store.loadDraft(for: "irc://h/%23b") == StoredDraft(text: "for #b", chips: []))
    #expect(try store.loadDraft(for: "irc://h/%23c") == StoredDraft(text: "for #c", chips: []))
  }

  @Test func aStoreInMemoryHasNoWriter() throws {
    #expect(try MessageStore.inMemory().makeDraftWriter() == nil)
  }

  @Test func aFailedSaveIsReported() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let writer = try #require(store.makeDraftWriter())
    try FileManager.default.removeItem(at: dir.databaseURL)
    let failures = Failures()
    writer.save(StoredDraft(text: "lost", chips: []), for: Message.notes) { failures.add($0) }
    writer.waitUntilIdle()
    #expect(failures.count == 1)
  }
}

private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [StoreError] = []
  func add(_ error: StoreError) { lock.withLock { errors.append(error) } }
  var count: Int { lock.withLock { errors.count } }
}
