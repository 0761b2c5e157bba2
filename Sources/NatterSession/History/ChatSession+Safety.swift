import Foundation
import GtkKit
import NatterCore
import NatterStore

/// Keeping the open history sound while the window runs: the integrity check kept off
/// start-up, recovery from damage found later, and noticing writes by another process.
extension ChatSession {
  /// Checks the database file on a background thread and calls `damaged` on the main loop
  /// when it is not sound. Nothing runs for an in-memory session.
  ///
  /// The check reads the whole file (its cost grows with the history), so it runs on its own
  /// connection, off the main thread, after the first frame: start-up does not wait for it.
  public func checkIntegrityInBackground(damaged: @escaping @MainActor ([String]) -> Void) {
    guard let file = store.databaseURL else { return }
    let thread = Thread {
      runOnlyOnIdleCores()
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
    thread.start()
  }

  /// Moves the damaged history aside and starts a fresh one at once, so sending works again
  /// right away. A background thread reads what can still be read from the damaged file and
  /// hands it over in batches of `MessageStore.salvageBatch`, each stored on the main loop
  /// between frames (a few milliseconds each), so a large history never freezes the window;
  /// `salvaged` gets the final banner sentence. Returns the sentence to show meanwhile and
  /// whether `salvaged` will be called (not when the history could not even be replaced).
  public func recoverFromCorruption(salvaged: @escaping @MainActor (String) -> Void)
    -> (sentence: String, salvaging: Bool)
  {
    let failed = localized("The message history is damaged and could not be replaced.")
    let aside: URL
    do {
      aside = try store.replaceDamagedDatabase()
    } catch {
      Log.warning("could not recover the damaged history: \(error)")
      return (failed, false)
    }
    Log.warning("history damaged; moved aside to \(aside.path); salvaging")
    store.beginSalvage()
    let queue = SalvageQueue()
    let thread = Thread {
      MessageStore.readSalvageable(from: aside) { queue.push($0) }
      queue.finish()
    }
    thread.name = "natter-salvage"
    thread.start()
    var saved = 0
    MainLoop.timeout(milliseconds: 1) { [store] in
      let (batch, done) = queue.next()
      if let batch { saved += store.storeSalvaged(batch) }
      guard done else { return true }
      store.endSalvage()
      Log.warning("salvaged \(saved) messages from \(aside.path)")
      salvaged(MessageStore.Recovery(movedAside: aside, salvaged: saved).bannerMessage)
      return false
    }
    return (MessageStore.Recovery.salvagingMessage, true)
  }

  /// Whether another process (an import) changed the database since the last call. A large
  /// draft saved by our own `draftWriter`, and received messages stored by the store's
  /// `receivedWriter`, change it through other connections too; that is not a reason to reload
  /// the history (an import landing in the same poll is then seen at the next change). While
  /// either writer is busy nothing is looked at: a commit of theirs could not yet be counted.
  public func storeChangedElsewhere() -> Bool {
    let received = store.receivedWriter()
    if draftWriter?.isBusy == true || received?.isBusy == true { return false }
    let changed = (try? store.changedByOthers()) ?? false
    let ownCommits = (draftWriter?.commits ?? 0) + (received?.commits ?? 0)
    defer { seenOwnCommits = ownCommits }
    return changed && ownCommits == seenOwnCommits
  }
}

/// Lets the calling thread run only on a core that would otherwise idle (Linux's SCHED_IDLE).
/// The integrity check reads the whole history: 0.9 s of a core at 1,000,000 messages, right
/// after every first frame, when the window and the display server have the most to do.
/// Foundation's `qualityOfService` changes nothing on Linux.
private func runOnlyOnIdleCores() {
  var parameters = sched_param()
  parameters.sched_priority = 0
  // SCHED_IDLE (5) is behind _GNU_SOURCE, which Swift's Glibc module does not define.
  if pthread_setschedparam(pthread_self(), 5, &parameters) != 0 {
    Log.debug("the integrity check runs at normal priority: SCHED_IDLE was refused")
  }
}
