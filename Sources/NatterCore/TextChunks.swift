/// Splits a long text into pieces for inserting a bit at a time: GtkTextView lays out every
/// newly inserted line in the next frame, so a multi-megabyte paste inserted whole froze the
/// window for over a second. Pieces end after a newline where one is near, else on a Unicode
/// scalar boundary, and concatenate back to exactly the original.
public enum TextChunks {
  /// `text` in pieces of at most `maxUTF8Bytes` bytes (a scalar longer than that stands alone).
  public static func split(_ text: String, maxUTF8Bytes: Int) -> [Substring] {
    let limit = max(4, maxUTF8Bytes)
    let utf8 = text.utf8
    var pieces: [Substring] = []
    var start = utf8.startIndex
    while start != utf8.endIndex {
      guard let hardEnd = utf8.index(start, offsetBy: limit, limitedBy: utf8.endIndex),
        hardEnd != utf8.endIndex
      else {
        pieces.append(text[start...])
        break
      }
      var end = hardEnd
      // Back up to a scalar boundary: a UTF-8 continuation byte is 0b10xxxxxx.
      while end > start, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
      if end == start {
        end = utf8.index(after: start)
        while end != utf8.endIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(after: end) }
      } else if let newline = utf8[start..<end].lastIndex(of: UInt8(ascii: "\n")),
        utf8.distance(from: start, to: newline) >= limit / 2
      {
        end = utf8.index(after: newline)
      }
      pieces.append(text[start..<end])
      start = end
    }
    return pieces
  }
}
