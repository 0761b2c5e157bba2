import CSQLite
import Foundation

/// A history that can be read but not written (a full disk, a read-only folder or mount,
/// another user's files) is copied into memory, so it is shown and can be exported while the
/// session itself is not saved (issue 13).
extension MessageStore {
  /// The history at `file` copied into an in-memory store, or nil when it cannot be read.
  static func readOnlyCopy(of file: URL) -> MessageStore? {
    do {
      let memory = try SQLiteConnection(path: ":memory:")
      try withReadableConnection(to: file) { source in try copy(source, into: memory) }
      // An older file is shown at the current schema; a newer one is not shown at all.
      try Schema.migrate(memory)
      return MessageStore(db: memory, databaseURL: nil, copiedFrom: file)
    } catch {
      return nil
    }
  }

  /// Opens `file` for reading only, whatever the folder allows, and runs `body` with it.
  ///
  /// A WAL database opened read-only needs its -shm, which a read-only folder without one
  /// cannot give; without a -wal the file is complete and `immutable` reads it without one.
  /// With a -wal (left by a crash) the two are copied to a temporary folder so that SQLite
  /// can replay the WAL there; only when that fails too is the main file read alone.
  private static func withReadableConnection(
    to file: URL, _ body: (SQLiteConnection) throws -> Void
  ) throws {
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
    if let connection = try? readable(uri(file.path, "mode=ro"), flags: flags) {
      return try body(connection)
    }
    let wal = file.path + "-wal"
    var info = stat()
    let hasWAL = stat(wal, &info) == 0 && info.st_size > 0
    if hasWAL, let scratch = try? scratchCopy(of: file) {
      defer { try? FileManager.default.removeItem(at: scratch.deletingLastPathComponent()) }
      if let connection = try? readable(scratch.path, flags: SQLITE_OPEN_READWRITE) {
        return try body(connection)
      }
    }
    try body(try readable(uri(file.path, "mode=ro&immutable=1"), flags: flags))
  }

  /// A connection whose first read worked (opening alone does not read the file).
  private static func readable(_ path: String, flags: Int32) throws -> SQLiteConnection {
    let connection = try SQLiteConnection(path: path, flags: flags)
    _ = try connection.integer("SELECT count(*) FROM sqlite_schema")
    return connection
  }

  /// The database and its -wal copied into a fresh temporary folder; returns the copy.
  private static func scratchCopy(of file: URL) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-readonly-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent(file.lastPathComponent)
    do {
      try FileManager.default.copyItem(atPath: file.path, toPath: copy.path)
      try FileManager.default.copyItem(atPath: file.path + "-wal", toPath: copy.path + "-wal")
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    return copy
  }

  /// Copies every page of `source` into `target` with SQLite's online backup.
  private static func copy(_ source: SQLiteConnection, into target: SQLiteConnection) throws {
    guard let backup = sqlite3_backup_init(target.handle, "main", source.handle, "main") else {
      throw target.error(sqlite3_errcode(target.handle))
    }
    let rc = sqlite3_backup_step(backup, -1)
    sqlite3_backup_finish(backup)
    guard rc == SQLITE_DONE else { throw source.error(rc) }
  }

  /// An SQLite URI for `path` with `query`; `%`, `?` and `#` in the path are escaped.
  private static func uri(_ path: String, _ query: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3f"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    return "file:\(escaped)?\(query)"
  }
}
