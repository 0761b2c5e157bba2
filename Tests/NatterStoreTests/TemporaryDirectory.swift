import Foundation

/// A fresh directory under the system temporary directory, removed when released.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Restore permissions a test may have removed, so the cleanup itself cannot fail.
    chmod(url.path, 0o755)
    try? FileManager.default.removeItem(at: url)
  }

  var databaseURL: URL { url.appendingPathComponent("natter.sqlite3") }

  func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
