import Foundation
import TestSupport
import Testing

@testable import GtkKit

/// A folder watched by GIO's file monitor: the window waits for another process's writes
/// to its history instead of polling for them.
@Suite struct FolderMonitorTests {
  @MainActor @Test func aWriteInTheFolderIsToldByName() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-folder-monitor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let log = folder.appendingPathComponent("history.sqlite3-wal")
    try Data("first".utf8).write(to: log)
    var names: [String] = []
    let monitor = try #require(FolderMonitor(folder: folder.path) { names.append($0) })
    let handle = try FileHandle(forWritingTo: log)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(" and more".utf8))
    try handle.close()
    #expect(Wait.until(timeout: 5) { names.contains("history.sqlite3-wal") })
    withExtendedLifetime(monitor) {}
  }
}
