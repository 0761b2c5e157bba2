/// Where transcript rows come from: the store, or a list of search results. Positions count
/// from 0 = oldest, in transcript order.
///
/// Anchors are messages the source gave out; a store turns one into its keyset cursor, so
/// paging next to a cached window costs the same at any depth.
public protocol TranscriptPageSource {
  /// Up to `limit` messages older than `anchor` (the newest when nil), newest first.
  func messages(before anchor: Message?, limit: Int) throws -> [Message]
  /// Up to `limit` messages newer than `anchor`, oldest first.
  func messages(after anchor: Message, limit: Int) throws -> [Message]
  /// Up to `limit` messages from `position` on, oldest first; for far jumps only.
  func messages(fromPosition position: Int, limit: Int) throws -> [Message]
}
