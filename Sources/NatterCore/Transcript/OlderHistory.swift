/// History on demand (SPEC §11): when the transcript asks for the messages before its oldest,
/// and where it keeps the view while they join the list above the rows on screen.
public enum OlderHistory {
  /// Whether the view (`metrics`, nil before the list has one) is at the top of the
  /// `storedCount` stored messages, so the page before is wanted.
  ///
  /// Not while search results are shown, nor while older messages are being placed (the
  /// view's value then says top before it has followed their height), nor while stored rows
  /// still wait to join the list (`hiddenRows`): the top of the first frame's rows is not the
  /// top of the history, and the stored messages come before the server's.
  public static func isWanted(
    at metrics: ScrollMetrics?, storedCount: Int, hiddenRows: Int, showingResults: Bool,
    placingOlder: Bool
  ) -> Bool {
    guard !showingResults, !placingOlder, storedCount > 0, hiddenRows == 0, let metrics
    else { return false }
    return metrics.value <= 0.5
  }

  /// Keeps the rows on screen in place while older rows join above them: the list grows by
  /// their height and the view moves down by as much. GTK measures rows over a few frames, so
  /// each frame follows the growth until it has held still for two frames, for at most twelve.
  public struct Placement: Equatable, Sendable {
    private let before: ScrollMetrics
    private var framesLeft = 12
    private var settled = 0
    /// Placed, or given up on after twelve frames: the frames need not look any more.
    public private(set) var isDone = false

    /// `before` is the view as it was when the older messages arrived.
    public init(before: ScrollMetrics) { self.before = before }

    /// One frame, given the list as its last layout left it: the value to move the view to,
    /// or nil where it already is.
    public mutating func frame(now: ScrollMetrics) -> Double? {
      guard !isDone else { return nil }
      framesLeft -= 1
      // The old rows where they were: the view moves down by what the list grew.
      let wanted = before.value + (now.upper - before.upper)
      let move: Double?
      if abs(now.value - wanted) > 0.5 {
        settled = 0
        move = wanted
      } else {
        settled += 1
        move = nil
      }
      isDone = settled >= 2 || framesLeft <= 0
      return move
    }
  }
}
