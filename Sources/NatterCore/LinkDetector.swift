/// Finds http and https URLs in message text, so the view can make them clickable.
///
/// A link starts with `http://` or `https://` (any case) at the start of the text or after a
/// character that is not a letter or digit, and runs to whitespace or one of `<>"`. Trailing
/// sentence punctuation is not part of it, nor is a closing bracket without its opening one,
/// so `(see https://a.org/x).` links `https://a.org/x`.
public enum LinkDetector {
  /// The text cut into plain and link segments, in order; joined they give `text` back.
  public static func segments(in text: String) -> [TextSegment] {
    guard text.range(of: "http", options: .caseInsensitive) != nil else {
      return text.isEmpty ? [] : [.text(text)]
    }
    let scalars = Array(text.unicodeScalars)
    var segments: [TextSegment] = []
    var plainStart = 0
    var index = 0
    while index < scalars.count {
      guard startsLink(scalars, at: index), let end = linkEnd(scalars, from: index) else {
        index += 1
        continue
      }
      if plainStart < index { segments.append(.text(string(scalars[plainStart..<index]))) }
      segments.append(.link(string(scalars[index..<end])))
      index = end
      plainStart = end
    }
    if plainStart < scalars.count { segments.append(.text(string(scalars[plainStart...]))) }
    return segments
  }

  /// Just the links, in order.
  public static func links(in text: String) -> [String] {
    segments(in: text).compactMap {
      if case .link(let url) = $0 { return url }
      return nil
    }
  }

  private static let schemes: [[Unicode.Scalar]] = ["https://", "http://"].map {
    Array($0.unicodeScalars)
  }

  private static func startsLink(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    let first = scalars[index]
    guard first == "h" || first == "H" else { return false }
    if index > 0 {
      let before = scalars[index - 1].properties
      if before.isAlphabetic || before.numericType != nil { return false }
    }
    return true
  }

  /// The end (exclusive) of a link starting at `start`, or nil when there is none.
  private static func linkEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
    guard let scheme = schemes.first(where: { hasPrefix(scalars, $0, at: start) }) else {
      return nil
    }
    let rest = start + scheme.count
    var end = rest
    while end < scalars.count, !stops(scalars[end]) { end += 1 }
    while end > rest, trailingExcluded(scalars, rest..<end) { end -= 1 }
    return end > rest ? end : nil
  }

  private static func hasPrefix(
    _ scalars: [Unicode.Scalar], _ prefix: [Unicode.Scalar], at start: Int
  ) -> Bool {
    guard start + prefix.count <= scalars.count else { return false }
    for (offset, expected) in prefix.enumerated() {
      let scalar = scalars[start + offset]
      let lowered =
        scalar.value < 128 && scalar.properties.isUppercase ? scalar.value + 32 : scalar.value
      if lowered != expected.value { return false }
    }
    return true
  }

  private static func stops(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "<" || scalar == ">" || scalar == "\""
      || scalar.properties.generalCategory == .control
  }

  /// Whether the last scalar of `range` is punctuation that ends a sentence rather than the URL.
  private static func trailingExcluded(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
    let last = scalars[range.upperBound - 1]
    switch last {
    case ".", ",", ";", ":", "!", "?", "'", "*":
      return true
    case ")": return unbalanced(scalars[range], open: "(", close: ")")
    case "]": return unbalanced(scalars[range], open: "[", close: "]")
    case "}": return unbalanced(scalars[range], open: "{", close: "}")
    default: return false
    }
  }

  private static func unbalanced(
    _ scalars: ArraySlice<Unicode.Scalar>, open: Unicode.Scalar, close: Unicode.Scalar
  ) -> Bool {
    scalars.filter { $0 == close }.count > scalars.filter { $0 == open }.count
  }

  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
