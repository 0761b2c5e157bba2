/// One way a message breaks `MessageRules`; `reason` says it as a plain phrase.
public enum MessageViolation: Equatable, Sendable {
  case blankID
  case blankBody
  case bodyTooLong(characters: Int)
  case tooManyTags(count: Int)
  case invalidTag(String)
  case duplicateTag(String)

  /// A phrase that completes "Line 4: …", such as `the body is empty`.
  public var reason: String {
    switch self {
    case .blankID: return localized("the id is blank")
    case .blankBody: return localized("the body is blank")
    case .bodyTooLong(let characters):
      return localized(
        "the body has {count} characters, more than the limit of {limit}",
        [
          "count": ComposerController.grouped(characters),
          "limit": ComposerController.grouped(MessageRules.characterLimit),
        ])
    case .tooManyTags(let count):
      return localized(
        "it has {count} tags, more than the limit of {limit}",
        ["count": ComposerController.grouped(count), "limit": String(MessageRules.tagLimit)])
    case .invalidTag(let tag):
      return localized(
        "\"{tag}\" is not a tag (1–64 letters, digits or _ with at least one letter, without #)",
        ["tag": Self.shortened(tag)])
    case .duplicateTag(let tag):
      return localized("the tag \"{tag}\" appears twice", ["tag": tag])
    }
  }

  /// A tag of any length quoted in a sentence stays short.
  private static func shortened(_ tag: String) -> String {
    tag.unicodeScalars.count <= 70 ? tag : String(tag.unicodeScalars.prefix(70)) + "…"
  }
}
