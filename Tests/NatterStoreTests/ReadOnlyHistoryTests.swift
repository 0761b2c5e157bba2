import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// A history that can be read is shown when it cannot be written (issue 13): the session is
/// not saved, but the messages are there and can be exported.
@Suite struct ReadOnlyHistoryTests {
  /// Five messages in `directory`, the database closed cleanly (no -wal or -shm left).
  private func prepareHistory(in directory: URL) throws {
    guard case .opened(let store) = MessageStore.open(dataDirectory: directory) else {
      throw FixtureError.unexpected("could not prepare the history")
    }
    for n in 1...5 { try store.insert(Fixtures.message(n, tags: ["t\(n)"])) }
  }

  private func expectFiveShown(_ result: OpenResult) throws {
    guard case .readOnly(let store, let reason) = result else {
      Issue.record("expected the history read-only, got \(result)")
      return
    }
    #expect(store.showsSavedHistory)
    #expect(try store.count() == 5)
    #expect(try store.message(id: Fixtures.id(3))?.tags == ["t3"])
    #expect(
      result.bannerMessage?.contains("the 5 saved messages are shown read-only") == true,
      "\(reason)")
    // The session goes on in memory; nothing reaches the file.
    try store.insert(Fixtures.message(6))
    #expect(try store.count() == 6)
  }

  @Test(.enabled(if: TmpfsMount.isPermitted, "needs permission to mount a tmpfs"))
  func aReadOnlyMountShowsTheHistory() throws {
    let mount = try TmpfsMount(sizeKiB: 4096)
    let data = mount.url.appendingPathComponent("natter")
    try prepareHistory(in: data)
    try mount.remountReadOnly()
    let result = MessageStore.open(dataDirectory: data)
    try expectFiveShown(result)
    let names = try FileManager.default.contentsOfDirectory(atPath: data.path)
    #expect(!names.contains { $0.contains("corrupt") })
    // Export works from the read-only history.
    let out = try TemporaryDirectory()
    let exported = try #require(result.store).export(to: out.file("x.jsonl"))
    #expect(exported == 6)
  }

  @Test(.enabled(if: TmpfsMount.isPermitted, "needs permission to mount a tmpfs"))
  func aReadOnlyMountWithAWALLeftByACrashShowsTheMessagesInIt() throws {
    let mount = try TmpfsMount(sizeKiB: 4096)
    let data = mount.url.appendingPathComponent("natter")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    // The files as a killed process leaves them: the messages are only in the -wal, and no
    // -shm (it cannot be made on a read-only mount).
    let source = try TemporaryDirectory()
    do {
      guard case .opened(let store) = MessageStore.open(dataDirectory: source.url) else {
        throw FixtureError.unexpected("could not prepare the history")
      }
      for n in 1...5 { try store.insert(Fixtures.message(n, tags: ["t\(n)"])) }
      for suffix in ["", "-wal"] {
        try FileManager.default.copyItem(
          at: URL(fileURLWithPath: source.databaseURL.path + suffix),
          to: data.appendingPathComponent("natter.sqlite3" + suffix))
      }
    }
    try mount.remountReadOnly()
    try expectFiveShown(MessageStore.open(dataDirectory: data))
  }

  @Test(.enabled(if: TmpfsMount.isPermitted, "needs permission to mount a tmpfs"))
  func aFullDiskShowsTheHistory() throws {
    let mount = try TmpfsMount(sizeKiB: 1024)
    let data = mount.url.appendingPathComponent("natter")
    try prepareHistory(in: data)
    // Fill the disk to the last byte.
    let filler = mount.url.appendingPathComponent("filler")
    let fd = open(filler.path, O_WRONLY | O_CREAT, 0o600)
    let block = [UInt8](repeating: 0x55, count: 4096)
    while block.withUnsafeBytes({ write(fd, $0.baseAddress, 4096) }) > 0 {}
    while block.withUnsafeBytes({ write(fd, $0.baseAddress, 1) }) > 0 {}
    close(fd)
    try expectFiveShown(MessageStore.open(dataDirectory: data))
  }
}
