/// How long a slice of main-loop work may run, given the window's frames: the rule behind
/// `FrameBudget`, on plain microsecond times so it can be tested without a clock.
///
/// The first slice after a frame gets the time left before the next frame is due, and at least
/// half an interval (when frames take most of one on a loaded machine, slices sized to what
/// was left got through a few lines each, and a burst took four times as long). A further
/// slice before that frame gets only what is still left: the half interval it was also given
/// delayed the frame that fell due meanwhile, which is how a burst of 10,000 lines still missed
/// a frame in three (issue 32). When nothing is left it waits for the frame, unless that frame
/// is so late that none is coming (a hidden window, or nothing to draw).
struct FrameSlices: Equatable {
  /// Kept free before the frame is due: the main loop's own turn, and a slice that costs more
  /// than its lines were expected to (a slice that ended 0.3 ms after the frame was due
  /// delayed it 7 ms on GDK's timer; with 1.5 ms kept, a burst missed a frame in seven).
  static let marginMicroseconds = 3_000
  /// A slice shorter than this is not worth starting before the frame.
  static let shortestMicroseconds = 2_000
  static let minimumShare = 0.5

  var intervalMicroseconds = 16_667
  /// The last frame's start and length; 0 until the window has drawn one.
  private(set) var frameStart = 0
  private(set) var frameLength = 0
  /// Whether a slice has begun since the last frame.
  private var sliceSinceFrame = false

  /// What the first slice after a frame gets at least.
  var shareMicroseconds: Int { Int(Double(intervalMicroseconds) * Self.minimumShare) }

  /// A frame was painted.
  mutating func painted(start: Int, length: Int, interval: Int?) {
    frameStart = start
    frameLength = length
    if let interval, interval > 0 { intervalMicroseconds = interval }
    sliceSinceFrame = false
  }

  /// Microseconds a slice starting at `now` may take, at most `limit`; 0 when it should wait
  /// for the frame that is due.
  mutating func sliceStarting(at now: Int, limit: Int) -> Int {
    // Until the window has drawn a frame there is no frame to keep on time.
    guard frameStart > 0 else { return limit }
    let first = !sliceSinceFrame
    sliceSinceFrame = true
    let due = frameStart + intervalMicroseconds
    let untilDue = due - now - Self.marginMicroseconds
    let share = shareMicroseconds
    if first, untilDue > 0 { return min(limit, max(share, untilDue)) }
    if !first, untilDue >= Self.shortestMicroseconds { return min(limit, untilDue) }
    // The frame is due: a first slice takes its share, not what an idle window leaves (after
    // a 1 ms frame that was 12.7 ms, which pushed the frame due after it past two intervals
    // in a burst, issue 32); a later one waits for the frame.
    if now < due + intervalMicroseconds / 2 { return first ? min(limit, share) : 0 }
    // Past a late frame's time by half an interval, no frame is coming: the window is idle,
    // and what this slice changes is drawn right after it.
    let idle = intervalMicroseconds - frameLength - Self.marginMicroseconds
    return min(limit, max(share, idle))
  }
}
