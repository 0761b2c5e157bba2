import Foundation
import GtkKit
import NatterStore

/// Keeping the open history sound while the window runs: the integrity check kept off
/// start-up, recovery from damage found later, and noticing writes by another process.
extension ChatSession {
  /// Checks the database file on a background thread and calls `damaged` on the main loop
  /// when it is not sound. Nothing runs for an in-memory session.
  ///
  /// The check reads the whole file (its cost grows with the history), so it runs on its own
  /// connection, off the main thread, after the first frame: start-up does not wait for it.
  func checkIntegrityInBackground(damaged: @escaping @MainActor ([String]) -> Void) {
    guard let file = store.databaseURL else { return }
    let thread = Thread {
      let started = Date()
      let problems = MessageStore.quickCheck(of: file)
      let seconds = Date().timeIntervalSince(started)
      MainLoop.post {
        Log.debug(
          "integrity check took \(Int(seconds * 1000)) ms: \(problems.prefix(3).joined(separator: "; "))"
        )
        if problems != ["ok"] { damaged(problems) }
      }
    }
    thread.name = "natter-integrity-check"
    thread.qualityOfService = .background
    thread.start()
  }

  /// Moves the damaged history aside and salvages it; returns the sentence for the banner.
  func recoverFromCorruption() -> String {
    do {
      let recovery = try store.recoverFromCorruption()
      Log.warning(
        "history damaged; moved aside to \(recovery.movedAside.path), "
          + "\(recovery.salvaged) messages salvaged")
      return recovery.bannerMessage
    } catch {
      Log.warning("could not recover the damaged history: \(error)")
      return "The message history is damaged and could not be replaced."
    }
  }

  /// Whether another process (an import) changed the database since the last call.
  func storeChangedElsewhere() -> Bool {
    (try? store.changedByOthers()) ?? false
  }
}
