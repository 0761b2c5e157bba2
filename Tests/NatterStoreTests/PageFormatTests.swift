import Foundation
import NatterCore
import SeededRandom
import Testing

@testable import NatterStore

/// The page reader's pieces on known bytes: varints, records, the WAL checksum, and hostile
/// pages that must give nothing rather than trap (issue 30).
@Suite struct PageFormatTests {
  @Test func varintsDecodeAsTheFileFormatSays() {
    #expect(Varint.read([0x00], at: 0, end: 1)! == (0, 1))
    #expect(Varint.read([0x7F], at: 0, end: 1)! == (127, 1))
    #expect(Varint.read([0x81, 0x00], at: 0, end: 2)! == (128, 2))
    #expect(Varint.read([0x82, 0xAC, 0x00], at: 0, end: 3)! == (38400, 3))
    // Nine bytes: the ninth gives all eight of its bits.
    let top = [UInt8](repeating: 0xFF, count: 9)
    #expect(Varint.read(top, at: 0, end: 9)! == (UInt64.max, 9))
    #expect(
      Varint.read([0xC0] + [UInt8](repeating: 0x80, count: 7) + [0x00], at: 0, end: 9)!
        == (1 << 63, 9))
    // Cut short by the end given, or by the bytes themselves.
    #expect(Varint.read([0x81, 0x00], at: 0, end: 1) == nil)
    #expect(Varint.read([0x81], at: 0, end: 5) == nil)
    #expect(Varint.read([0x01], at: -1, end: 1) == nil)
    for value: UInt64 in [0, 1, 240, 2287, 67823, 1 << 32, 1 << 56, UInt64.max] {
      let bytes = PageBytes.varint(value)
      #expect(Varint.read(bytes, at: 0, end: bytes.count)! == (value, bytes.count))
    }
  }

  @Test func recordsDecodeEverySerialType() {
    // (NULL, 1, -1 in one byte, 1.5, 'ab', x'ff', 0, 1, 1000 in two bytes)
    let payload: [UInt8] = [
      10, 0, 1, 1, 7, 17, 14, 8, 9, 2,
      0x01, 0xFF, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0, 0x61, 0x62, 0xFF, 0x03, 0xE8,
    ]
    #expect(
      RecordDecoder.decode(payload) == [
        .null, .integer(1), .integer(-1), .real(1.5), .text([0x61, 0x62]), .blob([0xFF]),
        .integer(0), .integer(1), .integer(1000),
      ])
    // Six- and eight-byte integers are signed, big-endian.
    #expect(RecordDecoder.decode([2, 5, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE]) == [.integer(-2)])
    #expect(RecordDecoder.decode(PageBytes.record([.integer(Int64.min)])) == [.integer(Int64.min)])
    // A body one byte short, one byte long, a reserved type, a header past the payload.
    #expect(RecordDecoder.decode(Array(payload.dropLast())) == nil)
    #expect(RecordDecoder.decode(payload + [0]) == nil)
    #expect(RecordDecoder.decode([2, 10]) == nil)
    #expect(RecordDecoder.decode([40, 1, 1]) == nil)
    // A text of 2^62 bytes claimed in a tiny payload.
    #expect(RecordDecoder.decode([10] + PageBytes.varint(1 << 63 | 13)) == nil)
    #expect(RecordDecoder.decode([]) == nil)
  }

  @Test func walChecksumIsTheTwoRunningSums() {
    let words: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 2]
    // Big-endian words 1 and 2: s0 = 1, s1 = 2 + 1.
    #expect(WriteAheadLog.checksum(words[...], bigEndian: true, seed: (0, 0)) == (1, 3))
    // The same bytes little-endian are 0x01000000 and 0x02000000.
    #expect(
      WriteAheadLog.checksum(words[...], bigEndian: false, seed: (0, 0)) == (
        0x0100_0000, 0x0300_0000
      ))
    // Seeded and wrapping: s0 = 1 + 1 + 3, s1 = 3 + 2 + 5; and 0xFFFFFFFF + 1 wraps.
    #expect(WriteAheadLog.checksum(words[...], bigEndian: true, seed: (1, 3)) == (5, 10))
    let big: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0]
    #expect(WriteAheadLog.checksum(big[...], bigEndian: true, seed: (1, 0)) == (0, 0))
  }

  @Test func aWALWrittenBySQLiteVerifies() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    try store.db.execute("PRAGMA wal_autocheckpoint = 0")
    for n in 0..<20 { try store.insert(Fixtures.message(n)) }
    let fd = open(dir.databaseURL.path + "-wal", O_RDONLY)
    defer { close(fd) }
    let log = try #require(WriteAheadLog.read(fd))
    #expect(log.pageSize == 4096)
    #expect(!log.frames.isEmpty && log.pageCount >= log.frames.keys.max() ?? 0)
  }

  @Test func aCellPointerPastThePageGivesNoCell() throws {
    var page = PageBytes.leafPage([PageBytes.tableCell(rowid: 1, payload: [2, 1, 7])])
    page[8] = 0x13  // 0x13xx: past the 512-byte page
    let parsed = try #require(BTreePage(page, number: 2, usableSize: 512))
    #expect(parsed.cellOffsets.isEmpty)
    // A cell count whose pointer array runs past the page: not a page at all.
    page[3] = 0xFF
    #expect(BTreePage(page, number: 2, usableSize: 512) == nil)
  }

  @Test func aPayloadSizeOf2To63GivesNoCell() throws {
    let cell = PageBytes.varint(1 << 63) + PageBytes.varint(1) + [2, 1, 7]
    let page = try #require(BTreePage(PageBytes.leafPage([cell]), number: 2, usableSize: 512))
    #expect(page.cellOffsets.count == 1)
    #expect(page.cell(at: page.cellOffsets[0]) == nil)
    // A size just past what the page holds locally, with no room for the overflow pointer.
    let short = PageBytes.varint(600) + PageBytes.varint(1) + [2, 1, 7]
    let other = try #require(BTreePage(PageBytes.leafPage([short]), number: 2, usableSize: 512))
    #expect(other.cell(at: other.cellOffsets[0]) == nil)
  }

  @Test func anOverflowChainLoopingToItselfGivesNothing() throws {
    let dir = try TemporaryDirectory()
    // About 1,930 bytes on 512-byte pages: the spec's K = M + (P - M) % (U - 4) stay local
    // (M = 39), the rest take three overflow pages of 508 bytes.
    let body = String(repeating: "o", count: 1900)
    let payload = PageBytes.messageRecord(id: "looped", body: body)
    let local = 39 + (payload.count - 39) % 508
    #expect(local <= 477 && (payload.count - local + 507) / 508 == 3)
    var cell = PageBytes.varint(UInt64(payload.count)) + PageBytes.varint(1)
    cell += payload[0..<local] + [0, 0, 0, 3]
    var overflow = [UInt8](repeating: 0x6F, count: 512)
    overflow.replaceSubrange(0..<4, with: [0, 0, 0, 3])  // page 3 continues on page 3
    let file = PageBytes.firstPage() + PageBytes.leafPage([cell]) + overflow
    try Data(file).write(to: dir.databaseURL)
    let pages = try #require(DatabasePages(dir.databaseURL))
    #expect(pages.pageSize == 512 && pages.pageCount == 3)
    let bytes = try #require(pages.page(2))
    let page = try #require(BTreePage(bytes, number: 2, usableSize: 512))
    let parsed = try #require(page.cell(at: page.cellOffsets[0]))
    #expect(parsed.local.count == local && parsed.overflow == 3)
    #expect(pages.payload(of: parsed) == nil)
    var found: [Message] = []
    PageSalvage(dir.databaseURL)?.read(batch: 10) { found += $0.map(\.message) }
    #expect(found.isEmpty)
    // The same chain ending properly reads back, so the test above is about the loop.
    var chained = PageBytes.firstPage() + PageBytes.leafPage([cell])
    for (index, start) in stride(from: local, to: payload.count, by: 508).enumerated() {
      let next: UInt8 = index == 2 ? 0 : UInt8(4 + index)
      let piece = payload[start..<min(start + 508, payload.count)]
      chained += [0, 0, 0, next] + piece + [UInt8](repeating: 0, count: 508 - piece.count)
    }
    try Data(chained).write(to: dir.databaseURL)
    PageSalvage(dir.databaseURL)?.read(batch: 10) { found += $0.map(\.message) }
    #expect(found.map(\.id) == ["looped"] && found.first?.body == body)
  }

  @Test func aMessagePageReadsWithoutItsSchemaPage() throws {
    let dir = try TemporaryDirectory()
    let cells = [
      PageBytes.tableCell(rowid: 7, payload: PageBytes.messageRecord(id: "a", body: "first")),
      PageBytes.tableCell(
        rowid: 9, payload: PageBytes.messageRecord(id: "b", body: "waiting", delivery: "pending")),
      // Not a message: an unknown delivery, and an id with a control character.
      PageBytes.tableCell(
        rowid: 10, payload: PageBytes.messageRecord(id: "c", body: "x", delivery: "lost")),
      PageBytes.tableCell(rowid: 11, payload: PageBytes.messageRecord(id: "d\u{1}", body: "x")),
    ]
    let garbage = [UInt8](repeating: 0xA5, count: 512)
    try Data(garbage + PageBytes.leafPage(cells)).write(to: dir.databaseURL)
    var found: [Message] = []
    PageSalvage(dir.databaseURL)?.read(batch: 10) { found += $0.map(\.message) }
    #expect(found.map(\.id) == ["a", "b"])
    #expect(found.first?.conversation == Message.notes)
    #expect(found.last?.delivery == .failed)
    #expect(found.last?.failureReason == SalvageShape.pendingReason)
  }

  /// Random bytes shaped like pages (a b-tree type byte, cell counts, pointers) go through
  /// every decoder; none of them may trap, and none becomes a message.
  @Test func randomPagesNeverTrapNorBecomeMessages() throws {
    var random = SeededGenerator(seed: 30)
    let kinds: [UInt8] = [0x02, 0x05, 0x0A, 0x0D]
    for _ in 0..<3000 {
      var bytes = (0..<512).map { _ in UInt8.random(in: 0...255, using: &random) }
      bytes[0] = kinds.randomElement(using: &random) ?? 0x0D
      bytes[3] = 0
      bytes[4] = UInt8.random(in: 0...40, using: &random)
      guard let page = BTreePage(bytes, number: 2, usableSize: 512) else { continue }
      _ = page.fitsItsPage()
      for offset in page.cellOffsets {
        guard let cell = page.cell(at: offset), let record = RecordDecoder.decode(Array(cell.local))
        else { continue }
        #expect(RowShape.message(record, seq: cell.rowid, conversations: [:]) == nil)
        _ = RowShape.conversationURL(record)
        _ = RowShape.tag(record)
      }
    }
    let dir = try TemporaryDirectory()
    let file =
      PageBytes.firstPage()
      + (0..<(64 * 512)).map { _ in UInt8.random(in: 0...255, using: &random) }
    try Data(file).write(to: dir.databaseURL)
    var found: [Message] = []
    PageSalvage(dir.databaseURL)?.read(batch: 10) { found += $0.map(\.message) }
    #expect(found.isEmpty)
  }
}

/// The page size comes from the header when it can be trusted, and otherwise from the pages:
/// with page 1 overwritten, the size at which the file's pages parse (issue 30).
@Suite struct PageSizeTests {
  @Test(arguments: [512, 1024, 8192, 65536])
  func aDamagedFirstPageFallsBackToTheSizeThePagesParseAt(size: Int) throws {
    let dir = try TemporaryDirectory()
    do {
      let db = try SQLiteConnection(path: dir.databaseURL.path)
      try db.execute("PRAGMA page_size = \(size)")
      try Schema.migrate(db)
      try db.transaction {
        for n in 0..<300 {
          try db.execute(
            "INSERT INTO messages (id, sender, sent_at, body) VALUES ('id\(n)', 'bob', "
              + "1795978541000, 'body \(n) ' || hex(randomblob(\(n % 50 * 7))))")
        }
      }
    }
    let fd = open(dir.databaseURL.path, O_WRONLY)
    let garbage = [UInt8](repeating: 0xA5, count: size)
    _ = garbage.withUnsafeBytes { pwrite(fd, $0.baseAddress, size, 0) }
    close(fd)
    let pages = try #require(DatabasePages(dir.databaseURL))
    #expect(pages.pageSize == size)
    var found: [Message] = []
    PageSalvage(dir.databaseURL)?.read(batch: 100) { found += $0.map(\.message) }
    #expect(found.map(\.id) == (0..<300).map { "id\($0)" })
  }
}
