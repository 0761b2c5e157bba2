import Foundation

/// One chat message, as stored, shown and exported.
public struct Message: Equatable, Hashable, Sendable, Identifiable {
  /// Where a message is on its way out; local messages are `sent` once stored.
  public enum Delivery: String, Equatable, Hashable, Sendable, CaseIterable {
    case pending
    case sent
    case failed
  }

  /// A UUID string; the identity used for import deduplication and editing.
  public let id: String
  public var sender: String
  public var sentAt: Date
  public var body: String
  /// Tags as first spelled, in chip order, without the leading `#`.
  public var tags: [String]
  public var edited: Bool
  public var delivery: Delivery

  public init(
    id: String = UUID().uuidString.lowercased(),
    sender: String,
    sentAt: Date,
    body: String,
    tags: [String] = [],
    edited: Bool = false,
    delivery: Delivery = .sent
  ) {
    self.id = id
    self.sender = sender
    self.sentAt = sentAt
    self.body = body
    self.tags = tags
    self.edited = edited
    self.delivery = delivery
  }
}
