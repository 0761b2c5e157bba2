/// Turns a message body, always plain text, into safe Pango markup with clickable links.
///
/// The body is never interpreted as markup: every piece of it goes through `escape` (GLib's
/// `g_markup_escape_text` in the app; NatterCore builds no markup of its own), and the
/// characters GMarkup rejects or a C string cannot hold (NUL, U+FFFE, U+FFFF) become U+FFFD
/// first, so no body can break or style its label. Only http and https links become `<a href>`.
public enum BodyMarkup {
  /// The Pango markup for a label showing `body`, with `escape` escaping each piece of text.
  public static func pango(_ body: String, escape: (String) -> String) -> String {
    let scalars = Array(body.unicodeScalars)
    var out = ""
    var position = 0
    for link in links(in: scalars) {
      out += escape(displayable(scalars[position..<link.range.lowerBound]))
      let text = escape(displayable(scalars[link.range]))
      out += "<a href=\"\(text)\">\(text)</a>"
      position = link.range.upperBound
    }
    out += escape(displayable(scalars[position...]))
    return out
  }

  /// The http and https links in `body`, in order.
  public static func links(in body: String) -> [BodyLink] {
    links(in: Array(body.unicodeScalars))
  }

  private static let schemes: [[Unicode.Scalar]] = [
    Array("https://".unicodeScalars), Array("http://".unicodeScalars),
  ]

  private static func links(in scalars: [Unicode.Scalar]) -> [BodyLink] {
    var found: [BodyLink] = []
    var index = 0
    while index < scalars.count {
      guard scalars[index] == "h" || scalars[index] == "H",
        index == 0 || !isWordScalar(scalars[index - 1]),
        let scheme = schemes.first(where: { hasPrefix(scalars, at: index, $0) })
      else {
        index += 1
        continue
      }
      var end = index + scheme.count
      while end < scalars.count, isURLScalar(scalars[end]) { end += 1 }
      end = trimTrailing(scalars, from: index + scheme.count, to: end)
      if end > index + scheme.count {
        var url = String.UnicodeScalarView()
        url.append(contentsOf: scalars[index..<end])
        found.append(BodyLink(url: String(url), range: index..<end))
        index = end
      } else {
        index += scheme.count
      }
    }
    return found
  }

  private static func hasPrefix(
    _ scalars: [Unicode.Scalar], at index: Int, _ prefix: [Unicode.Scalar]
  ) -> Bool {
    guard index + prefix.count <= scalars.count else { return false }
    for (offset, scalar) in prefix.enumerated() {
      let candidate = scalars[index + offset].properties.lowercaseMapping
      if candidate != String(scalar) { return false }
    }
    return true
  }

  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_"
  }

  private static func isURLScalar(_ scalar: Unicode.Scalar) -> Bool {
    !(scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
      || scalar == "<" || scalar == ">" || scalar == "\"")
  }

  /// Drops trailing punctuation that ends a sentence, and closing brackets left unopened.
  private static func trimTrailing(
    _ scalars: [Unicode.Scalar], from start: Int, to end: Int
  ) -> Int {
    let pairs: [Unicode.Scalar: Unicode.Scalar] = [")": "(", "]": "[", "}": "{"]
    var balance: [Unicode.Scalar: Int] = [:]  // closers minus openers, per closer
    for scalar in scalars[start..<end] {
      if pairs[scalar] != nil { balance[scalar, default: 0] += 1 }
      if let closer = pairs.first(where: { $0.value == scalar })?.key {
        balance[closer, default: 0] -= 1
      }
    }
    var end = end
    while end > start {
      let last = scalars[end - 1]
      let category = last.properties.generalCategory
      if ".,;:!?'*".unicodeScalars.contains(last) || category == .finalPunctuation
        || category == .initialPunctuation
      {
        end -= 1
      } else if pairs[last] != nil, balance[last, default: 0] > 0 {
        balance[last, default: 0] -= 1
        end -= 1
      } else {
        break
      }
    }
    return end
  }

  /// The scalars as text for a label: control characters other than tab and line breaks,
  /// U+FFFE and U+FFFF become U+FFFD (a NUL would end the C string, the others show as boxes
  /// or are refused by GMarkup).
  private static func displayable(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var out = String.UnicodeScalarView()
    for scalar in scalars {
      switch scalar {
      case "\t", "\n", "\r": out.append(scalar)
      default:
        let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
        out.append(forbidden ? "\u{FFFD}" : scalar)
      }
    }
    return String(out)
  }
}
