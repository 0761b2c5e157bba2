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
}
