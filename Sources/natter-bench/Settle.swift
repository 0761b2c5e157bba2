import Foundation

/// Waits, before a start, until the machine has been idle for a moment. An app's exit leaves
/// work behind for a while (the accessibility registry and the bus dropping its objects, the X
/// server freeing its window, the kernel its memory), and on two cores that work slowed the
/// next start by 15–20 ms, which then read as the next app's own cost (issue 32).
enum Settle {
  /// Returns once two windows of `window` seconds in a row were at least `idle` idle across
  /// all cores, or after `limit` seconds; the seconds waited.
  @discardableResult
  static func untilIdle(idle: Double = 0.9, window: Double = 0.1, limit: Double = 3) -> Double {
    let start = Date()
    var quiet = 0
    var before = cpuTimes()
    while quiet < 2 && Date().timeIntervalSince(start) < limit {
      Thread.sleep(forTimeInterval: window)
      let now = cpuTimes()
      guard let was = before, let now else { return 0 }
      let total = now.total - was.total
      let idleTicks = now.idle - was.idle
      quiet = total > 0 && Double(idleTicks) >= idle * Double(total) ? quiet + 1 : 0
      before = now
    }
    return Date().timeIntervalSince(start)
  }

  /// All cores' ticks from /proc/stat's first line, and of them the idle and I/O-wait ones.
  private static func cpuTimes() -> (total: UInt64, idle: UInt64)? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
    else { return nil }
    let ticks = line.split(separator: " ").dropFirst().compactMap { UInt64($0) }
    guard ticks.count >= 5 else { return nil }
    // user nice system idle iowait irq softirq steal (guest time is counted in user already).
    return (ticks.prefix(8).reduce(0, +), ticks[3] + ticks[4])
  }
}
