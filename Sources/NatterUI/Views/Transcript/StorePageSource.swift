import NatterCore
import NatterStore

/// The whole history as pages for the transcript: keyset reads next to what is cached,
/// a position read only for far jumps.
struct StorePageSource: TranscriptPageSource {
  let store: MessageStore

  func messages(before anchor: Message?, limit: Int) throws -> [Message] {
    try store.messages(.older, from: anchor.map(MessageCursor.init), limit: limit)
  }

  func messages(after anchor: Message, limit: Int) throws -> [Message] {
    try store.messages(.newer, from: MessageCursor(anchor), limit: limit)
  }

  func messages(fromPosition position: Int, limit: Int) throws -> [Message] {
    try store.messages(fromPosition: position, limit: limit)
  }
}
