import Foundation

/// Reading a few bytes of a file at a time, and the big-endian fields of SQLite's formats.
enum FileBytes {
  /// Exactly `count` bytes at `offset`, or nil when the file is shorter or cannot be read.
  static func read(_ fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
    guard count > 0, offset >= 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(fd, buffer.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done))
      }
      if got < 0, errno == EINTR { continue }
      guard got > 0 else { return nil }
      done += got
    }
    return bytes
  }

  /// The file's size in bytes, or 0 when it cannot be read.
  static func size(_ fd: Int32) -> Int64 {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return 0 }
    return Int64(info.st_size)
  }

  /// The big-endian 16-bit field at `at`, or nil past the bytes.
  static func uint16(_ bytes: [UInt8], _ at: Int) -> Int? {
    guard at >= 0, at + 2 <= bytes.count else { return nil }
    return Int(bytes[at]) << 8 | Int(bytes[at + 1])
  }

  /// The big-endian 32-bit field at `at`, or 0 past the bytes.
  static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    guard at >= 0, at + 4 <= bytes.count else { return 0 }
    return UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
      | UInt32(bytes[at + 3])
  }
}
