/// SQLite's variable-length integer (https://www.sqlite.org/fileformat2.html §1.6): one to
/// nine bytes, big-endian, seven bits a byte with the high bit saying another follows, and all
/// eight bits of a ninth byte.
enum Varint {
  /// The value at `offset` and how many bytes it takes, or nil when it would run past `end`
  /// (or past the bytes).
  static func read(_ bytes: [UInt8], at offset: Int, end: Int) -> (value: UInt64, length: Int)? {
    let limit = min(end, bytes.count)
    guard offset >= 0 else { return nil }
    var value: UInt64 = 0
    for length in 1...9 {
      let index = offset + length - 1
      guard index < limit else { return nil }
      let byte = bytes[index]
      if length == 9 { return (value << 8 | UInt64(byte), 9) }
      value = value << 7 | UInt64(byte & 0x7F)
      if byte & 0x80 == 0 { return (value, length) }
    }
    return nil
  }
}
