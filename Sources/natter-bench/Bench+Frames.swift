import NatterCore

/// Issue 32's frame times: the probe's `frames-<scenario>` lines, kept per row key as the
/// histograms' counts summed over the runs and each run's 99th percentile and longest.
extension Bench {
  /// The histograms a `frames-` line carries.
  enum FrameMeasure: String, CaseIterable {
    /// Between consecutive frames' starts, the frame clock kept ticking.
    case gaps
    /// Each frame's own time, for the frames that laid out or drew.
    case frames
    /// From the previous frame's start to each frame's end; an earlier binary has none.
    case ready

    /// Issue 32's limit, µs: a frame over it was missed (a frame's own time past one 60 Hz
    /// period, or not ready within two of the previous frame's start). Gaps have none.
    var missedOver: Int64? {
      switch self {
      case .gaps: nil
      case .frames: 17_000
      case .ready: 33_000
      }
    }

    /// How many of `counts` (a `FrameHistogram`'s buckets) are over `missedOver`.
    func missed(in counts: [Int]) -> Int? {
      guard let limit = missedOver, let bound = FrameHistogram.bounds.firstIndex(of: limit)
      else { return nil }
      return counts.dropFirst(bound + 1).reduce(0, +)
    }
  }

  static func frameKey(_ row: String, _ measure: FrameMeasure, _ what: String) -> String {
    "frames \(row) \(measure.rawValue) \(what)"
  }

  /// Keeps `event`'s histograms under `row`; a missing event (an earlier binary without the
  /// probe's scenario, or a run that failed) is counted, so the table can say so.
  mutating func recordFrames(_ event: Launch.Event?, as row: String) {
    let fields = event?.detail ?? []
    let width = FrameHistogram.bounds.count + 3
    guard fields.count >= 2 * width,
      let gaps = FrameHistogram(fields: fields.prefix(width)),
      let frames = FrameHistogram(fields: fields.dropFirst(width).prefix(width))
    else {
      framesMissing[row, default: 0] += 1
      return
    }
    var measures = [(FrameMeasure.gaps, gaps), (.frames, frames)]
    if let ready = FrameHistogram(fields: fields.dropFirst(2 * width)) {
      measures.append((.ready, ready))
    }
    for (measure, histogram) in measures {
      let counts = Self.frameKey(row, measure, "counts")
      let sum = frameCounts[counts] ?? Array(repeating: 0, count: histogram.counts.count)
      frameCounts[counts] = zip(sum, histogram.counts).map { $0 + $1 }
      guard histogram.total > 0 else { continue }
      samples[Self.frameKey(row, measure, "p99"), default: []].append(Double(histogram.p99))
      samples[Self.frameKey(row, measure, "max"), default: []].append(Double(histogram.longest))
    }
  }
}
