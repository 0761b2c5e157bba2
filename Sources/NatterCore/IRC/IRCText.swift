/// The text rules of SPEC §9: decoding, mIRC formatting, CTCP and mentions.
public enum IRCText {
  /// Decodes one received line: UTF-8, or Windows-1252 when it is not valid UTF-8, as desktop
  /// IRC clients do.
  public static func decode(_ bytes: some Collection<UInt8>) -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      if byte >= 0x80, byte < 0xA0 {
        let value = windows1252[Int(byte - 0x80)]
        scalars.append(Unicode.Scalar(value) ?? Unicode.Scalar(byte))
      } else {
        scalars.append(Unicode.Scalar(byte))
      }
    }
    return String(scalars)
  }

  /// Windows-1252's 0x80–0x9F; the five unassigned bytes stay C1 controls (as WHATWG does).
  private static let windows1252: [UInt16] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
  ]

  /// The text as shown: mIRC bold, italic, underline, strike, monospace, reverse and reset
  /// removed, colours `\x03NN,NN` and `\x04RRGGBB,RRGGBB` removed with their arguments, and
  /// every other control character removed too (a tab becomes a space).
  public static func stripFormatting(_ text: String) -> String {
    IRCFormatting(parsing: text).text
  }

  /// The CTCP command and argument of a body wrapped in `\x01`, or nil for ordinary text.
  public static func ctcp(_ body: String) -> (command: String, argument: String)? {
    guard body.unicodeScalars.first == "\u{1}" else { return nil }
    var inner = body.unicodeScalars.dropFirst()
    if inner.last == "\u{1}" { inner = inner.dropLast() }
    let text = String(String.UnicodeScalarView(inner))
    guard let space = text.firstIndex(of: " ") else { return (text.uppercased(), "") }
    return (text[..<space].uppercased(), String(text[text.index(after: space)...]))
  }

  /// The body of a CTCP ACTION (`/me text`).
  public static func action(_ text: String) -> String { "\u{1}ACTION " + text + "\u{1}" }

  /// The bytes `action(_:)` adds around its text.
  static let actionOverhead = 9

  /// Whether `text` mentions `nick` as a whole word, compared under the server's casemapping.
  public static func mentions(_ nick: String, in text: String, casemapping: IRCCasemapping)
    -> Bool
  {
    let needle = Array(casemapping.fold(nick).utf8)
    let haystack = Array(casemapping.fold(text).utf8)
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    var start = 0
    while start + needle.count <= haystack.count {
      if haystack[start] == needle[0], Array(haystack[start..<start + needle.count]) == needle {
        let before = start == 0 || !isNickByte(haystack[start - 1])
        let end = start + needle.count
        let after = end == haystack.count || !isNickByte(haystack[end])
        if before && after { return true }
      }
      start += 1
    }
    return false
  }

  /// A byte that may continue a nickname; other bytes are word boundaries. Non-ASCII counts as
  /// part of a word, so `alicé` does not mention `alic`.
  private static func isNickByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...0xFF:
      return true
    default:
      return "[]\\`_^{|}-".utf8.contains(byte)
    }
  }
}
