/// The languages each conversation chose for itself, and their file's text (SPEC §14).
///
/// One line per conversation: its tags, a tab, then its URL to the end of the line (a URL
/// can hold `#`, `=`, `[` and `;`, never a line break or a tab), so the file needs no escaping.
/// A conversation without a line uses the Preferences' languages.
public struct SpellingChoices: Equatable, Sendable {
  /// Conversation URL → its languages.
  public private(set) var languages: [String: [String]] = [:]

  public init() {}

  /// Reads the file's text; lines it does not understand are skipped.
  public init(fileText text: String) {
    for line in text.split(separator: "\n") {
      guard let tab = line.firstIndex(of: "\t") else { continue }
      let url = String(line[line.index(after: tab)...])
      let tags = SpellingLanguages.parse(line[..<tab])
      if !url.isEmpty, !tags.isEmpty { languages[url] = tags }
    }
  }

  /// The file's text, in a stable order.
  public var fileText: String {
    languages.keys.sorted().map { "\(languages[$0]?.joined(separator: ",") ?? "")\t\($0)\n" }
      .joined()
  }

  /// The languages for `conversation`: its own choice, else `defaults`.
  public func languages(for conversation: String?, defaults: [String]) -> [String] {
    conversation.flatMap { languages[$0] } ?? defaults
  }

  /// Turns `tag` on or off for `conversation`, starting from what it uses now. A choice that
  /// comes back to `defaults` is no choice of its own: Preferences' changes reach it again.
  public mutating func turn(
    _ tag: String, on: Bool, for conversation: String, defaults: [String]
  ) {
    let now = languages(for: conversation, defaults: defaults)
    let chosen = SpellingLanguages.turning(tag, on: on, in: now)
    choose(Set(chosen) == Set(defaults) ? nil : chosen, for: conversation)
  }

  /// Whether `conversation` chose its own languages.
  public func hasOwnChoice(for conversation: String) -> Bool { languages[conversation] != nil }

  /// Makes `tags` the conversation's own choice; nil (or empty) goes back to the defaults.
  public mutating func choose(_ tags: [String]?, for conversation: String) {
    if let tags, !tags.isEmpty {
      languages[conversation] = tags
    } else {
      languages[conversation] = nil
    }
  }
}

/// The user's own words (`Add to dictionary`), kept one per line in Natter's data folder.
public enum PersonalWords {
  /// The words in the file's text, without blanks.
  public static func parse(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
  }

  /// Whether `word` can be added: one word, no white space.
  public static func isAddable(_ word: String) -> Bool {
    !word.isEmpty && !word.unicodeScalars.contains { $0.properties.isWhitespace }
  }
}
