/// A piece of message text: plain text, or an http/https link to make clickable.
public enum TextSegment: Equatable, Sendable {
  case text(String)
  case link(String)
}
