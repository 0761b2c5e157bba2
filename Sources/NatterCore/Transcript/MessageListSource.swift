/// A page source over messages already in memory, oldest first: search results.
public struct MessageListSource: TranscriptPageSource {
  public let messages: [Message]
  private let indexByID: [String: Int]

  /// `messages` in transcript order, oldest first.
  public init(_ messages: [Message]) {
    self.messages = messages
    var index: [String: Int] = [:]
    for (position, message) in messages.enumerated() { index[message.id] = position }
    indexByID = index
  }

  public var count: Int { messages.count }

  public func messages(before anchor: Message?, limit: Int) throws -> [Message] {
    let end: Int
    if let anchor {
      guard let position = indexByID[anchor.id] else { return [] }
      end = position
    } else {
      end = messages.count
    }
    return Array(messages[max(0, end - max(0, limit))..<end].reversed())
  }

  public func messages(after anchor: Message, limit: Int) throws -> [Message] {
    guard let position = indexByID[anchor.id] else { return [] }
    let start = position + 1
    return Array(messages[start..<min(messages.count, start + max(0, limit))])
  }

  public func messages(fromPosition position: Int, limit: Int) throws -> [Message] {
    guard position >= 0, position < messages.count else { return [] }
    return Array(messages[position..<min(messages.count, position + max(0, limit))])
  }
}
