/// A `nick!user@host` mask with `*` (any run) and `?` (any one character) wildcards, as in
/// bans and ignores; everything else, `[` included, matches itself under the casemapping.
public struct IRCMask: Equatable, Sendable {
  public let pattern: String
  public let casemapping: IRCCasemapping

  public init(_ pattern: String, casemapping: IRCCasemapping = .rfc1459) {
    self.pattern = pattern
    self.casemapping = casemapping
  }

  /// Whether `name` matches the whole mask.
  public func matches(_ name: String) -> Bool {
    let mask = Array(casemapping.fold(pattern).unicodeScalars)
    let text = Array(casemapping.fold(name).unicodeScalars)
    // Greedy with one backtrack point, linear-ish and never recursive.
    var maskIndex = 0
    var textIndex = 0
    var star: Int?
    var starText = 0
    while textIndex < text.count {
      if maskIndex < mask.count, mask[maskIndex] == "*" {
        star = maskIndex
        maskIndex += 1
        starText = textIndex
      } else if maskIndex < mask.count, mask[maskIndex] == "?" || mask[maskIndex] == text[textIndex]
      {
        maskIndex += 1
        textIndex += 1
      } else if let star {
        maskIndex = star + 1
        starText += 1
        textIndex = starText
      } else {
        return false
      }
    }
    while maskIndex < mask.count, mask[maskIndex] == "*" { maskIndex += 1 }
    return maskIndex == mask.count
  }
}
