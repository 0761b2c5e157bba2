import Foundation

/// A small tmpfs mounted for a test, for faults only a real filesystem gives (ENOSPC, EROFS).
///
/// Mounting needs CAP_SYS_ADMIN; tests that use it are enabled only where `isPermitted`.
final class TmpfsMount {
  let url: URL
  private var mounted = false

  /// Whether this process may mount (root in CI; not in unprivileged sandboxes).
  static let isPermitted: Bool = {
    guard let probe = try? TmpfsMount(sizeKiB: 64) else { return false }
    _ = probe
    return true
  }()

  init(sizeKiB: Int) throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-tmpfs-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    guard Self.run(["-t", "tmpfs", "-o", "size=\(sizeKiB)k,mode=755", "tmpfs", url.path]) else {
      try? FileManager.default.removeItem(at: url)
      throw FixtureError.unexpected("mount not permitted")
    }
    mounted = true
  }

  /// Makes the whole filesystem read-only, as a read-only data directory would be.
  func remountReadOnly() throws {
    guard Self.run(["-o", "remount,ro", url.path]) else {
      throw FixtureError.unexpected("remount failed")
    }
  }

  deinit {
    if mounted { _ = Self.run(["-l", url.path], tool: "/bin/umount") }
    try? FileManager.default.removeItem(at: url)
  }

  private static func run(_ arguments: [String], tool: String = "/bin/mount") -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
