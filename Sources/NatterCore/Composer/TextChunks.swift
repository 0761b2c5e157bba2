/// Splits a long text into pieces for inserting a bit at a time: GtkTextView lays out every
/// newly inserted line in the next frame, so a multi-megabyte paste inserted whole froze the
/// window for over a second. Pieces end after a newline where one is near, else on a Unicode
/// scalar boundary, and concatenate back to exactly the original.
public enum TextChunks {
  /// Bytes a paste inserts per main-loop turn: GtkTextView 4.8 shapes every newly inserted line
  /// in the next frame, so 5 MB inserted at once blocked the window for 1.7 s.
  public static let pasteBytes = 32 * 1024
  /// Bytes of a paste's first piece. Lines inserted into a fresh text view have no height until
  /// validated, so the first frame after them draws (and shapes) every one of them as if it were
  /// on screen: a first piece of 3,000 short lines painted for 120–150 ms. Later pieces follow
  /// laid-out text and cost only their validation.
  public static let firstPasteBytes = 2 * 1024

  /// `text` in pieces of at most `maxUTF8Bytes` bytes (a scalar longer than that stands alone),
  /// the first of at most `firstMaxUTF8Bytes` when given.
  public static func split(
    _ text: String, maxUTF8Bytes: Int, firstMaxUTF8Bytes: Int? = nil
  ) -> [Substring] {
    var text = text
    text.makeContiguousUTF8()
    // On the raw bytes: the generic UTF8View walk took 20–30 ms for 5 MB before every paste.
    let ends =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        pieceEnds(bytes, maxUTF8Bytes: maxUTF8Bytes, firstMaxUTF8Bytes: firstMaxUTF8Bytes)
      } ?? [text.utf8.count]
    let utf8 = text.utf8
    var pieces: [Substring] = []
    pieces.reserveCapacity(ends.count)
    var start = utf8.startIndex
    var startOffset = 0
    for end in ends {
      let endIndex = utf8.index(start, offsetBy: end - startOffset)
      pieces.append(text[start..<endIndex])
      start = endIndex
      startOffset = end
    }
    return pieces
  }

  /// The byte offsets where the pieces of `bytes` (UTF-8) end.
  private static func pieceEnds(
    _ bytes: UnsafeBufferPointer<UInt8>, maxUTF8Bytes: Int, firstMaxUTF8Bytes: Int?
  ) -> [Int] {
    var ends: [Int] = []
    var start = 0
    let count = bytes.count
    while start < count {
      let limit = max(4, ends.isEmpty ? firstMaxUTF8Bytes ?? maxUTF8Bytes : maxUTF8Bytes)
      guard start + limit < count else {
        ends.append(count)
        break
      }
      var end = start + limit
      // Back up to a scalar boundary: a UTF-8 continuation byte is 0b10xxxxxx.
      while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      if end == start {
        end = start + 1
        while end < count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      } else {
        // After the last newline in the piece's second half, when there is one.
        var newline = end - 1
        let earliest = start + limit / 2
        while newline >= earliest, bytes[newline] != UInt8(ascii: "\n") { newline -= 1 }
        if newline >= earliest { end = newline + 1 }
      }
      ends.append(end)
      start = end
    }
    return ends
  }
}
