import Foundation

/// The committed part of a `-wal` file (https://www.sqlite.org/fileformat2.html §4): for each
/// page, where its newest frame of the last valid commit is.
///
/// Frames are valid while their salts match the header's and their cumulative checksum
/// holds; the first frame that fails ends the log, so a torn tail (cut short, or garbage
/// written over it) keeps every transaction committed before the tear.
struct WriteAheadLog {
  /// The page size the log was written with.
  let pageSize: Int
  /// The database's size in pages after the last valid commit.
  let pageCount: Int
  /// For each page number, the offset in the log of its newest committed frame's page data.
  let frames: [Int: Int64]

  static let headerSize = 32
  static let frameHeaderSize = 24

  /// Reads the log open at `fd`; nil when it has no valid header or no committed frame.
  static func read(_ fd: Int32) -> WriteAheadLog? {
    guard let header = FileBytes.read(fd, at: 0, count: headerSize) else { return nil }
    let magic = FileBytes.uint32(header, 0)
    guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return nil }
    let bigEndian = magic == 0x377F_0683
    let pageSize = Int(FileBytes.uint32(header, 8))
    guard (512...65536).contains(pageSize), pageSize & (pageSize - 1) == 0 else { return nil }
    var sum = checksum(header[0..<24], bigEndian: bigEndian, seed: (0, 0))
    guard sum == (FileBytes.uint32(header, 24), FileBytes.uint32(header, 28)) else { return nil }
    let salts = header[16..<24]
    var committed: [Int: Int64] = [:]
    var pending: [Int: Int64] = [:]
    var pageCount = 0
    var offset = Int64(headerSize)
    let frameSize = Int64(frameHeaderSize + pageSize)
    while let frame = FileBytes.read(fd, at: offset, count: Int(frameSize)) {
      guard frame[8..<16].elementsEqual(salts) else { break }
      sum = checksum(frame[0..<8], bigEndian: bigEndian, seed: sum)
      sum = checksum(frame[frameHeaderSize...], bigEndian: bigEndian, seed: sum)
      guard sum == (FileBytes.uint32(frame, 16), FileBytes.uint32(frame, 20)) else { break }
      let page = Int(FileBytes.uint32(frame, 0))
      guard page > 0 else { break }
      pending[page] = offset + Int64(frameHeaderSize)
      let sizeAfterCommit = Int(FileBytes.uint32(frame, 4))
      if sizeAfterCommit > 0 {
        committed.merge(pending) { $1 }
        pending.removeAll()
        pageCount = sizeAfterCommit
      }
      offset += frameSize
    }
    guard pageCount > 0 else { return nil }
    return WriteAheadLog(pageSize: pageSize, pageCount: pageCount, frames: committed)
  }

  /// SQLite's WAL checksum of `bytes` (a multiple of 8 long) from `seed`: two running sums of
  /// 32-bit words, read big-endian for magic 0x377f0683 and little-endian for 0x377f0682.
  static func checksum(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, seed: (UInt32, UInt32))
    -> (UInt32, UInt32)
  {
    var (s0, s1) = seed
    var index = bytes.startIndex
    while index + 8 <= bytes.endIndex {
      let first = word(bytes, index, bigEndian)
      let second = word(bytes, index + 4, bigEndian)
      s0 = s0 &+ first &+ s1
      s1 = s1 &+ second &+ s0
      index += 8
    }
    return (s0, s1)
  }

  private static func word(_ bytes: ArraySlice<UInt8>, _ at: Int, _ bigEndian: Bool) -> UInt32 {
    let value =
      UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
      | UInt32(bytes[at + 3])
    return bigEndian ? value : value.byteSwapped
  }
}
