import NatterCore
import NatterStore

/// One conversation's history as pages for the transcript: keyset reads next to what is cached,
/// a position read only for far jumps.
struct StorePageSource: TranscriptPageSource {
  let store: MessageStore
  /// The conversation paged (`notes` for the local history).
  var conversation = Message.notes

  func messages(before anchor: Message?, limit: Int) throws -> [Message] {
    try store.messages(
      in: conversation, .older, from: anchor.map(MessageCursor.init), limit: limit)
  }

  func messages(after anchor: Message, limit: Int) throws -> [Message] {
    try store.messages(in: conversation, .newer, from: MessageCursor(anchor), limit: limit)
  }

  func messages(fromPosition position: Int, limit: Int) throws -> [Message] {
    try store.messages(in: conversation, fromPosition: position, limit: limit)
  }
}
