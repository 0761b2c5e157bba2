/// Reads SQLite's record format (https://www.sqlite.org/fileformat2.html §2.1): a header of
/// varints, its own size first and then one serial type per column, and the columns' bytes.
///
/// The bytes come from a damaged file, so every length is checked before it is used; a record
/// that does not add up to exactly its payload is refused rather than half read.
enum RecordDecoder {
  /// The columns of `payload`, or nil when it is not a well-formed record.
  static func decode(_ payload: [UInt8]) -> [RecordValue]? {
    guard let (size, first) = Varint.read(payload, at: 0, end: payload.count),
      size >= UInt64(first), size <= UInt64(payload.count)
    else { return nil }
    let headerEnd = Int(size)
    var cursor = first
    var body = headerEnd
    var values: [RecordValue] = []
    while cursor < headerEnd {
      guard let (type, length) = Varint.read(payload, at: cursor, end: headerEnd),
        let width = contentSize(type), width <= UInt64(payload.count - body)
      else { return nil }
      cursor += length
      let end = body + Int(width)
      values.append(value(type, Array(payload[body..<end])))
      body = end
    }
    return body == payload.count ? values : nil
  }

  /// How many bytes a column of serial type `type` takes; nil for the reserved types 10, 11.
  static func contentSize(_ type: UInt64) -> UInt64? {
    switch type {
    case 0, 8, 9: 0
    case 1...4: type
    case 5: 6
    case 6, 7: 8
    case 10, 11: nil
    default: (type - (type % 2 == 0 ? 12 : 13)) / 2
    }
  }

  private static func value(_ type: UInt64, _ bytes: [UInt8]) -> RecordValue {
    switch type {
    case 0: return .null
    case 8: return .integer(0)
    case 9: return .integer(1)
    case 1...6: return .integer(signed(bytes))
    case 7:
      return .real(Double(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
    default: return type % 2 == 0 ? .blob(bytes) : .text(bytes)
    }
  }

  /// A big-endian two's-complement integer of one to eight bytes.
  private static func signed(_ bytes: [UInt8]) -> Int64 {
    guard !bytes.isEmpty, bytes.count <= 8 else { return 0 }
    let raw = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let unused = UInt64(64 - 8 * bytes.count)
    return Int64(bitPattern: raw << unused) >> unused
  }
}
