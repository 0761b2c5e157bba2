import CGtk
import GtkKit
import NatterCore

/// Every frame of one window's frame clock over a benchmark scenario (issue 32): the gap
/// between consecutive `after-paint`s and, for each frame that laid out or drew something, its
/// own time from `before-paint` to `after-paint`.
///
/// GTK runs a frame only when something asked for one, so an idle window's gaps say nothing
/// and a scenario whose input comes every 30 ms would show 30 ms gaps that are no missed
/// frames. The recorder therefore keeps the clock ticking (`gdk_frame_clock_begin_updating`, as
/// an animation does) while it records: a gap is then the time until the window could next
/// have shown a frame, whatever was pending, and any gap over a 60 Hz frame is one the main
/// loop was too busy for. Ticks with nothing to do cost GTK a few signal emissions.
@MainActor
final class FrameRecorder {
  private let clock: OpaquePointer
  private var handlers: [UInt] = []
  private var lastAfterPaint: gint64
  private var frameStart: gint64 = 0
  private var didWork = false
  private var gaps: [Int64] = []
  private var times: [Int64] = []
  private var finished = false

  /// Starts recording `window`'s frames; nil when it has no frame clock (not realized).
  init?(window: UnsafeMutablePointer<GtkWidget>) {
    guard let clock = gtk_widget_get_frame_clock(window) else { return nil }
    self.clock = clock
    lastAfterPaint = g_get_monotonic_time()
    gaps.reserveCapacity(1024)
    times.reserveCapacity(1024)
    handlers = [
      Signal.connect(raw(clock), "before-paint") { [weak self] in
        guard let self else { return }
        frameStart = g_get_monotonic_time()
        didWork = false
      },
      Signal.connect(raw(clock), "layout") { [weak self] in self?.didWork = true },
      Signal.connect(raw(clock), "paint") { [weak self] in self?.didWork = true },
      // After GTK's own handlers: the frame's work is done.
      Signal.connect(raw(clock), "after-paint", after: true) { [weak self] in self?.afterPaint() },
    ]
    gdk_frame_clock_begin_updating(clock)
  }

  private func afterPaint() {
    let now = g_get_monotonic_time()
    gaps.append(Int64(now - lastAfterPaint))
    lastAfterPaint = now
    if didWork, frameStart != 0 { times.append(Int64(now - frameStart)) }
    didWork = false
  }

  /// Stops and returns the gaps (the last one running until now, so a stall at the end
  /// counts) and the working frames' own times.
  func finish() -> (gaps: FrameHistogram, frames: FrameHistogram) {
    if !finished {
      finished = true
      gaps.append(Int64(g_get_monotonic_time() - lastAfterPaint))
      for handler in handlers { Signal.disconnect(raw(clock), handler) }
      gdk_frame_clock_end_updating(clock)
    }
    return (FrameHistogram(microseconds: gaps), FrameHistogram(microseconds: times))
  }

  /// `finish`'s two histograms as the probe's line writes them: the gaps' fields, then the
  /// frames'.
  func finishedFields() -> String {
    let (gaps, frames) = finish()
    return (gaps.fields + frames.fields).map { " \($0)" }.joined()
  }
}
