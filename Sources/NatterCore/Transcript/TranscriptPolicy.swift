/// Sticky-bottom scrolling, the unread count and the "Jump to latest" button.
///
/// Feed it every adjustment change with `metricsChanged(_:)`. A change of `upper` or `pageSize`
/// is content or viewport growth (a message arrived, the composer grew): while sticky, the view
/// is told to scroll to the bottom. A change of `value` alone is a scroll (the user's, or one
/// the view made): it decides stickiness, so scrolling up unsticks and scrolling back down
/// sticks again.
public struct TranscriptPolicy: Equatable, Sendable {
  /// What the view should do after an update.
  public enum Decision: Equatable, Sendable {
    case none
    /// Set the adjustment's value to `upper - pageSize`, showing the newest message fully.
    case scrollToBottom
  }

  /// Pixels from the bottom that still count as "at the bottom".
  public static let defaultThreshold = 4.0

  /// Pixels from the bottom that count as at the bottom.
  public var threshold: Double
  /// Whether the view follows the newest message.
  public private(set) var isSticky = true
  /// Messages that arrived while the view was scrolled away.
  public private(set) var unreadCount = 0
  private var last: ScrollMetrics?

  /// A policy for a view that opens at the newest message.
  public init(threshold: Double = TranscriptPolicy.defaultThreshold) {
    self.threshold = threshold
  }

  /// True when the bottom edge of the page is within `threshold` of the end.
  public static func isAtBottom(
    value: Double, pageSize: Double, upper: Double, threshold: Double
  ) -> Bool {
    value + pageSize >= upper - threshold
  }

  /// Whether `metrics` are at the bottom with this policy's threshold.
  public func isAtBottom(_ metrics: ScrollMetrics) -> Bool {
    Self.isAtBottom(
      value: metrics.value, pageSize: metrics.pageSize, upper: metrics.upper,
      threshold: threshold)
  }

  /// The "Jump to latest" button is visible while the view is scrolled away.
  public var showsJumpButton: Bool { !isSticky }

  /// The count on the jump button, or nil when there is none to show.
  public var unreadBadge: String? {
    guard showsJumpButton, unreadCount > 0 else { return nil }
    return unreadCount > 999 ? "999+" : String(unreadCount)
  }

  /// The adjustment changed; returns whether to scroll to the bottom.
  public mutating func metricsChanged(_ metrics: ScrollMetrics) -> Decision {
    defer { last = metrics }
    guard let last else { return .scrollToBottom }  // opens at the newest message
    let contentChanged = last.upper != metrics.upper || last.pageSize != metrics.pageSize
    if contentChanged {
      if isSticky { return .scrollToBottom }
      if isAtBottom(metrics) { stick() }  // everything fits, or shrank to where the user is
      return .none
    }
    if isAtBottom(metrics) { stick() } else { isSticky = false }
    return .none
  }

  /// Messages were appended; the user's own message brings the view back to the bottom.
  public mutating func messagesAppended(count: Int, includesOwn: Bool = false) -> Decision {
    if includesOwn { stick() }
    if isSticky { return .scrollToBottom }
    unreadCount += max(0, count)
    return .none
  }

  /// The jump button or Ctrl+End: back to the newest message.
  public mutating func jumpToLatest() -> Decision {
    stick()
    return .scrollToBottom
  }

  private mutating func stick() {
    isSticky = true
    unreadCount = 0
  }
}
