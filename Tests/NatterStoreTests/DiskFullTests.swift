import Foundation
import NatterCore
import Testing

@testable import NatterStore

@Suite struct DiskFullTests {
  /// `max_page_count` makes SQLite report SQLITE_FULL exactly as a full disk does, unprivileged.
  @Test func insertIntoAFullDatabaseThrowsDiskFullAndKeepsTheStoreUsable() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    try store.insert(Fixtures.message(1))
    let pages = try #require(try store.db.integer("PRAGMA page_count"))
    try store.db.execute("PRAGMA max_page_count = \(pages)")
    let big = Fixtures.message(2, body: String(repeating: "word ", count: 20_000))
    #expect(throws: StoreError.diskFull) { try store.insert(big) }
    #expect(StoreError.diskFull.userMessage.contains("not saved"))
    #expect(try store.count() == 1)
    #expect(try store.message(id: big.id) == nil)

    try store.db.execute("PRAGMA max_page_count = 1073741823")
    try store.insert(big)
    #expect(try store.count() == 2)
    #expect(try store.integrityCheck() == ["ok"])
  }

  @Test func importIntoAFullDatabaseImportsNothing() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    var lines = ""
    let z = String(repeating: "z", count: 200)
    for n in 0..<2000 {
      lines +=
        #"{"id":"\#(Fixtures.id(n))","sender":"a","sent_at":"2026-11-29T18:55:41Z","body":"\#(z)"}"#
        + "\n"
    }
    let file = dir.file("in.jsonl")
    try Fixtures.write(lines, to: file)
    let pages = try #require(try store.db.integer("PRAGMA page_count"))
    try store.db.execute("PRAGMA max_page_count = \(pages + 20)")
    #expect(throws: ImportError.store(.diskFull)) { try store.import(from: file) }
    #expect(try store.count() == 0)
    #expect(try store.integrityCheck() == ["ok"])
  }

  @Test(.enabled(if: TmpfsMount.isPermitted, "needs permission to mount a tmpfs"))
  func realFullFilesystemThrowsDiskFullAndLosesNothingStored() throws {
    let mount = try TmpfsMount(sizeKiB: 1024)
    var stored: [String] = []
    do {
      guard case .opened(let store) = MessageStore.open(dataDirectory: mount.url) else {
        throw FixtureError.unexpected("could not open on tmpfs")
      }
      var sawDiskFull = false
      for n in 0..<500 {
        let message = Fixtures.message(n, body: String(repeating: "full ", count: 2000))
        do {
          try store.insert(message)
          stored.append(message.id)
        } catch StoreError.diskFull {
          sawDiskFull = true
          break
        }
      }
      #expect(sawDiskFull)
      #expect(try store.count() == stored.count)
    }
    // The disk is still full: the history comes back read-only, every stored message in it.
    guard case .readOnly(let reopened, .diskFull) = MessageStore.open(dataDirectory: mount.url)
    else {
      Issue.record("could not reopen after the disk filled")
      return
    }
    #expect(try reopened.integrityCheck() == ["ok"])
    for id in stored { #expect(try reopened.message(id: id) != nil) }
  }
}
