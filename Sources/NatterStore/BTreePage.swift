/// One b-tree page of a database file (https://www.sqlite.org/fileformat2.html §1.6), read
/// without trusting a byte of it: every offset and length is checked against the page, and a
/// cell that does not decode is skipped, so a damaged page gives the cells that still read.
struct BTreePage {
  enum Kind: UInt8 {
    case indexInterior = 0x02
    case tableInterior = 0x05
    case indexLeaf = 0x0A
    case tableLeaf = 0x0D
  }

  /// A cell's payload as far as this page holds it, and where the rest continues.
  struct Cell {
    /// The rowid of a table leaf's cell; 0 in an index.
    let rowid: Int64
    let size: UInt64
    let local: ArraySlice<UInt8>
    /// The first overflow page, when the payload does not fit on this page.
    let overflow: Int?
  }

  /// The largest payload read back whole, so a hostile size cannot take the memory; a row
  /// larger than this (no message is) is left to the query-based pass.
  static let payloadLimit: UInt64 = 64 << 20

  let kind: Kind
  let bytes: [UInt8]
  let usableSize: Int
  /// Where each cell starts, each checked to lie inside the page past the pointer array.
  let cellOffsets: [Int]
  private let headerStart: Int

  /// Reads the header of page `number`; nil when it is not a b-tree page that can be read.
  init?(_ bytes: [UInt8], number: Int, usableSize: Int) {
    let start = number == 1 ? 100 : 0
    guard usableSize >= 480, usableSize <= bytes.count, start < usableSize,
      let kind = Kind(rawValue: bytes[start]),
      let count = FileBytes.uint16(bytes, start + 3)
    else { return nil }
    let headerSize = kind == .tableLeaf || kind == .indexLeaf ? 8 : 12
    let pointers = start + headerSize
    let arrayEnd = pointers + 2 * count
    guard arrayEnd <= usableSize else { return nil }
    self.kind = kind
    self.bytes = bytes
    self.usableSize = usableSize
    headerStart = start
    cellOffsets = (0..<count).compactMap { index in
      FileBytes.uint16(bytes, pointers + 2 * index).flatMap {
        $0 >= arrayEnd && $0 < usableSize ? $0 : nil
      }
    }
  }

  /// The cell at `offset`, or nil when its varints or its local payload run past the page.
  func cell(at offset: Int) -> Cell? {
    var cursor = offset
    if kind == .indexInterior || kind == .tableInterior { cursor += 4 }
    if kind == .tableInterior { return nil }
    guard let (size, sizeLength) = Varint.read(bytes, at: cursor, end: usableSize) else {
      return nil
    }
    cursor += sizeLength
    var rowid: Int64 = 0
    if kind == .tableLeaf {
      guard let (value, length) = Varint.read(bytes, at: cursor, end: usableSize) else {
        return nil
      }
      rowid = Int64(bitPattern: value)
      cursor += length
    }
    guard size <= Self.payloadLimit else { return nil }
    let local = localSize(Int(size))
    guard local <= usableSize - cursor else { return nil }
    let end = cursor + local
    guard local < Int(size) else {
      return Cell(rowid: rowid, size: size, local: bytes[cursor..<end], overflow: nil)
    }
    guard end + 4 <= usableSize else { return nil }
    let next = Int(FileBytes.uint32(bytes, end))
    return Cell(rowid: rowid, size: size, local: bytes[cursor..<end], overflow: next)
  }

  /// How many bytes of a payload of `size` stay on the page (the spec's X, M and K).
  func localSize(_ size: Int) -> Int {
    let table = kind == .tableLeaf
    let most = table ? usableSize - 35 : (usableSize - 12) * 64 / 255 - 23
    guard size > most else { return size }
    let least = (usableSize - 12) * 32 / 255 - 23
    let kept = least + (size - least) % (usableSize - 4)
    return kept <= most ? kept : least
  }

  /// How far the cell at `offset` reaches on the page, or nil when it does not fit.
  private func cellEnd(at offset: Int) -> Int? {
    if kind == .tableInterior {
      return Varint.read(bytes, at: offset + 4, end: usableSize).map { offset + 4 + $0.length }
    }
    guard let cell = cell(at: offset) else { return nil }
    return cell.local.endIndex + (cell.overflow == nil ? 0 : 4)
  }

  /// Whether the page is laid out for its size: every cell ends inside it and the content
  /// area (cells and free blocks) reaches exactly to the usable end, as SQLite fills a page
  /// from its end. A page read at twice its real size fails this; so does garbage.
  func fitsItsPage() -> Bool {
    guard !cellOffsets.isEmpty, cellOffsets.count == FileBytes.uint16(bytes, headerStart + 3)
    else { return false }
    var reach = 0
    for offset in cellOffsets {
      guard let end = cellEnd(at: offset), end <= usableSize else { return false }
      reach = max(reach, end)
    }
    var block = FileBytes.uint16(bytes, headerStart + 1) ?? 0
    var steps = 0
    while block != 0, steps < 1000 {
      guard block + 4 <= usableSize, let size = FileBytes.uint16(bytes, block + 2),
        block + size <= usableSize
      else { return false }
      reach = max(reach, block + size)
      guard let next = FileBytes.uint16(bytes, block), next == 0 || next > block else {
        return false
      }
      block = next
      steps += 1
    }
    return reach == usableSize
  }
}
