/// Which of the rows the list binds are filled with their message at once, and which wait to
/// be filled a few at a time between frames (issue 32).
///
/// GTK 4.8's list view keeps about 200 rows bound around its anchor, placed by how far down
/// the view is: near the newest messages nearly all of them above the view. Each Page Up
/// there bound 15 to 40 rows about 200 rows above what it shows, and the window of bound rows
/// moved back and forth by 10 to 30 rows from one press to the next, binding again rows it had
/// just given up. Filling those rows (reading, setting text, laying it out) took most of the
/// work of each press, in or just before the next frame, which then came late. A row bound
/// within `margin` rows of the rows on screen is filled at once; one farther waits: it is
/// filled between frames, nearest to the screen first, once it is within `ahead` rows of the
/// screen, or at once when a layout shows it (before that frame is painted). A row the list
/// gives up before then was never filled at all.
public struct RowFilling: Equatable {
  /// Rows this far above or below the ones on screen are filled at once.
  public let margin: Int
  /// Waiting rows this far above or below the ones on screen are filled between frames.
  public let ahead: Int
  /// The positions on screen at the last layout, nil before the first.
  public private(set) var shown: Range<Int>?
  /// Bound rows not filled yet, by position.
  public private(set) var waiting: Set<Int> = []

  public init(margin: Int = 0, ahead: Int = 40) {
    self.margin = max(0, margin)
    self.ahead = max(self.margin, ahead)
  }

  /// Whether any bound row waits to be filled.
  public var isWaiting: Bool { !waiting.isEmpty }

  /// Whether a waiting row is within `ahead` rows of the screen, for `next` to fill.
  public var isDue: Bool { waiting.contains { distance($0) <= ahead } }

  /// Whether the row at `position` is bound and not filled yet.
  public func waits(_ position: Int) -> Bool { waiting.contains(position) }

  /// A row was bound to `position`; returns whether it is to be filled now. Before any layout
  /// every row is.
  public mutating func bound(_ position: Int) -> Bool {
    guard let near = near, !near.contains(position) else {
      waiting.remove(position)
      return true
    }
    waiting.insert(position)
    return false
  }

  /// The row at `position` was unbound: it no longer waits.
  public mutating func unbound(_ position: Int) {
    waiting.remove(position)
  }

  /// A layout put the rows at `range` on screen. Returns the waiting rows now within the
  /// margin, nearest first, to fill before this frame is painted; they no longer wait.
  ///
  /// `again`: another layout of the same frame. Filling the rows the one before showed made
  /// them their own height, not the waiting rows' guess, and that brought more waiting rows
  /// on screen, a few fewer each layout. GDK lays a frame out four times at most; at the
  /// fifth it gives up, paints nothing and, with GTK 4.8's window left unallocated, never
  /// paints again: a flood into a new channel froze the window in 10 starts of 24.
  /// So a layout again also fills the waiting rows a screenful either side, and the next
  /// layout finds none on screen.
  public mutating func laidOut(showing range: Range<Int>, again: Bool = false) -> [Int] {
    shown = range
    guard let near else { return [] }
    let reach =
      again ? (near.lowerBound - range.count)..<(near.upperBound + range.count) : near
    return take(waiting.filter(reach.contains))
  }

  /// Up to `limit` waiting rows within `ahead` rows of the screen, nearest first; they no
  /// longer wait.
  public mutating func next(_ limit: Int) -> [Int] {
    take(waiting.filter { distance($0) <= ahead }.sorted(by: closer).prefix(max(0, limit)))
  }

  /// Every row is bound anew (the list's rows were replaced): nothing waits, and nothing is
  /// known to be on screen until the next layout.
  public mutating func reset() {
    waiting = []
    shown = nil
  }

  /// The rows filled at once: those on screen and `margin` more on each side.
  private var near: Range<Int>? {
    shown.map { ($0.lowerBound - margin)..<($0.upperBound + margin) }
  }

  /// How many rows `position` is from the ones on screen (0 on screen).
  private func distance(_ position: Int) -> Int {
    guard let shown else { return 0 }
    if position < shown.lowerBound { return shown.lowerBound - position }
    if position >= shown.upperBound { return position - shown.upperBound + 1 }
    return 0
  }

  /// Whether `a` is filled before `b`: nearer the screen, or as near and older (the list is
  /// paged up from the newest messages).
  private func closer(_ a: Int, _ b: Int) -> Bool {
    let (first, second) = (distance(a), distance(b))
    return first < second || (first == second && a < b)
  }

  private mutating func take(_ positions: some Collection<Int>) -> [Int] {
    let ordered = positions.sorted(by: closer)
    waiting.subtract(ordered)
    return ordered
  }
}
