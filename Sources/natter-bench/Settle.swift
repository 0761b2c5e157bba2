import Foundation

/// Waits, before a start, until the machine has been idle for a moment. A Natter started right
/// after another reached its `startup` mark 15–20 ms later, whatever its history: what an exit
/// leaves running for a while (the bus, the accessibility registry, the X server, the kernel
/// freeing memory) competes for two cores and then reads as the next app's own cost (issue 32).
enum Settle {
  /// Returns once two windows of `window` seconds in a row were at least `idle` idle across
  /// all cores, or after `limit` seconds, or at once when /proc/stat cannot be read.
  static func untilIdle(idle: Double = 0.9, window: Double = 0.1, limit: Double = 3) {
    let start = Date()
    var quiet = 0
    var before = cpuTimes()
    while quiet < 2 && Date().timeIntervalSince(start) < limit {
      Thread.sleep(forTimeInterval: window)
      let now = cpuTimes()
      guard let was = before, let now else { return }
      let total = now.total - was.total
      let idleTicks = now.idle - was.idle
      quiet = total > 0 && Double(idleTicks) >= idle * Double(total) ? quiet + 1 : 0
      before = now
    }
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
