/// A GtkAdjustment's state: the scrolled `value`, the visible `pageSize` and the total `upper`.
public struct ScrollMetrics: Equatable, Sendable {
  public var value: Double
  public var pageSize: Double
  public var upper: Double

  public init(value: Double, pageSize: Double, upper: Double) {
    self.value = value
    self.pageSize = pageSize
    self.upper = upper
  }
}
