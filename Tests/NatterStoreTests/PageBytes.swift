@testable import NatterStore

/// Builds SQLite file-format bytes by hand for the page reader's tests: varints, records and
/// b-tree leaf pages laid out as SQLite lays them out.
enum PageBytes {
  /// `value` as an SQLite varint.
  static func varint(_ value: UInt64) -> [UInt8] {
    if value > 0x00FF_FFFF_FFFF_FFFF {
      var high = value >> 8
      var groups: [UInt8] = []
      for _ in 0..<8 {
        groups.insert(UInt8(high & 0x7F) | 0x80, at: 0)
        high >>= 7
      }
      return groups + [UInt8(value & 0xFF)]
    }
    var groups: [UInt8] = []
    var rest = value
    repeat {
      groups.insert(UInt8(rest & 0x7F) | (groups.isEmpty ? 0 : 0x80), at: 0)
      rest >>= 7
    } while rest > 0
    return groups
  }

  /// A record of `values`: integers as 8 bytes, text as UTF-8.
  static func record(_ values: [RecordValue]) -> [UInt8] {
    var types: [UInt8] = []
    var body: [UInt8] = []
    for value in values {
      switch value {
      case .null: types += varint(0)
      case .integer(let n):
        types += varint(6)
        body += (0..<8).reversed().map {
          UInt8(truncatingIfNeeded: UInt64(bitPattern: n) >> ($0 * 8))
        }
      case .real(let x):
        types += varint(7)
        body += (0..<8).reversed().map { UInt8(truncatingIfNeeded: x.bitPattern >> ($0 * 8)) }
      case .text(let bytes):
        types += varint(UInt64(bytes.count * 2 + 13))
        body += bytes
      case .blob(let bytes):
        types += varint(UInt64(bytes.count * 2 + 12))
        body += bytes
      }
    }
    let size = types.count + 1 < 128 ? types.count + 1 : types.count + 2
    return varint(UInt64(size)) + types + body
  }

  static func text(_ string: String) -> RecordValue { .text(Array(string.utf8)) }

  /// A table leaf cell: the payload's size, the rowid and the payload (all of it local).
  static func tableCell(rowid: Int64, payload: [UInt8]) -> [UInt8] {
    varint(UInt64(payload.count)) + varint(UInt64(bitPattern: rowid)) + payload
  }

  /// A leaf page of `size` bytes holding `cells`, packed at the page's end.
  static func leafPage(_ cells: [[UInt8]], size: Int = 512, kind: UInt8 = 0x0D) -> [UInt8] {
    var page = [UInt8](repeating: 0, count: size)
    page[0] = kind
    var end = size
    for (index, cell) in cells.enumerated() {
      end -= cell.count
      page.replaceSubrange(end..<(end + cell.count), with: cell)
      page[8 + 2 * index] = UInt8(end >> 8)
      page[9 + 2 * index] = UInt8(end & 0xFF)
    }
    page[3] = UInt8(cells.count >> 8)
    page[4] = UInt8(cells.count & 0xFF)
    page[5] = UInt8(end >> 8)
    page[6] = UInt8(end & 0xFF)
    return page
  }

  /// A record of the `messages` table at the latest version.
  static func messageRecord(id: String, body: String, delivery: String = "sent") -> [UInt8] {
    record([
      .null, text(id), text("alice"), .integer(1_795_978_541_000), text(body), .integer(0),
      text(delivery), .integer(1), .null, text("message"), .null, .integer(0), .null, .null,
      .null,
    ])
  }

  /// Page 1 of a file of `size`-byte pages: the header and an empty table leaf at 100.
  static func firstPage(size: Int = 512) -> [UInt8] {
    var page = [UInt8](repeating: 0, count: size)
    page.replaceSubrange(0..<16, with: Array("SQLite format 3\u{0}".utf8))
    page[16] = UInt8(size >> 8 & 0xFF)
    page[17] = UInt8(size & 0xFF)
    page[18] = 1
    page[19] = 1
    page[21] = 64
    page[22] = 32
    page[23] = 32
    page[100] = 0x0D
    page[105] = UInt8(size >> 8 & 0xFF)
    page[106] = UInt8(size & 0xFF)
    return page
  }
}
