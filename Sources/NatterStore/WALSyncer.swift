import Foundation

/// Makes commits that did not wait for the disk durable soon after, on a thread of its own.
///
/// Received messages arrive in floods and are committed a slice at a time on the main thread;
/// with a sync in every commit, each slice waited 1–60 ms for the disk (issue 32: a slice of 16
/// lines took 8 ms, one 66 ms). They commit without it (`synchronous = NORMAL`, which in WAL
/// mode is as safe against a killed process and never corrupts), and this thread syncs the
/// WAL right after, so at most the last moment's received messages could be lost to a power
/// cut, as the server still holds them. Messages the user sends still sync in their commit.
final class WALSyncer: @unchecked Sendable {
  private let path: String
  private let condition = NSCondition()
  /// Requests made, and how many of them the last finished sync covered.
  private var asked = 0
  private var covered = 0
  private var stopped = false
  /// Syncs done, for tests.
  private var synced = 0

  /// Whether the thread was started: on the first request, so that a start-up without a
  /// network never pays for it.
  private var started = false

  init(databasePath: String) {
    path = databasePath + "-wal"
  }

  /// Asks for a sync of everything committed so far; returns at once.
  func request() {
    let start = condition.withLock {
      asked += 1
      condition.signal()
      let first = !started && !stopped
      started = true
      return first
    }
    guard start else { return }
    let thread = Thread { [self] in run() }
    thread.name = "natter-wal-sync"
    thread.start()
  }

  /// Waits until a sync requested before this call is done (tests, closing).
  func waitForSync(timeout: TimeInterval = 5) -> Bool {
    condition.withLock {
      let target = asked
      let deadline = Date().addingTimeInterval(timeout)
      while covered < target && !stopped {
        if !condition.wait(until: deadline) { return false }
      }
      return true
    }
  }

  var syncCount: Int { condition.withLock { synced } }
  var hasStarted: Bool { condition.withLock { started } }

  func stop() {
    condition.withLock {
      stopped = true
      condition.broadcast()
    }
  }

  private func run() {
    while true {
      let covering: Int? = condition.withLock {
        while covered == asked && !stopped { condition.wait() }
        return stopped ? nil : asked
      }
      guard let covering else { return }
      // Opened each time: a damaged database's replacement has a WAL of its own.
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      if fd >= 0 {
        fdatasync(fd)
        close(fd)
      }
      condition.withLock {
        synced += 1
        covered = covering
        condition.broadcast()
      }
    }
  }
}
