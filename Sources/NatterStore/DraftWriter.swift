import CSQLite
import Foundation

/// Saves drafts into a database file on a thread of its own, in the order they were given.
///
/// Saving a multi-megabyte draft (a long paste) is a write of that size, a sync and usually a
/// WAL checkpoint: 5 MB took 60–120 ms here, too long for the main thread (issue 13). Each save
/// opens its own connection, so the draft always goes to the file at `path` as it is then.
/// A save queued behind a newer one for the same conversation is skipped: only each
/// conversation's newest draft is written.
public final class DraftWriter: @unchecked Sendable {
  private let path: String
  private let queue = DispatchQueue(label: "org.natter.draft-writer")
  private let lock = NSLock()
  /// Guarded by `lock`: saves given and not yet finished, the last number given, each
  /// conversation's newest save, and the saves committed.
  private var unfinished = 0
  private var given = 0
  private var newest: [String: Int] = [:]
  private var written = 0

  init(path: String) { self.path = path }

  /// Whether a save is queued or being written; a save made elsewhere meanwhile must wait.
  public var isBusy: Bool { lock.withLock { unfinished > 0 } }

  /// How many saves have been committed: the store sees each as a change by another connection.
  public var commits: Int { lock.withLock { written } }

  /// Saves `conversation`'s draft, or clears the saved one when nil, after every save given
  /// before it; returns at once. `failed` is called on the writer's thread when the save fails.
  public func save(
    _ draft: StoredDraft?, for conversation: String,
    failed: @escaping @Sendable (StoreError) -> Void
  ) {
    let number = lock.withLock {
      unfinished += 1
      given += 1
      newest[conversation] = given
      return given
    }
    queue.async { [self] in
      defer { lock.withLock { unfinished -= 1 } }
      guard lock.withLock({ newest[conversation] == number }) else { return }
      do {
        let db = try SQLiteConnection(
          path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
        // As durable as the store's own connection (MessageStore.openFile).
        try db.execute("PRAGMA synchronous = FULL")
        try MessageStore.writeDraft(draft, for: conversation, to: db)
        lock.withLock { written += 1 }
      } catch let error as StoreError {
        failed(error)
      } catch {
        failed(.sqlite(code: SQLITE_ERROR, message: "\(error)"))
      }
    }
  }

  /// Returns once every save given so far is written (on quit).
  public func waitUntilIdle() { queue.sync {} }
}
