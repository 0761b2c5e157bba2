import Foundation
import GtkKit
import NatterCore
import NatterStore

/// The open history: stores what the composer sends before the transcript shows it, and keeps
/// the draft. Knows no widget.
@MainActor
public final class ChatSession {
  public let store: MessageStore
  /// Writes large drafts off the main thread; made for the first one (none in memory).
  private(set) var draftWriter: DraftWriter?
  /// The writers' commits already accounted for by `storeChangedElsewhere`.
  var seenOwnCommits = 0
  /// A sentence for the window's banner when the history is not what the user expects
  /// (recovered from damage, or not being saved).
  public let banner: String?
  /// The local user's name on outgoing messages.
  public let sender: String
  /// Ids in the order messages were typed or arrived, for the composer and every network.
  public nonisolated let arrivalIDs = SharedArrivalIDs()

  public init(dataDirectory: URL, sender: String) {
    self.sender = sender
    let result = MessageStore.open(dataDirectory: dataDirectory)
    switch result {
    case .opened(let store):
      self.store = store
    case .recovered(let store, let recovery, let reason):
      Log.warning(
        "history damaged (\(reason)); moved aside to \(recovery.movedAside.path), "
          + "\(recovery.salvaged) messages salvaged")
      self.store = store
    case .readOnly(let store, let reason):
      Log.warning("history shown read-only, not saved this session: \(reason)")
      self.store = store
    case .unsaved(let store, let reason):
      Log.warning("history not saved this session: \(reason)")
      self.store = store
    case .failed(let reason):
      Log.warning("no history at all: \(reason)")
      guard let store = try? MessageStore.inMemory() else {
        fatalError("cannot create even an in-memory database: \(reason)")
      }
      self.store = store
    }
    banner = result.bannerMessage
  }

  /// A composer for this history: its sender, its messages named in the order they were typed
  /// among those that arrived (`arrivalIDs`).
  public func newComposer() -> ComposerController {
    ComposerController(sender: sender, makeID: { [arrivalIDs] in arrivalIDs.next(at: Date()) })
  }

  /// Stores `message`; returns the stored form (delivered), or throws and stores nothing.
  public func send(_ message: Message) throws -> Message {
    var stored = message
    stored.delivery = .sent
    try store.insert(stored)
    return stored
  }

  /// Stores an edit in place of the original message.
  public func replace(_ message: Message) throws {
    try store.replace(message)
  }

  public func lastOwnMessage() -> Message? {
    (try? store.lastOwnMessage(sender: sender)) ?? nil
  }

  public func recentTags() -> [String] {
    (try? store.recentTags(limit: 200)) ?? []
  }

  /// Saves `conversation`'s draft before returning, after any large one still being written
  /// (on quit).
  public func saveDraftNow(_ draft: Draft, for conversation: String = Message.notes) {
    draftWriter?.waitUntilIdle()
    saveDraft(draft, for: conversation)
    draftWriter?.waitUntilIdle()
  }

  private func draftWriterIfUsed(for draft: Draft) -> DraftWriter? {
    if let draftWriter, draftWriter.isBusy { return draftWriter }
    guard draft.isSavedInBackground else { return nil }
    if draftWriter == nil { draftWriter = store.makeDraftWriter() }
    return draftWriter
  }

  /// `conversation`'s saved draft (each conversation keeps its own, SPEC §10).
  public func loadDraft(for conversation: String = Message.notes) -> Draft {
    guard let stored = (try? store.loadDraft(for: conversation)) ?? nil else { return Draft() }
    return Draft(text: stored.text, chips: stored.chips)
  }

  /// Saves `conversation`'s draft; an empty one clears the saved draft. A large one is written
  /// by `draftWriter` on its own thread, and so is any draft while it still has one to write,
  /// so that drafts are saved in order.
  public func saveDraft(_ draft: Draft, for conversation: String = Message.notes) {
    if let draftWriter = draftWriterIfUsed(for: draft) {
      let stored = draft.isEmpty ? nil : StoredDraft(text: draft.text, chips: draft.chips)
      draftWriter.save(stored, for: conversation) { error in
        Log.warning("could not save the draft: \(error)")
      }
      return
    }
    do {
      if draft.isEmpty {
        try store.clearDraft(for: conversation)
      } else {
        try store.saveDraft(StoredDraft(text: draft.text, chips: draft.chips), for: conversation)
      }
    } catch {
      Log.warning("could not save the draft: \(error)")
    }
  }

  /// The user's display name: the real name when the system has one, else the login name.
  public static func localUserName() -> String {
    if let name = environmentValue("NATTER_USER_NAME"), !name.isEmpty { return name }
    if let user = environmentValue("USER"), !user.isEmpty { return user }
    return "me"
  }
}
