/// The emoji a `:name` completion chooses from, folded once for matching.
///
/// The view reads GTK's emoji data into entries (the user's language first, then English),
/// once, on first need; the table never changes after that.
public struct EmojiTable: Equatable, Sendable {
  struct Row: Equatable, Sendable {
    let entry: EmojiEntry
    let name: String
    let words: [String]
    let keywords: [String]
  }

  let rows: [Row]

  /// A table of `entries`, in the order they rank when all else is equal.
  public init(_ entries: [EmojiEntry]) {
    rows = entries.map { entry in
      let name = Self.fold(entry.name)
      return Row(
        entry: entry, name: name,
        words: name.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init),
        keywords: entry.keywords.map(Self.fold))
    }
  }

  /// An empty table: GTK's data could not be read.
  public static let empty = EmojiTable([])

  /// How many emoji the table holds.
  public var count: Int { rows.count }

  /// How names, keywords and what is typed are compared: case-insensitively, `_` as a space
  /// (`:thumbs_up`).
  static func fold(_ text: String) -> String {
    String(text.lowercased().map { $0 == "_" ? " " : $0 })
  }
}
