import Foundation
import NatterCore

/// Batches of salvaged messages passed from the thread that reads a damaged history to the
/// main loop that stores them.
///
/// One repeating main-loop source takes one batch per turn. Posting a source per batch
/// instead starved the window: GLib dispatches every ready source of one priority in a single
/// iteration, so a thousand pending batches ran back to back with no input or redraw between.
final class SalvageQueue: @unchecked Sendable {
  private let lock = NSLock()
  private var batches: [[Message]] = []
  private var finished = false

  /// Adds a batch (from the reading thread).
  func push(_ batch: [Message]) {
    lock.withLock { batches.append(batch) }
  }

  /// Marks the end of the batches (from the reading thread).
  func finish() {
    lock.withLock { finished = true }
  }

  /// The next batch, or nil when there is none yet; `done` is true once every batch was taken
  /// and no more will come.
  func next() -> (batch: [Message]?, done: Bool) {
    lock.withLock {
      if batches.isEmpty { return (nil, finished) }
      return (batches.removeFirst(), false)
    }
  }
}
