import CGtk
import Foundation
import GtkKit

/// Switching conversations (issue 32): with `NATTER_BENCH_SWITCH=N`, three seconds after the
/// first frame (once the bench has read memory) the probe runs `win.next-conversation`, the
/// action Ctrl+Page Down runs, N times, 150 ms apart. Each switch is reported as
/// `switch <µs> <µs from the switch to the end of the first frame that shows the new
/// conversation's rows> <frames painted until then>`, or `switch-unseen <µs>` when no frame
/// showed them within a second. Before the next switch, `switch-stall <µs> <longest gap>`: the
/// longest the main loop went without turning from the end of that frame until then, the work
/// a switch leaves for after its frame (a frame due in a gap that long would have been missed).
///
/// A transcript is shown when a list view that was not mapped before the switch (the sidebar's
/// stays mapped; the conversation left is hidden) is, with a row holding text in its viewport.
extension BenchProbe {
  private static let switchesAsked = environmentValue("NATTER_BENCH_SWITCH").flatMap(Int.init)

  /// Starts the switches the environment asks for; called once after the first frame.
  static func startSwitching() {
    guard let count = switchesAsked, count > 0, let window,
      let clock = gtk_widget_get_frame_clock(window)
    else { return }
    let watch = SwitchWatch(window: window, left: count)
    Signal.connect(raw(clock), "after-paint") { watch.framePainted() }
    // Above every idle and redraw: it runs as soon as the main loop turns.
    MainLoop.timeout(milliseconds: 1, priority: G_PRIORITY_HIGH) {
      watch.turned()
      return true
    }
    MainLoop.timeout(milliseconds: 3000) {
      watch.next()
      return false
    }
  }
}

/// One run of switches: the one under way and what was on screen before it.
@MainActor
private final class SwitchWatch {
  private let window: UnsafeMutablePointer<GtkWidget>
  private var left: Int
  /// When the switch under way began, 0 between switches.
  private var started: gint64 = 0
  private var frames = 0
  /// The list views mapped before the switch.
  private var mappedBefore: Set<UnsafeMutablePointer<GtkWidget>> = []
  /// When the main loop last turned, and its longest gap since the last switch's frame.
  private var lastTurn: gint64 = 0
  private var longestGap: gint64?

  init(window: UnsafeMutablePointer<GtkWidget>, left: Int) {
    self.window = window
    self.left = left
  }

  func turned() {
    let now = g_get_monotonic_time()
    if let longest = longestGap { longestGap = max(longest, now - lastTurn) }
    lastTurn = now
  }

  func next() {
    if let longestGap { BenchProbe.emit("switch-stall", detail: " \(longestGap)") }
    longestGap = nil
    guard left > 0 else { return }
    left -= 1
    mappedBefore = Set(mappedLists())
    frames = 0
    started = g_get_monotonic_time()
    gtk_widget_activate_action_variant(window, "win.next-conversation", nil)
  }

  func framePainted() {
    guard started != 0 else { return }
    frames += 1
    let now = g_get_monotonic_time()
    let shown = mappedLists().contains { !mappedBefore.contains($0) && showsRow($0) }
    guard shown || now - started > 1_000_000 else { return }
    BenchProbe.emit(shown ? "switch" : "switch-unseen", detail: " \(now - started) \(frames)")
    started = 0
    lastTurn = now
    longestGap = 0
    MainLoop.timeout(milliseconds: 150) { [self] in
      next()
      return false
    }
  }

  private func mappedLists() -> [UnsafeMutablePointer<GtkWidget>] {
    var lists: [UnsafeMutablePointer<GtkWidget>] = []
    BenchProbe.collect(type: gtk_list_view_get_type(), in: window, into: &lists)
    return lists.filter { gtk_widget_get_mapped($0) != 0 }
  }

  /// Whether a row of `list` with a label or inscription that has text lies in its viewport.
  private func showsRow(_ list: UnsafeMutablePointer<GtkWidget>) -> Bool {
    var row = gtk_widget_get_first_child(list)
    while let current = row {
      if gtk_widget_get_mapped(current) != 0, hasText(current), BenchProbe.isInView(current) {
        return true
      }
      row = gtk_widget_get_next_sibling(current)
    }
    return false
  }

  private func hasText(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    if let text = BenchProbe.shownText(of: widget), !text.isEmpty { return true }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if hasText(current) { return true }
      child = gtk_widget_get_next_sibling(current)
    }
    return false
  }
}
