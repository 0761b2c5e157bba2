import Foundation

/// Liveness: a PING after 60 s of silence, a dead connection when 30 s more pass without a
/// word, and the reconnect schedule: exponential backoff from 1 s to 5 min with jitter.
struct IRCLiveness: Equatable, Sendable {
  static let silence: TimeInterval = 60
  static let answer: TimeInterval = 30
  static let firstDelay: TimeInterval = 1
  static let maxDelay: TimeInterval = 300

  enum Due: Equatable, Sendable {
    case nothing
    case ping
    case dead
  }

  private(set) var lastHeard: Date?
  private(set) var pingSentAt: Date?
  /// Attempts that ended before registration (or before it stayed up), for the backoff.
  private(set) var failures = 0

  /// A new connection is up.
  mutating func start(at now: Date) {
    lastHeard = now
    pingSentAt = nil
  }

  /// Registration worked: the next failure starts the schedule again.
  mutating func registered() { failures = 0 }

  mutating func stop() {
    lastHeard = nil
    pingSentAt = nil
  }

  /// Any line from the server shows it is alive.
  mutating func heard(at now: Date) {
    lastHeard = now
    pingSentAt = nil
  }

  /// When the next check is due, while connected.
  var deadline: Date? {
    if let pingSentAt { return pingSentAt + Self.answer }
    return lastHeard.map { $0 + Self.silence }
  }

  mutating func check(at now: Date) -> Due {
    guard let lastHeard else { return .nothing }
    if let pingSentAt {
      return now >= pingSentAt + Self.answer ? .dead : .nothing
    }
    guard now >= lastHeard + Self.silence else { return .nothing }
    pingSentAt = now
    return .ping
  }

  /// The wait before the next attempt: 1 s, 2 s, 4 s … up to 5 min, each between 80 % and
  /// 120 % of its step (and never outside 1 s … 5 min), from `random` in 0..<1.
  mutating func nextDelay(random: Double) -> TimeInterval {
    let step = min(Self.maxDelay, Self.firstDelay * pow(2, Double(min(failures, 20))))
    failures += 1
    let jittered = step * (0.8 + 0.4 * min(max(random, 0), 1))
    return min(Self.maxDelay, max(Self.firstDelay, jittered))
  }
}
