/// The quick switcher's filter (Ctrl+K, SPEC §10): the conversations whose name contains the
/// typed letters in order, best matches first.
///
/// A match scores higher when it starts the name (after a `#`), when its letters start words,
/// and when they run together; ties keep the sidebar's order, so an empty query lists the
/// sidebar as it is.
public enum SwitcherFilter {
  /// The indices of `names` that match `query`, best first.
  public static func filter(_ names: [String], query: String) -> [Int] {
    filter(names.map { ($0, "") }, query: query)
  }

  /// The indices of `conversations` that match `query`, best first. With several words, the
  /// last matches the conversation's name and the ones before it its network's (`lib gtk`
  /// finds `#gtk` on Libera.Chat, SPEC §11); the whole query may also match the name alone.
  public static func filter(_ conversations: [(name: String, network: String)], query: String)
    -> [Int]
  {
    let words = query.lowercased().split(whereSeparator: \.isWhitespace)
    let needle = Array(words.joined())
    guard !needle.isEmpty else { return Array(conversations.indices) }
    let networkNeedle = Array(words.dropLast().joined())
    let nameNeedle = Array(words.last ?? "")
    let scored = conversations.enumerated().compactMap { index, conversation in
      let name = Array(conversation.name.lowercased())
      let alone = score(name, needle)
      var split: Int?
      if !networkNeedle.isEmpty,
        let network = score(Array(conversation.network.lowercased()), networkNeedle),
        let named = score(name, nameNeedle)
      {
        split = network + named
      }
      return [alone, split].compactMap { $0 }.max().map { (index, $0) }
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
