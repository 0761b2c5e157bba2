import Foundation

/// The pages of a database file as SQLite would see them, its committed `-wal` frames laid
/// over the file's own pages; read one page at a time, so a large history never sits in
/// memory whole.
///
/// The header is not trusted: when page 1 is damaged the page size is the one, among the
/// header's, the WAL's and every power of two from 512 to 65536, whose pages parse best.
final class DatabasePages {
  let pageSize: Int
  /// The page size less the bytes reserved at the end of every page (header offset 20).
  let usableSize: Int
  let pageCount: Int
  private let file: Int32
  private let wal: Int32
  private let log: WriteAheadLog?

  /// Opens `url` and the `<url>-wal` beside it; nil when neither holds a page.
  init?(_ url: URL) {
    file = open(url.path, O_RDONLY | O_CLOEXEC)
    wal = open(url.path + "-wal", O_RDONLY | O_CLOEXEC)
    let parsed = wal >= 0 ? WriteAheadLog.read(wal) : nil
    let header = file >= 0 ? FileBytes.read(file, at: 0, count: 100) : nil
    let named = header.flatMap(Self.headerPageSize)
    let reserved = named != nil ? Int(header?[20] ?? 0) : 0
    // In order of trust, each size once: a tie goes to the earlier one.
    var candidates: [Int] = []
    for size in [named, parsed?.pageSize, 4096].compactMap({ $0 }) + (9...16).map({ 1 << $0 })
    where !candidates.contains(size) {
      candidates.append(size)
    }
    let fileSize = file >= 0 ? FileBytes.size(file) : 0
    var best: (size: Int, score: Int)?
    for size in candidates {
      let usable = size - reserved
      guard usable >= 480 else { continue }
      let score = Self.score(file, size: size, usable: usable, fileSize: fileSize)
      if score > (best?.score ?? -1) { best = (size, score) }
    }
    // The WAL's own page size wins when the file has no page that parses at all.
    let chosen = best.flatMap { $0.score > 0 ? $0.size : nil } ?? parsed?.pageSize ?? named
    guard let chosen else {
      Self.close(file, wal)
      return nil
    }
    pageSize = chosen
    usableSize = chosen - (reserved < chosen - 480 ? reserved : 0)
    let filePages = Int(fileSize / Int64(chosen))
    // A log of another page size belongs to another file; its frames cannot be laid over.
    log = parsed?.pageSize == chosen ? parsed : nil
    pageCount = log?.pageCount ?? filePages
    guard pageCount > 0 else {
      Self.close(file, wal)
      return nil
    }
  }

  deinit { Self.close(file, wal) }

  /// Page `number` (from 1), from the WAL when it has a committed frame of it; nil when it
  /// is past the end or cannot be read.
  func page(_ number: Int) -> [UInt8]? {
    guard number >= 1, number <= pageCount else { return nil }
    if let offset = log?.frames[number] { return FileBytes.read(wal, at: offset, count: pageSize) }
    guard file >= 0 else { return nil }
    return FileBytes.read(file, at: Int64(number - 1) * Int64(pageSize), count: pageSize)
  }

  /// The page size the header names, when its magic and the size itself are valid.
  private static func headerPageSize(_ header: [UInt8]) -> Int? {
    guard header.starts(with: Array("SQLite format 3\u{0}".utf8)),
      let raw = FileBytes.uint16(header, 16)
    else { return nil }
    let size = raw == 1 ? 65536 : raw
    return size >= 512 && size & (size - 1) == 0 ? size : nil
  }

  /// How many of up to 64 pages spread over the file are b-tree pages laid out for `size`.
  private static func score(_ file: Int32, size: Int, usable: Int, fileSize: Int64) -> Int {
    guard file >= 0 else { return 0 }
    let count = Int(fileSize / Int64(size))
    guard count > 0 else { return 0 }
    let samples = Set((0..<min(count, 64)).map { 1 + $0 * count / min(count, 64) })
    return samples.filter { number in
      guard let bytes = FileBytes.read(file, at: Int64(number - 1) * Int64(size), count: size)
      else { return false }
      return BTreePage(bytes, number: number, usableSize: usable)?.fitsItsPage() == true
    }.count
  }

  private static func close(_ file: Int32, _ wal: Int32) {
    if file >= 0 { Foundation.close(file) }
    if wal >= 0 { Foundation.close(wal) }
  }
}
