/// One PRIVMSG of a `draft/multiline` batch (`IRCMultilinePlan`).
enum IRCMultilinePiece: Equatable, Sendable {
  /// A line of its own (blank lines too).
  case line(String)
  /// The rest of the line before, too long for one PRIVMSG (`draft/multiline-concat`).
  case concat(String)

  var text: String {
    switch self {
    case .line(let text), .concat(let text): text
    }
  }
}
