import CSQLite
import Foundation
import NatterCore

/// Stores received messages in the database file on a thread of its own, through a connection
/// of its own, one batch after another in the order given (issue 32).
///
/// In a flood, storing a line (its row and indexes, the look for a copy of it, its words) took
/// about 42 µs on the main thread, half of all a line cost there; with the frames between
/// slices, that held 10,000 lines to about 130 a frame and over a second. With this writer the
/// main thread reads the next slice and shows the last one while a batch is stored. The caller
/// keeps the order: it performs nothing that a later line caused until the batch before it is
/// stored (`IRCClient`), so every message is still stored before it is shown.
public final class ReceivedWriter: @unchecked Sendable {
  private let url: URL
  /// At utility QoS, which libdispatch on Linux runs at nice 2 (`_dispatch_pp_to_nice` in
  /// swift-corelibs-libdispatch, the toolchain's): in a flood the writer, the main
  /// thread and the X server want the machine's two cores at once, and a frame that waited for
  /// the X server, itself waiting behind the writer, was missed (issue 32). The writer still has
  /// a core whenever neither of them needs it, which in a flood is most of the time.
  private let queue = DispatchQueue(label: "org.natter.received-writer", qos: .utility)
  /// The writer's own store on the file, opened for the first batch; only touched on `queue`.
  private var store: MessageStore?
  private let lock = NSLock()
  /// Guarded by `lock`: batches given and not yet finished, and the commits made.
  private var unfinished = 0
  private var written = 0

  init(url: URL) { self.url = url }

  /// Whether a batch is queued or being stored. The main thread gives every batch, so while it
  /// finds the writer idle no commit of the writer's can start.
  public var isBusy: Bool { lock.withLock { unfinished > 0 } }

  /// How many batches have been committed: the main store sees each as another connection's.
  public var commits: Int { lock.withLock { written } }

  /// Stores `messages` after every batch given before them and returns at once; `done` is
  /// called on the writer's thread with the messages that were new (`insertReceived`).
  public func insert(
    _ messages: [Message],
    then done: @escaping @Sendable (Result<[Message], StoreError>) -> Void
  ) {
    lock.withLock { unfinished += 1 }
    queue.async { [self] in
      let result: Result<[Message], StoreError>
      do {
        let store = try self.store ?? MessageStore.openWriter(url)
        self.store = store
        // The main connection may have renamed a conversation or added reactions since.
        store.forgetIfChangedByOthers()
        let stored = try store.insertReceived(messages)
        lock.withLock { written += 1 }
        result = .success(stored)
      } catch let error as StoreError {
        result = .failure(error)
      } catch {
        result = .failure(.sqlite(code: SQLITE_ERROR, message: "\(error)"))
      }
      lock.withLock { unfinished -= 1 }
      done(result)
    }
  }

  /// The file was replaced (a damaged one moved aside): later batches go to the new one.
  func reopen() {
    queue.async { [self] in store = nil }
  }

  /// Stores every batch given so far, then closes the writer's connection: the file is about
  /// to be moved aside, and the store's own connection, closing last, then folds the WAL
  /// into it, where the salvage reads.
  func close() {
    queue.sync { store = nil }
  }

  /// Returns once every batch given so far is stored and synced (on quit).
  public func waitUntilIdle() {
    queue.sync { _ = store?.walSyncer?.waitForSync() }
  }
}
