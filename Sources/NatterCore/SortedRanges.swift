extension Array {
  /// Whether `value` lies in one of these ranges, which are sorted and do not overlap: a
  /// binary search.
  public func rangesContain<Bound: Comparable>(_ value: Bound) -> Bool
  where Element == ClosedRange<Bound> {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if self[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < count && self[low].contains(value)
  }
}
