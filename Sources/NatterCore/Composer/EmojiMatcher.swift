/// Which emoji a `:name` query offers, best first (SPEC §14).
///
/// An emoji matches when its name, a word of its name or one of its keywords starts with the
/// query (case-insensitively, `_` standing for a space). Those whose name starts with the query
/// come first, then shorter names, then table order (the user's language before English); an
/// emoji found in two languages is offered once, in the language that matched best.
public enum EmojiMatcher {
  /// The most completions offered at once.
  public static let limit = 8

  /// The completions for `query` (what follows the `:`), at most `limit`.
  public static func matches(
    _ query: String, in table: EmojiTable, limit: Int = EmojiMatcher.limit
  ) -> [EmojiEntry] {
    let folded = EmojiTable.fold(query)
    guard !folded.isEmpty else { return [] }
    var found: [(namePrefix: Bool, length: Int, index: Int, entry: EmojiEntry)] = []
    for (index, row) in table.rows.enumerated() {
      let namePrefix = row.name.hasPrefix(folded)
      guard
        namePrefix || row.words.contains(where: { $0.hasPrefix(folded) })
          || row.keywords.contains(where: { $0.hasPrefix(folded) })
      else { continue }
      found.append((namePrefix, row.name.count, index, row.entry))
    }
    // One row per emoji: the one whose name starts with the query, else the first (the
    // user's language comes first in the table).
    var best: [String: Int] = [:]
    for (position, match) in found.enumerated() {
      if let kept = best[match.entry.emoji], found[kept].namePrefix || !match.namePrefix {
        continue
      }
      best[match.entry.emoji] = position
    }
    let kept = best.values.map { found[$0] }.sorted {
      if $0.namePrefix != $1.namePrefix { return $0.namePrefix }
      if $0.length != $1.length { return $0.length < $1.length }
      return $0.index < $1.index
    }
    let result = kept.prefix(limit).map(\.entry)
    return Array(result)
  }
}
