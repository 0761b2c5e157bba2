import Foundation
import NatterCore

/// What `MessageStore.open` found; every case but `failed` gives a usable store.
public enum OpenResult {
  /// The history opened normally.
  case opened(MessageStore)
  /// The old database was damaged or unreadable; it was moved to `movedAside` (never deleted)
  /// and a fresh one was started.
  case recovered(MessageStore, MessageStore.Recovery, reason: StoreError)
  /// The history can be read but not written; the store is an in-memory copy of it, so it is
  /// shown (and can be exported) while this session will not be saved.
  case readOnly(MessageStore, reason: StoreError)
  /// The history cannot be written; the store is in memory and this session will not be saved.
  case unsaved(MessageStore, reason: StoreError)
  /// Not even an in-memory database could be made (out of memory).
  case failed(StoreError)

  /// The store to use, if any.
  public var store: MessageStore? {
    switch self {
    case .opened(let store), .recovered(let store, _, _), .readOnly(let store, _),
      .unsaved(let store, _):
      return store
    case .failed: return nil
    }
  }

  /// The sentence for the app's banner, or nil when all is well.
  public var bannerMessage: String? {
    switch self {
    case .opened: return nil
    case .recovered(_, let recovery, _): return recovery.bannerMessage
    case .readOnly(let store, let reason):
      let count = (try? store.count()) ?? 0
      if reason == .diskFull {
        return localizedPlural(
          "The disk is full, so the {count} saved message is shown read-only and new messages "
            + "will not be saved.",
          "The disk is full, so the {count} saved messages are shown read-only and new messages "
            + "will not be saved.", count: count)
      }
      return localizedPlural(
        "The data folder cannot be written, so the {count} saved message is shown read-only and "
          + "new messages will not be saved.",
        "The data folder cannot be written, so the {count} saved messages are shown read-only "
          + "and new messages will not be saved.", count: count)
    case .unsaved(_, let reason): return reason.userMessage
    case .failed(let reason): return reason.userMessage
    }
  }
}
