import GtkKit
import NatterCore
import NatterSession

/// Keeps the window's history sound while it runs: the background integrity check after the
/// first frame, recovery from damage found then or later, and a reload when another process
/// (`natter --import`) wrote to it. `ChatSession` does the work; this shows it.
@MainActor
final class HistoryWatch {
  /// How often the window looks for writes by another process where its folder cannot be
  /// watched.
  static let changePollMilliseconds: UInt32 = 500
  /// The history's folder, watched for another process's writes.
  private var folderMonitor: FolderMonitor?
  private let session: ChatSession
  private let banner: () -> BannerView
  private let reload: () -> Void
  /// True while a damaged history is being replaced, so a second report does not start another.
  private var recovering = false

  init(
    session: ChatSession, banner: @escaping () -> BannerView, reload: @escaping () -> Void
  ) {
    self.session = session
    self.banner = banner
    self.reload = reload
  }

  /// Starts watching, with `first` the transcript the window opened on.
  func watch(_ first: TranscriptView) {
    first.onFirstFrame = { [weak self] in
      self?.session.checkIntegrityInBackground { [weak self] problems in
        Log.warning("integrity check: \(problems.prefix(5).joined(separator: "; "))")
        self?.recoverFromCorruption()
      }
    }
    // The baseline is taken now, right after the transcript read the history: an import that
    // lands before the watch begins is still a change at the first look.
    _ = session.storeChangedElsewhere()
    guard let database = session.store.databaseURL else { return }
    // The database and its write-ahead log, where a commit lands; not the shared-memory
    // index, which every reader touches.
    let written = [database.lastPathComponent, database.lastPathComponent + "-wal"]
    folderMonitor = FolderMonitor(folder: database.deletingLastPathComponent().path) {
      [weak self] name in
      if written.contains(name) { self?.reloadIfChangedElsewhere() }
    }
    guard folderMonitor == nil else { return }
    MainLoop.timeout(milliseconds: Self.changePollMilliseconds) { [weak self] in
      guard let self else { return false }
      reloadIfChangedElsewhere()
      return true
    }
  }

  private func reloadIfChangedElsewhere() {
    guard session.storeChangedElsewhere() else { return }
    Log.debug("the history was changed by another process; reloading the transcript")
    reload()
  }

  /// Moves a damaged history aside and shows the fresh one at once, then again with what the
  /// background salvage saved, each with a banner.
  func recoverFromCorruption() {
    guard !recovering, session.store.isPersistent else { return }
    recovering = true
    // The salvaged messages are shown once, at the end: reloading the list as each batch
    // lands would cost a relayout every time and keep moving the view.
    let now = session.recoverFromCorruption { [weak self] sentence in
      guard let self else { return }
      recovering = false
      banner().show(sentence)
      reload()
    }
    recovering = now.salvaging
    banner().show(now.sentence)
    reload()
  }
}
