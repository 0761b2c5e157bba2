import Foundation
import NatterCore

/// Streams a file's lines in 1 MiB reads so a large import never holds the file in memory.
struct LineReader {
  /// Far above any valid line (a body is at most 100,000 characters, SPEC §2).
  static let maximumLineLength = 64 << 20

  private let descriptor: Int32
  private let path: String
  /// Whether `close()` closes the descriptor: not one the reader was given, like stdin.
  private let owned: Bool

  /// Opens `path` for reading; the caller must call `close()`.
  init(path: String) throws(ImportError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw ImportError.unreadable(path: path, detail: String(cString: strerror(errno)))
    }
    descriptor = fd
    self.path = path
    owned = true
  }

  /// Reads an open descriptor, such as standard input; `path` names it in errors.
  init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
    owned = false
  }

  func close() {
    if owned { _ = Foundation.close(descriptor) }
  }

  /// Calls `body` with each line (1-based number, bytes without the `\n` or `\r\n`); the last line
  /// need not end in a newline.
  func forEachLine(
    _ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void
  ) throws {
    let chunkSize = 1 << 20
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var lineNumber = 0
    func emit(_ line: UnsafeBufferPointer<UInt8>) throws {
      lineNumber += 1
      var count = line.count
      if count > 0, line[count - 1] == 0x0D { count -= 1 }
      try body(lineNumber, UnsafeBufferPointer(rebasing: line[0..<count]))
    }
    while true {
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
      if got < 0 {
        if errno == EINTR { continue }
        throw ImportError.unreadable(path: path, detail: String(cString: strerror(errno)))
      }
      if got == 0 { break }
      try chunk.withUnsafeBufferPointer { whole in
        let data = UnsafeBufferPointer(rebasing: whole[0..<got])
        var start = 0
        while start < data.count {
          guard let base = data.baseAddress,
            let hit = memchr(base + start, 0x0A, data.count - start)
          else { break }
          let end = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
          if pending.isEmpty {
            try emit(UnsafeBufferPointer(rebasing: data[start..<end]))
          } else {
            pending.append(contentsOf: data[start..<end])
            try pending.withUnsafeBufferPointer { try emit($0) }
            pending.removeAll(keepingCapacity: true)
          }
          start = end + 1
        }
        pending.append(contentsOf: data[start...])
      }
      // A file without newlines (binary garbage) must not be read into memory whole.
      if pending.count > Self.maximumLineLength {
        throw ImportError.invalidLine(
          number: lineNumber + 1,
          reason: localized(
            "line longer than {size} MiB", ["size": String(Self.maximumLineLength >> 20)]))
      }
    }
    if !pending.isEmpty {
      try pending.withUnsafeBufferPointer { try emit($0) }
    }
  }
}
