import CSQLite
import Foundation
import NatterCore

extension MessageStore {
  /// The database file's name inside the data directory.
  public static let databaseFileName = "natter.sqlite3"

  /// `$XDG_DATA_HOME/natter`, or `~/.local/share/natter` when that is unset or relative.
  public static func defaultDataDirectory(
    environment: [String: String] = processEnvironment("XDG_DATA_HOME", "HOME")
  ) -> URL {
    // XDG Base Directory spec: a relative XDG_DATA_HOME is invalid and must be ignored.
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("natter")
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share/natter", isDirectory: true)
  }

  /// Opens `natter.sqlite3` in `dataDirectory`, creating the directory and the database.
  ///
  /// Never throws: a damaged file is moved aside and replaced, and an unwritable one gives an
  /// in-memory store, each reported in the result for the app's banner.
  public static func open(dataDirectory: URL, now: Date = Date()) -> OpenResult {
    let directory = dataDirectory.path
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
    do {
      // Only when missing: Foundation's createDirectory fails on an existing folder that this
      // user cannot write (another user's history), which must still be read.
      if !exists || !isDirectory.boolValue {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      }
    } catch {
      return unsaved(
        reason: .dataDirectoryUnavailable(path: directory, detail: describe(error)))
    }
    // Root ignores permission bits, so only a real write tells whether the directory is writable
    // (a read-only mount fails here with EROFS even for root).
    let file = dataDirectory.appendingPathComponent(databaseFileName)
    if let problem = writeProbe(directory: directory) {
      return readOnly(
        file,
        reason: problem.code == ENOSPC
          ? .diskFull : .readOnly(detail: "\(directory): \(problem.message)"))
    }
    do {
      return .opened(try openFile(file))
    } catch let error as StoreError where error == .diskFull || error.isReadOnly {
      return readOnly(file, reason: error)
    } catch StoreError.corrupt(let detail) {
      return recover(file, reason: .corrupt(detail: detail), now: now)
    } catch StoreError.sqlite(let code, let message)
      where [SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH].contains(code & 0xff)
    {
      // The directory is writable (probed above), so the file itself cannot be read.
      return recover(file, reason: .corrupt(detail: "unreadable: \(message)"), now: now)
    } catch let error as StoreError {
      return unsaved(reason: error)
    } catch {
      return unsaved(reason: .sqlite(code: SQLITE_ERROR, message: describe(error)))
    }
  }

  /// A store in memory, for an unsaved session and for tests.
  public static func inMemory() throws -> MessageStore {
    let db = try SQLiteConnection(path: ":memory:")
    try Schema.migrate(db)
    return MessageStore(db: db, databaseURL: nil)
  }

  /// Opens, configures and migrates a database file; throws when it is unusable.
  static func openFile(_ file: URL, upToVersion target: Int = Schema.latestVersion) throws
    -> MessageStore
  {
    if let problem = DatabaseHeader.problem(at: file.path) {
      throw StoreError.corrupt(detail: "\(file.path): \(problem)")
    }
    let db = try SQLiteConnection(path: file.path)
    // Reading the schema is the first real access: garbage fails here with SQLITE_NOTADB.
    _ = try db.integer("SELECT count(*) FROM sqlite_schema")
    let mode = try db.texts("PRAGMA journal_mode = WAL").first ?? ""
    guard mode == "wal" else {
      throw StoreError.readOnly(detail: "cannot switch to WAL journal (got '\(mode)')")
    }
    // FULL: every commit fsyncs the WAL, so a stored message survives power loss as well as a
    // killed process. Messages are sent at human speed, so the cost of a sync is not felt.
    try db.execute("PRAGMA synchronous = FULL")
    // Stops the WAL from keeping its peak size after a large import is checkpointed.
    try db.execute("PRAGMA journal_size_limit = 8388608")
    if sqlite3_db_readonly(db.handle, "main") == 1 {
      throw StoreError.readOnly(detail: "\(file.path) is read-only")
    }
    try Schema.migrate(db, upTo: target)
    // Takes and drops the write lock: fails now, not on the first message, when writes cannot work.
    try db.execute("BEGIN IMMEDIATE")
    try db.execute("ROLLBACK")
    return MessageStore(db: db, databaseURL: file)
  }

  /// A second connection to a file `openFile` opened and migrated, for `ReceivedWriter`.
  static func openWriter(_ file: URL) throws -> MessageStore {
    let db = try SQLiteConnection(
      path: file.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
    // As durable as the store's own connection; `insertReceived` relaxes it for its commit.
    try db.execute("PRAGMA synchronous = FULL")
    try db.execute("PRAGMA journal_size_limit = 8388608")
    return MessageStore(db: db, databaseURL: file)
  }

  /// The saved history shown read-only when it can be read, else an empty unsaved session.
  private static func readOnly(_ file: URL, reason: StoreError) -> OpenResult {
    var info = stat()
    guard stat(file.path, &info) == 0, info.st_size > 0, let copy = readOnlyCopy(of: file) else {
      return unsaved(reason: reason)
    }
    return .readOnly(copy, reason: reason)
  }

  private static func unsaved(reason: StoreError) -> OpenResult {
    do {
      return .unsaved(try inMemory(), reason: reason)
    } catch let error as StoreError {
      return .failed(error)
    } catch {
      return .failed(reason)
    }
  }

  /// Moves the damaged database aside, starts fresh and salvages what can be read.
  private static func recover(_ file: URL, reason: StoreError, now: Date) -> OpenResult {
    let aside: URL
    do {
      aside = try moveAside(file, now: now)
    } catch {
      return unsaved(reason: reason)
    }
    do {
      let store = try openFile(file)
      let recovery = Recovery(movedAside: aside, salvaged: store.salvage(from: aside))
      return .recovered(store, recovery, reason: reason)
    } catch let error as StoreError {
      return unsaved(reason: error)
    } catch {
      return unsaved(reason: reason)
    }
  }

  /// Creates, writes and removes a file; returns why that failed, or nil.
  ///
  /// One byte is written too: on a full disk a new empty file can still be made. Local
  /// filesystems refuse that byte at `write` (they reserve the space then); a network one
  /// says so at `close`, which flushes it. No `fsync`: it cost about 1 ms of every start
  /// (issue 19) and finds nothing these two do not.
  private static func writeProbe(directory: String) -> (code: Int32, message: String)? {
    let probe = directory + "/.natter-write-probe-\(getpid())"
    let fd = Foundation.open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return (errno, String(cString: strerror(errno))) }
    defer { unlink(probe) }
    var byte: UInt8 = 0
    guard write(fd, &byte, 1) == 1 else {
      let failure = (errno, String(cString: strerror(errno)))
      close(fd)
      return failure
    }
    guard close(fd) == 0 else { return (errno, String(cString: strerror(errno))) }
    return nil
  }

  private static func describe(_ error: Error) -> String {
    (error as? StoreError)?.description ?? String(describing: error)
  }
}
