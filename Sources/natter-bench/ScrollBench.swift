import Foundation

/// Issue 32's scrolling: Natter holding the largest history (a copy, as `send` uses) with
/// Page Up held for 3 s from the newest message (`NATTER_BENCH_HOLD_PAGE_UP`), against the
/// same 3 s with no key (`NATTER_BENCH_IDLE_FRAMES`: what the frame clock does on this machine
/// when Natter has nothing to do), the bare window's same 3 s (the clock of any GTK window
/// here), the bare window turning a small bar every frame (the least a GTK window drawing
/// every frame gets here) and, with `--before`, the earlier binary held the same way; in turns, a different one
/// first each round.
extension Bench {
  static let scrollRows = ["held", "idle", "bare", "drawing", "before"]

  static func scrollRow(_ variant: String) -> String { "scroll \(variant)" }

  mutating func scroll() {
    guard let largest = options.histories.last else { return }
    let copy = options.scratch.appendingPathComponent("scroll-history")
    // The `--before` binary scrolls a history it made itself: an earlier schema does not open
    // a newer one, and would hold Page Up over no history at all.
    let beforeCopy = options.scratch.appendingPathComponent("scroll-history-before")
    var copies = [(largest.directory, copy)]
    if options.before != nil {
      copies.append((beforeHistory(largest.count) ?? largest.directory, beforeCopy))
    }
    defer { for (_, copy) in copies { try? FileManager.default.removeItem(at: copy) } }
    do {
      for (original, copy) in copies {
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: original), to: copy)
      }
    } catch {
      log("scroll: \(error)")
      return
    }
    var turns: [(variant: String, binary: String, environment: [String: String])] = [
      ("held", options.natter, ["NATTER_BENCH_HOLD_PAGE_UP": "1"]),
      ("idle", options.natter, ["NATTER_BENCH_IDLE_FRAMES": "1"]),
      ("bare", options.bare, ["NATTER_BENCH_IDLE_FRAMES": "1"]),
      ("drawing", options.bare, ["NATTER_BENCH_IDLE_FRAMES": "1", "NATTER_BENCH_ANIMATE": "1"]),
    ]
    if let before = options.before {
      turns.append(("before", before, ["NATTER_BENCH_HOLD_PAGE_UP": "1"]))
    }
    for round in 0..<options.runs {
      log("scrolling round \(round + 1)/\(options.runs)")
      for turn in TurnOrder.of(turns, round: round) {
        let idles = ["idle", "bare", "drawing"].contains(turn.variant)
        let event = idles ? "frames-idle" : "frames-scroll"
        let history = turn.variant == "before" ? beforeCopy : copy
        do {
          let launch = try Launch(
            watch: options.watch,
            command: turn.binary == options.bare
              ? [turn.binary] : [turn.binary, "--data-dir", history.path],
            // Held and idle share a home, so only the first start of a run finds it cold.
            environment: environment(
              label: turn.binary == options.natter ? "natter-scroll" : "\(turn.variant)-scroll",
              extra: turn.environment),
            scratch: options.scratch)
          defer { launch.stop() }
          try launch.wait(for: "paint", seconds: 60, what: "scrolling")
          // 1 s to settle, 3 s held, 0.5 s after; an earlier binary never answers.
          recordFrames(
            try? launch.wait(for: event, seconds: 15, what: "scrolling"),
            as: Self.scrollRow(turn.variant))
          if let presses = launch.events.first(where: { $0.name == "page-ups" })?.detail.first {
            samples["scroll presses \(turn.variant)", default: []].append(Double(presses))
          }
        } catch {
          log("scrolling (\(turn.variant)): \(error)")
        }
        Thread.sleep(forTimeInterval: 0.3)
      }
    }
  }
}
