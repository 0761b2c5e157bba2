/// Frame times as issue 32 reports them: counts in the buckets ≤ 8, ≤ 17, ≤ 25, ≤ 33, ≤ 50 and
/// over 50 ms, the 99th percentile and the longest. The benchmark probe makes one from the
/// times it recorded; natter-bench reads it back from the probe's line, so both sides share
/// one bucketing and one line format.
public struct FrameHistogram: Equatable, Sendable {
  /// Each bucket's upper end in microseconds, inclusive; the last bucket has none. 17 ms, not
  /// 16.7: the frame clock's timer fires on whole milliseconds, so a 60 Hz frame on time can
  /// take 17.
  public static let bounds: [Int64] = [8_000, 17_000, 25_000, 33_000, 50_000]

  /// Frames per bucket, `bounds.count + 1` of them.
  public private(set) var counts: [Int]
  /// The nearest-rank 99th percentile, µs; 0 with no frames.
  public private(set) var p99: Int64
  /// The longest, µs; 0 with no frames.
  public private(set) var longest: Int64

  public var total: Int { counts.reduce(0, +) }

  public init(microseconds times: [Int64]) {
    counts = Array(repeating: 0, count: Self.bounds.count + 1)
    for time in times {
      counts[Self.bounds.firstIndex { time <= $0 } ?? Self.bounds.count] += 1
    }
    let sorted = times.sorted()
    p99 = Self.percentile(99, ofSorted: sorted)
    longest = sorted.last ?? 0
  }

  /// Read back from `fields`; nil when there are too few.
  public init?(fields: some Collection<Int64>) {
    let values = Array(fields)
    guard values.count >= Self.bounds.count + 3 else { return nil }
    counts = values.prefix(Self.bounds.count + 1).map { Int(max($0, 0)) }
    p99 = values[Self.bounds.count + 1]
    longest = values[Self.bounds.count + 2]
  }

  /// The counts, then the 99th percentile and the longest: what the probe writes.
  public var fields: [Int64] { counts.map(Int64.init) + [p99, longest] }

  /// Nearest rank: the smallest value with at least `percent` % of them at or below it.
  /// With fewer than 100 values the 99th percentile is the longest.
  public static func percentile(_ percent: Int, ofSorted sorted: [Int64]) -> Int64 {
    guard !sorted.isEmpty else { return 0 }
    let rank = (sorted.count * percent + 99) / 100
    return sorted[min(max(rank, 1), sorted.count) - 1]
  }
}
