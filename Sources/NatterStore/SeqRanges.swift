import NatterCore

/// A set of seq values kept as sorted ranges: the page pass delivers seqs in ascending order,
/// mostly consecutive, so a million of them take a handful of ranges.
struct SeqRanges {
  private var ranges: [ClosedRange<Int64>] = []

  mutating func insert(_ seq: Int64) {
    guard let last = ranges.last, seq >= last.lowerBound else {
      if !contains(seq) {
        let index = ranges.firstIndex { $0.lowerBound > seq } ?? ranges.endIndex
        ranges.insert(seq...seq, at: index)
      }
      return
    }
    if last.contains(seq) { return }
    if last.upperBound < Int64.max, seq == last.upperBound + 1 {
      ranges[ranges.count - 1] = last.lowerBound...seq
    } else {
      ranges.append(seq...seq)
    }
  }

  func contains(_ seq: Int64) -> Bool { ranges.rangesContain(seq) }
}
