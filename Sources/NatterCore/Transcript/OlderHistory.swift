/// History on demand (SPEC §11): when the transcript asks for the messages before its oldest,
/// and where it keeps the view while they join the list above the rows on screen.
public enum OlderHistory {
  /// What the transcript is doing when the view moves.
  public struct Moment: Equatable, Sendable {
    /// The view's adjustment, or nil before the list has one.
    public var metrics: ScrollMetrics?
    /// Messages stored in the conversation.
    public var storedCount: Int
    /// Rows of stored messages that have not joined the list yet (they follow the first
    /// frame a few at a time).
    public var hiddenRows: Int
    /// Search results are shown instead of the conversation.
    public var showingResults: Bool
    /// Older messages that just arrived are being placed above the rows on screen.
    public var placingOlder: Bool

    public init(
      metrics: ScrollMetrics?, storedCount: Int, hiddenRows: Int, showingResults: Bool,
      placingOlder: Bool
    ) {
      self.metrics = metrics
      self.storedCount = storedCount
      self.hiddenRows = hiddenRows
      self.showingResults = showingResults
      self.placingOlder = placingOlder
    }
  }

  /// Whether the view is at the top of the stored history, so the page before is wanted.
  ///
  /// Not while results are shown, nor while older messages are being placed (the view's value
  /// then says top before it has followed their height), nor while stored rows still wait to
  /// join the list: the top of the first frame's rows is not the top of the history, and the
  /// stored messages come before the server's.
  public static func isWanted(_ moment: Moment) -> Bool {
    guard !moment.showingResults, !moment.placingOlder, moment.storedCount > 0,
      moment.hiddenRows == 0, let metrics = moment.metrics
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

    /// The value that keeps the old rows where they were, for the list as it is `now`.
    public func keptValue(now: ScrollMetrics) -> Double {
      before.value + (now.upper - before.upper)
    }

    /// One frame, given the list as its last layout left it: the value to move the view to,
    /// or nil where it already is.
    public mutating func frame(now: ScrollMetrics) -> Double? {
      guard !isDone else { return nil }
      framesLeft -= 1
      let wanted = keptValue(now: now)
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
