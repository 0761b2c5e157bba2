/// Why a line from the server is not an IRC message; such a line is logged and skipped.
public enum IRCParseError: Error, Equatable, Sendable {
  /// Nothing but spaces.
  case empty
  /// Tags and nothing after them.
  case onlyTags
  /// A source with no command after it.
  case missingCommand
  /// A command that is not letters and digits (such as `@x` after leading spaces).
  case invalidCommand
  /// The tags take more than `IRCMessage.maxTagBytes` bytes.
  case tagsTooLong(bytes: Int)
  /// The part after the tags takes more than `IRCMessage.maxBodyBytes` bytes.
  case tooLong(bytes: Int)
}
