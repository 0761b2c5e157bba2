import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive lock on a data directory, held for the life of the process. D-Bus makes a
/// second launch present the first window; without a session bus both would run, and this
/// lock keeps the second from becoming another writer of the same history.
public final class InstanceLock {
  private let descriptor: Int32

  /// Takes the lock, or returns nil when another process holds it. A directory where no lock
  /// file can be made (read-only) is not locked: that session is never saved anyway.
  public init?(dataDirectory: URL) {
    try? FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    let path = dataDirectory.appendingPathComponent("natter.lock").path
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    if descriptor < 0 {
      self.descriptor = -1
      return
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }
}
