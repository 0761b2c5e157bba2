import CGtk
import GtkKit
import NatterCore

/// Every frame of one window's frame clock over a benchmark scenario (issue 32): the gap
/// between consecutive frames' starts (`before-paint`); for each frame that laid out or drew
/// something, its own time from `before-paint` to `after-paint`; and for every frame, how
/// long after the previous frame's start it was done ("ready").
///
/// GTK runs a frame only when something asked for one, so an idle window's gaps say nothing
/// and a scenario whose input comes every 30 ms would show 30 ms gaps that are no missed
/// frames. The recorder therefore keeps the clock ticking (`gdk_frame_clock_begin_updating`, as
/// an animation does) while it records: a gap is then the time until the window could next
/// have started a frame, whatever was pending. Gaps run from start to start, not from one
/// frame's end to the next: the clock schedules each frame a period after the last one's
/// start, so an end-to-end gap also holds the difference between two frames' own times (a
/// frame of 8 ms after one of 1 ms made a 24 ms gap of a frame that was on time).
///
/// Ready is what a screen with vertical sync asks of a frame: the clock starts each frame at
/// a refresh, and the frame is shown at the next one if it is done by then. A frame that
/// starts late by the main loop's work and then takes its own time is shown on time as long
/// as both fit one period, so it is done within two periods of the previous frame's start
/// (33 ms at 60 Hz); one done later is a frame missed. Ticks with nothing to do cost GTK a
/// few signal emissions.
@MainActor
final class FrameRecorder {
  private let clock: OpaquePointer
  private var handlers: [UInt] = []
  private var lastStart: gint64
  /// The start of the frame before the one in progress (the recording's start at first).
  private var previousStart: gint64
  private var frameStart: gint64 = 0
  private var didWork = false
  private var gaps: [Int64] = []
  private var times: [Int64] = []
  private var ready: [Int64] = []
  private var finished = false

  /// Starts recording `window`'s frames; nil when it has no frame clock (not realized).
  init?(window: UnsafeMutablePointer<GtkWidget>) {
    guard let clock = gtk_widget_get_frame_clock(window) else { return nil }
    // Held until `stop` (from `finish`, which a timer calls, or `deinit`): a window closed
    // meanwhile lets go of its clock.
    g_object_ref(raw(clock))
    self.clock = clock
    lastStart = g_get_monotonic_time()
    previousStart = lastStart
    gaps.reserveCapacity(1024)
    times.reserveCapacity(1024)
    ready.reserveCapacity(1024)
    handlers = [
      Signal.connect(raw(clock), "before-paint") { [weak self] in
        guard let self else { return }
        let now = g_get_monotonic_time()
        gaps.append(Int64(now - lastStart))
        previousStart = lastStart
        lastStart = now
        frameStart = now
        didWork = false
      },
      Signal.connect(raw(clock), "layout") { [weak self] in self?.didWork = true },
      Signal.connect(raw(clock), "paint") { [weak self] in self?.didWork = true },
      // After GTK's own handlers: the frame's work is done.
      Signal.connect(raw(clock), "after-paint", after: true) { [weak self] in self?.afterPaint() },
    ]
    gdk_frame_clock_begin_updating(clock)
  }

  isolated deinit { stop() }

  private func stop() {
    guard !finished else { return }
    finished = true
    gaps.append(Int64(g_get_monotonic_time() - lastStart))
    for handler in handlers { Signal.disconnectIfConnected(raw(clock), handler) }
    gdk_frame_clock_end_updating(clock)
    g_object_unref(raw(clock))
  }

  private func afterPaint() {
    let now = g_get_monotonic_time()
    if didWork, frameStart != 0 { times.append(Int64(now - frameStart)) }
    ready.append(Int64(now - previousStart))
    didWork = false
  }

  /// Stops and returns the gaps (the last one running from the last frame's start until now,
  /// so a stall at the end counts), the working frames' own times and every frame's ready
  /// time.
  func finish() -> (gaps: FrameHistogram, frames: FrameHistogram, ready: FrameHistogram) {
    stop()
    return (
      FrameHistogram(microseconds: gaps), FrameHistogram(microseconds: times),
      FrameHistogram(microseconds: ready)
    )
  }

  /// `finish`'s histograms as the probe's line writes them: the gaps' fields, the frames',
  /// then the ready times'.
  func finishedFields() -> String {
    let (gaps, frames, ready) = finish()
    return (gaps.fields + frames.fields + ready.fields).map { " \($0)" }.joined()
  }
}
