import NatterCore

/// Issue 32's frame times: one table of histograms for every scenario that ran, and the
/// time each big list took to arrive.
extension Report {
  private struct FrameRow {
    let row: String
    let what: String
    /// Whether issue 32's "never miss a frame" applies (to the ready times), and its "≤ 17 ms"
    /// to the frames' own times.
    var readyTarget = false
    var frameTarget = false
  }

  mutating func renderFrames() {
    let suites = bench.options.suites
    var rows: [FrameRow] = []
    let history = bench.options.histories.last.map { Self.messages($0.count) } ?? "the largest"
    if suites.contains("scroll") {
      let presses = bench.median("scroll presses held").map { ", \(Int($0)) presses" } ?? ""
      rows += [
        FrameRow(
          row: Bench.scrollRow("held"),
          what: "Page Up held 3 s, \(history) messages\(presses)", readyTarget: true,
          frameTarget: true),
        FrameRow(row: Bench.scrollRow("idle"), what: "The same 3 s, no key (comparison)"),
        FrameRow(
          row: Bench.scrollRow("bare"),
          what: "The same 3 s in the bare GTK window, nothing to do (the clock itself)"),
        FrameRow(
          row: Bench.scrollRow("drawing"),
          what: "The same 3 s in the bare GTK window turning a small bar every frame (its clock "
            + "when it draws)"),
      ]
      if bench.options.before != nil {
        rows.append(FrameRow(row: Bench.scrollRow("before"), what: "Page Up held, before"))
      }
    }
    if suites.contains("members") {
      let big = Self.messages(Bench.bigList)
      let small = Self.messages(Bench.smallList)
      func name(_ what: String, _ size: String) -> String {
        what == "names"
          ? "NAMES of \(size) members, member list open"
          : "`/list` of \(size) channels, in the channel browser"
      }
      for what in ["names", "list"] {
        rows.append(
          FrameRow(
            row: Bench.listRow(what, "\(Bench.bigList)"), what: name(what, big), readyTarget: true))
        rows.append(
          FrameRow(
            row: Bench.listRow(what, "\(Bench.smallList)"),
            what: name(what, small) + " (comparison)"))
        if bench.options.before != nil {
          rows.append(
            FrameRow(row: Bench.listRow(what, "before"), what: name(what, big) + ", before"))
        }
      }
    }
    if suites.contains("network") {
      let count = Self.messages(Bench.burstCount)
      rows += [
        FrameRow(
          row: "burst slices", what: "Burst of \(count), lines in slices", readyTarget: true),
        FrameRow(row: "burst read", what: "Burst of \(count), each read whole"),
      ]
      if bench.options.before != nil {
        rows.append(
          FrameRow(row: "burst before", what: "Burst of \(count), `--before`, lines in slices"))
      }
    }
    if suites.contains("paste") {
      for bytes in Bench.pasteSizes {
        rows.append(
          FrameRow(
            row: "paste \(bytes)", what: "Paste \(Self.bytes(bytes)) into the composer",
            readyTarget: bytes == Bench.pasteSizes.last))
      }
    }
    guard !rows.isEmpty else { return }
    let clock = bench.samples[Bench.frameKey(Bench.scrollRow("drawing"), .gaps, "max")]?.max()
    let buckets = FrameHistogram.bounds.map { "≤ \($0 / 1000) ms" }
    lines += [
      "",
      "Frame times (issue 32), \(bench.options.runs) runs. Gaps: from one frame's start"
        + " (before-paint) to the next's, the window's frame clock kept ticking while recorded"
        + " (as an animation keeps it), so a gap is how long anything pending waited for the"
        + " next frame. Frames: each frame that laid out or drew, from its before-paint to its"
        + " after-paint. Ready: every frame, from the previous frame's start to its own"
        + " after-paint; on a screen with vertical sync a frame starts at a refresh and is shown"
        + " at the next one if done by then, so a frame ready more than two periods (33 ms at"
        + " 60 Hz) after the previous one began is a frame missed, however its time divides"
        + " between waiting and drawing. Counts are summed over the runs; the 99th percentile"
        + " and the longest are the median run's, the worst run's longest in brackets. Xvfb has"
        + " no vertical sync: GDK's frame clock is a timer that waits 16.7 ms from a frame's"
        + " start, rounded to whole milliseconds, plus the main loop's wake-up, so frames on"
        + " time start 16–18 ms apart (the bare window drawing every frame waited at most"
        + " \(clock.map(Self.ms) ?? "—") in this run). Missed: frames ready after 33 ms, and"
        + " frames that took over 17 ms. Met: none missed in any run.",
      "",
      "| Scenario | Measure | Count | " + buckets.joined(separator: " | ")
        + " | > \((FrameHistogram.bounds.last ?? 0) / 1000) ms | 99th percentile | Longest |"
        + " Missed | Target | Met |",
      "|---|---|" + String(repeating: "---|", count: buckets.count + 7),
    ]
    for row in rows {
      for measure in Bench.FrameMeasure.allCases {
        let applies =
          switch measure {
          case .gaps: false
          case .frames: row.frameTarget
          case .ready: row.readyTarget
          }
        frameLine(row, measure, target: applies)
      }
    }
    if suites.contains("members") { renderListArrival() }
  }

  private mutating func frameLine(_ row: FrameRow, _ measure: Bench.FrameMeasure, target: Bool) {
    let label = measure.rawValue
    let missing = bench.framesMissing[row.row, default: 0]
    let counts = bench.frameCounts[Bench.frameKey(row.row, measure, "counts")]
    let longest = bench.median(Bench.frameKey(row.row, measure, "max"))
    let worst = bench.samples[Bench.frameKey(row.row, measure, "max")]?.max()
    var what = row.what
    if missing > 0 {
      let reported = bench.count(Bench.frameKey(row.row, .gaps, "max"))
      what += " (\(missing) of \(missing + reported) runs not reported)"
    }
    let cells: [String]
    if let counts {
      let total = counts.reduce(0, +)
      cells =
        ["\(total)"] + counts.map(String.init)
        + [
          bench.median(Bench.frameKey(row.row, measure, "p99")).map(Self.ms) ?? "—",
          longest.map { median in
            Self.ms(median) + (worst.map { " (\(Self.ms($0)))" } ?? "")
          } ?? "—",
          measure.missed(in: counts).map(String.init) ?? "",
        ]
    } else {
      cells = Array(repeating: "—", count: FrameHistogram.bounds.count + 5)
    }
    // Never: the worst run's longest, not the median run's.
    let met =
      target ? measure.missedOver.flatMap { limit in worst.map { $0 <= Double(limit) } } : nil
    let goal = measure == .ready ? "≤ 33 ms: none missed" : "≤ 17 ms"
    lines.append(
      "| \(what) | \(label) | " + cells.joined(separator: " | ")
        + " | \(target ? goal : "") | \(Self.verdict(met)) |")
  }

  /// From the server's first 353 (322) written to the whole list in Natter.
  private mutating func renderListArrival() {
    let variants = Bench.membersVariants.filter { $0 != "before" || bench.options.before != nil }
    lines += [
      "",
      "| Measure | "
        + variants.map { $0 == "before" ? "before" : Self.messages(Int($0) ?? 0) }
        .joined(separator: " | ") + " |",
      "|---|" + String(repeating: "---|", count: variants.count),
    ]
    for (key, what) in [
      ("names in", "First 353 written → the member list in Natter"),
      ("list in", "First 322 written → the channel list in the browser"),
    ] {
      let cells = variants.map { bench.median("\(key) \($0)").map(Self.ms) ?? "—" }
      lines.append("| \(what) | " + cells.joined(separator: " | ") + " |")
    }
  }
}
