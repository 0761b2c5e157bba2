import Foundation

/// Flood protection: a token bucket for the message lines Natter writes, as desktop clients
/// keep one (irssi: 5 at once, then one every 2.2 s), so a long paste goes out at a pace a
/// server accepts instead of getting us disconnected for `Excess Flood`.
public struct IRCSendBudget: Equatable, Sendable {
  /// Lines that may go out at once after a quiet spell.
  public let burst: Int
  /// Then one line per this many seconds; 0 means no limit.
  public let interval: TimeInterval
  private var tokens: Double
  private var updated: Date?

  /// What Natter uses unless the settings name another pace for the server.
  public static let standard = IRCSendBudget(burst: 5, interval: 2)

  public init(burst: Int, interval: TimeInterval) {
    self.burst = max(1, burst)
    self.interval = max(0, interval)
    tokens = Double(self.burst)
  }

  /// A new connection starts with the whole burst.
  mutating func refill() {
    tokens = Double(burst)
    updated = nil
  }

  /// Spends one line at `now`; false when it must wait until `nextLine(at:)`.
  mutating func take(at now: Date) -> Bool {
    guard interval > 0 else { return true }
    replenish(at: now)
    guard tokens >= 1 else { return false }
    tokens -= 1
    return true
  }

  /// When the next line may go, as seen at `now`.
  func nextLine(at now: Date) -> Date { next(lines: 1, at: now) }

  /// Spends `count` lines that must go together (a `draft/multiline` batch, which the
  /// server must take whole): they go once the bucket holds as many, or is full when they
  /// are more than a burst, and what they take beyond it is a debt the next lines wait out.
  /// So the batch is never held open by the pacing, and the pace over time stays the same.
  mutating func take(_ count: Int, at now: Date) -> Bool {
    guard interval > 0 else { return true }
    replenish(at: now)
    guard tokens >= Double(min(max(1, count), burst)) else { return false }
    tokens -= Double(max(1, count))
    return true
  }

  /// When `count` lines that go together may go, as seen at `now`.
  func next(lines count: Int, at now: Date) -> Date {
    guard interval > 0 else { return now }
    var copy = self
    copy.replenish(at: now)
    return now + max(0, Double(min(max(1, count), burst)) - copy.tokens) * interval
  }

  private mutating func replenish(at now: Date) {
    if let updated, now > updated {
      tokens = min(Double(burst), tokens + now.timeIntervalSince(updated) / interval)
    }
    updated = now
  }
}
