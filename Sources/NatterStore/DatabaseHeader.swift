import Foundation

/// Checks a database file's 100-byte header before SQLite opens it.
///
/// SQLite, on closing a connection to a file it could not read, may delete the `-wal` beside it;
/// checking first lets a damaged file be moved aside with its WAL intact.
enum DatabaseHeader {
  /// Why the file at `path` is not a usable database, or nil when it looks like one (or does
  /// not exist, or is empty, which SQLite treats as a new database).
  static func problem(at path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      return errno == ENOENT ? nil : "cannot read: \(String(cString: strerror(errno)))"
    }
    defer { close(fd) }
    var header = [UInt8](repeating: 0, count: 100)
    let got = header.withUnsafeMutableBytes { read(fd, $0.baseAddress, 100) }
    if got < 0 { return "cannot read: \(String(cString: strerror(errno)))" }
    if got == 0 { return nil }
    if got < 100 { return "shorter than a database header (\(got) bytes)" }
    guard header.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
      return "not an SQLite database"
    }
    // Fields with fixed or constrained values (https://www.sqlite.org/fileformat.html §1.3).
    let pageSize = Int(header[16]) << 8 | Int(header[17])
    let validPageSize = pageSize == 1 || (pageSize >= 512 && pageSize & (pageSize - 1) == 0)
    guard validPageSize, (1...2).contains(header[18]), (1...2).contains(header[19]),
      header[21] == 64, header[22] == 32, header[23] == 32
    else { return "damaged database header" }
    return nil
  }
}
