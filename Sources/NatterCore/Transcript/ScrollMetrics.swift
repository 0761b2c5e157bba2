/// A GtkAdjustment's state: the scrolled `value`, the visible `pageSize` and the total `upper`.
public struct ScrollMetrics: Equatable, Sendable {
  /// The adjustment's value: the top of the visible page.
  public var value: Double
  /// The visible height.
  public var pageSize: Double
  /// The total content height.
  public var upper: Double

  /// Metrics read from a GtkAdjustment.
  public init(value: Double, pageSize: Double, upper: Double) {
    self.value = value
    self.pageSize = pageSize
    self.upper = upper
  }

  /// How much of a page Page Up/Down moves: a line or so of the old page stays in view, so
  /// the reader keeps their place.
  public static let pageStep = 0.9

  /// The value Page Up or Page Down moves to, kept within the content; nil for other actions.
  public func pageTarget(for action: KeyAction) -> Double? {
    let bottom = upper - pageSize
    switch action {
    case .scrollPageUp: return max(0, value - pageSize * Self.pageStep)
    case .scrollPageDown: return max(0, min(bottom, value + pageSize * Self.pageStep))
    default: return nil
    }
  }
}
