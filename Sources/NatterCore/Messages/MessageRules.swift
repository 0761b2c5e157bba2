/// What a valid message is, in one place: the composer's limits and the tag grammar, also
/// applied to every imported message (SPEC §2, §3, issue 13).
///
/// The composer keeps running counts instead of calling `violations` on every keystroke, but
/// with these same constants and `TextTally`'s idea of blank; a test feeds both the same texts.
public enum MessageRules {
  /// The most Unicode scalars a body may have.
  public static let characterLimit = 100_000
  /// The most tags a message may carry.
  public static let tagLimit = 20

  /// Everything wrong with a message, in the order of its fields; empty when it is valid.
  ///
  /// `tags` are spellings without `#`; a valid one is exactly what the composer would make a
  /// chip of, and two that are the same tag (case, normalisation) are a duplicate.
  public static func violations(id: String, body: String, tags: [String]) -> [MessageViolation] {
    var found: [MessageViolation] = []
    if isBlank(id) { found.append(.blankID) }
    let tally = TextTally(body)
    if tally.visible == 0 { found.append(.blankBody) }
    if tally.scalars > characterLimit { found.append(.bodyTooLong(characters: tally.scalars)) }
    if tags.count > tagLimit {
      // Listing thousands of tags would bury the sentence; the count says enough.
      found.append(.tooManyTags(count: tags.count))
      return found
    }
    var seen = Set<Hashtag>()
    for tag in tags {
      guard let spelling = HashtagScanner.validTag(tag) else {
        found.append(.invalidTag(tag))
        continue
      }
      if !seen.insert(Hashtag(spelling)).inserted { found.append(.duplicateTag(spelling)) }
    }
    return found
  }

  /// Whether `text` has nothing but whitespace and newlines.
  public static func isBlank(_ text: String) -> Bool {
    !text.unicodeScalars.contains { !TextTally.isBlank($0) }
  }
}
