/// The quick switcher's filter (Ctrl+K, SPEC §10): the conversations whose name contains the
/// typed letters in order, best matches first.
///
/// A match scores higher when it starts the name (after a `#`), when its letters start words,
/// and when they run together; ties keep the sidebar's order, so an empty query lists the
/// sidebar as it is.
public enum SwitcherFilter {
  /// The indices of `names` that match `query`, best first.
  public static func filter(_ names: [String], query: String) -> [Int] {
    let needle = Array(query.lowercased().filter { !$0.isWhitespace })
    guard !needle.isEmpty else { return Array(names.indices) }
    let scored = names.enumerated().compactMap { index, name in
      score(Array(name.lowercased()), needle).map { (index, $0) }
    }
    return scored.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.map(\.0)
  }

  /// How well `needle` matches `name` in order (higher is better), or nil.
  static func score(_ name: [Character], _ needle: [Character]) -> Int? {
    var score = 0
    var position = 0
    var previous = -2
    for letter in needle {
      guard let found = name[position...].firstIndex(of: letter) else { return nil }
      if found == previous + 1 { score += 3 }
      if found == 0 || (found == 1 && name[0] == "#") {
        score += 8
      } else if !name[found - 1].isLetter && !name[found - 1].isNumber {
        score += 4
      }
      previous = found
      position = found + 1
    }
    return score - (name.count - needle.count) / 8
  }
}
