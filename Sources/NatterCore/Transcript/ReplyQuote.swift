/// How a reply names its parent (SPEC §13): the composer's bar (`Replying to bob: …`) and the
/// one-line quote above a reply's body (`↳ bob: …`).
public enum ReplyQuote {
  /// The most characters of the parent's first line kept; the label ellipsizes the rest.
  public static let maxQuoted = 200

  /// The parent's first non-empty line, trimmed, at most `maxQuoted` characters.
  /// Reads at most `maxQuoted` characters past the leading blank lines, so a row quoting a
  /// 100,000-character parent costs what quoting a short one does.
  public static func firstLine(of message: Message) -> String {
    let body = MessageDisplay.body(of: message)
    guard let start = body.firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let head = body[start...].prefix(maxQuoted + 1)
    let line = head.prefix { !$0.isNewline }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    let cut = line.count > maxQuoted
    return cut ? String(trimmed.prefix(maxQuoted)) + "…" : trimmed
  }

  /// The composer's reply bar: `Replying to bob: first line`.
  public static func bar(for parent: Message) -> String {
    localized(
      "Replying to {sender}: {text}", ["sender": parent.sender, "text": firstLine(of: parent)])
  }

  /// The quote above a reply's body: `↳ bob: first line`, or `↳ Message not loaded` when
  /// the parent is not known here (not stored, or its history not fetched).
  public static func quote(of parent: Message?) -> String {
    guard let parent else { return "↳ " + notLoaded }
    return "↳ \(parent.sender): \(firstLine(of: parent))"
  }

  /// Said where the parent of a reply is unknown.
  public static var notLoaded: String { localized("Message not loaded") }
}
