import Foundation
import NatterCore

/// Where an export goes: a temporary file beside the target, renamed over it when complete.
///
/// Writing in place (`O_TRUNC`) destroyed the target before a byte was written, so
/// `--export DIR/natter.sqlite3` emptied the live history (issue 13). The target is checked
/// against the database and its `-wal` and `-shm` by resolved path and by inode, so symlinks
/// and hard links to them are refused too.
struct ExportTarget {
  /// The file that will be replaced, with symlinks resolved (a symlink's target is updated).
  let finalPath: String
  /// The temporary file being written, in the same folder so the rename is atomic.
  let temporaryPath: String
  /// Open for writing on `temporaryPath`.
  let descriptor: Int32

  /// Checks `path` and creates the temporary file beside it.
  init(path: String, protecting database: URL?) throws(StoreError) {
    let resolved = Self.resolve(path)
    if let database, Self.isPart(of: database, resolved: resolved, given: path) {
      throw StoreError.exportOntoDatabase(path: path)
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw StoreError.io(path: path, detail: localized("is a folder"))
    }
    let folder = (resolved as NSString).deletingLastPathComponent
    let name = (resolved as NSString).lastPathComponent
    var template = Array("\(folder.isEmpty ? "." : folder)/.\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else {
      throw StoreError.io(path: path, detail: String(cString: strerror(errno)))
    }
    // mkstemp makes 0600; an export is an ordinary file, so give it the usual umask'd mode.
    let mask = umask(0)
    umask(mask)
    fchmod(fd, 0o666 & ~mask)
    finalPath = resolved
    temporaryPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    descriptor = fd
  }

  /// Syncs the written file and renames it over the target; the folder is synced so the
  /// rename itself survives a crash. Closes the descriptor and, on failure, removes the file.
  func commit() throws(StoreError) {
    guard fsync(descriptor) == 0 || errno == EINVAL else {
      let error = failure()
      abandon()
      throw error
    }
    close(descriptor)
    guard rename(temporaryPath, finalPath) == 0 else {
      let error = failure()
      unlink(temporaryPath)
      throw error
    }
    let folder = open((finalPath as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Removes the temporary file after a failure; the target is left as it was.
  func abandon() {
    close(descriptor)
    unlink(temporaryPath)
  }

  private func failure() -> StoreError {
    errno == ENOSPC
      ? .diskFull : .io(path: finalPath, detail: String(cString: strerror(errno)))
  }

  /// `path` with every symlink resolved; a file that does not exist yet resolves its folder.
  static func resolve(_ path: String) -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let folder = (absolute as NSString).deletingLastPathComponent
    let name = (absolute as NSString).lastPathComponent
    guard let real = realpath(folder, nil) else { return absolute }
    defer { free(real) }
    return String(cString: real) + "/" + name
  }

  /// Whether the target is the database or one of its companions, by name or by inode.
  private static func isPart(of database: URL, resolved: String, given: String) -> Bool {
    let base = resolve(database.path)
    let parts = [base, base + "-wal", base + "-shm", base + "-journal"]
    if parts.contains(resolved) { return true }
    var target = stat()
    guard stat(given, &target) == 0 else { return false }
    return parts.contains { part in
      var info = stat()
      return stat(part, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino
    }
  }
}
