import Foundation
import NatterCore
import Testing

@testable import NatterStore

@Suite struct ExportSafetyTests {
  private func storeWithMessages(in dir: TemporaryDirectory) throws -> MessageStore {
    let store = try Fixtures.store(in: dir)
    for n in 1...5 { try store.insert(Fixtures.message(n)) }
    return store
  }

  @Test(arguments: ["natter.sqlite3", "natter.sqlite3-wal", "natter.sqlite3-shm"])
  func exportOntoTheDatabaseOrItsCompanionsIsRefused(name: String) throws {
    let dir = try TemporaryDirectory()
    let store = try storeWithMessages(in: dir)
    let target = dir.file(name)
    let before = try? Data(contentsOf: target)
    #expect(throws: StoreError.exportOntoDatabase(path: target.path)) {
      try store.export(to: target)
    }
    let after = try? Data(contentsOf: target)
    #expect(after == before)
    #expect(try store.count() == 5)
    #expect(try store.integrityCheck() == ["ok"])
  }

  @Test func exportThroughASymlinkOrHardLinkToTheDatabaseIsRefused() throws {
    let dir = try TemporaryDirectory()
    let store = try storeWithMessages(in: dir)
    let other = dir.file("elsewhere")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
    let symlink = other.appendingPathComponent("backup.jsonl")
    try FileManager.default.createSymbolicLink(at: symlink, withDestinationURL: dir.databaseURL)
    #expect(throws: StoreError.exportOntoDatabase(path: symlink.path)) {
      try store.export(to: symlink)
    }
    // A symlink to the database's folder, with the database's name.
    let folderLink = dir.file("link-to-data")
    try FileManager.default.createSymbolicLink(at: folderLink, withDestinationURL: dir.url)
    let viaFolder = folderLink.appendingPathComponent("natter.sqlite3-wal")
    #expect(throws: StoreError.exportOntoDatabase(path: viaFolder.path)) {
      try store.export(to: viaFolder)
    }
    let hardLink = other.appendingPathComponent("hard")
    try FileManager.default.linkItem(at: dir.databaseURL, to: hardLink)
    #expect(throws: StoreError.exportOntoDatabase(path: hardLink.path)) {
      try store.export(to: hardLink)
    }
    #expect(try store.count() == 5)
    #expect(try store.integrityCheck() == ["ok"])
  }

  @Test func exportReplacesTheTargetWholeAndLeavesNoTemporaryFile() throws {
    let dir = try TemporaryDirectory()
    let store = try storeWithMessages(in: dir)
    let out = dir.file("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let target = out.appendingPathComponent("history.jsonl")
    try Fixtures.write(String(repeating: "old content\n", count: 1000), to: target)
    #expect(try store.export(to: target) == 5)
    let text = try String(contentsOf: target, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 5)
    #expect(!text.contains("old content"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["history.jsonl"])
    // A symlink to an export is followed: the file it points to is replaced, the link kept.
    let link = out.appendingPathComponent("latest.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    try Fixtures.write("stale\n", to: target)
    try store.export(to: link)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(try String(contentsOf: target, encoding: .utf8) == text)
  }

  @Test(.enabled(if: TmpfsMount.isPermitted, "needs permission to mount a tmpfs"))
  func anExportThatFailsLeavesTheOldFileAsItWas() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let body = String(repeating: "x", count: 50_000)
    for n in 1...40 { try store.insert(Fixtures.message(n, body: body)) }
    let mount = try TmpfsMount(sizeKiB: 512)
    let target = mount.url.appendingPathComponent("history.jsonl")
    let old = Data(String(repeating: "previous export\n", count: 100).utf8)
    try old.write(to: target)
    #expect(throws: StoreError.diskFull) { try store.export(to: target) }
    #expect(try Data(contentsOf: target) == old)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: mount.url.path) == ["history.jsonl"])
  }
}
