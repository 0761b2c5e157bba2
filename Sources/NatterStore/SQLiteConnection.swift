import CSQLite
import NatterCore

/// One owned SQLite connection; every call that can fail turns its result code into a StoreError.
final class SQLiteConnection {
  let handle: OpaquePointer
  private var cache: [String: Statement] = [:]

  /// Opens (or creates) a database; `:memory:` gives a private in-memory one.
  init(
    path: String, flags: Int32 = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
  ) throws {
    var db: OpaquePointer?
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? localized("out of memory")
      sqlite3_close_v2(db)
      throw StoreError.from(code: rc, message: message)
    }
    handle = db
    sqlite3_extended_result_codes(db, 1)
    // Another process (a second instance, the crash-test parent) may hold a write lock briefly.
    sqlite3_busy_timeout(db, 2000)
  }

  deinit {
    // Statements must be finalized before the connection closes.
    cache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// The error for a failed call, with SQLite's message.
  func error(_ rc: Int32) -> StoreError {
    StoreError.from(code: rc, message: String(cString: sqlite3_errmsg(handle)))
  }

  /// Runs `body` with commits that do not wait for the disk (`synchronous = NORMAL`, safe in
  /// WAL mode against a killed process); the caller has them synced afterwards (WALSyncer).
  /// Every other commit syncs the WAL itself.
  func withoutSyncing<T>(_ body: () throws -> T) throws -> T {
    try execute("PRAGMA synchronous = NORMAL")
    defer { sqlite3_exec(handle, "PRAGMA synchronous = FULL", nil, nil, nil) }
    return try body()
  }

  /// Runs one or more statements that return no rows.
  func execute(_ sql: String) throws {
    let rc = sqlite3_exec(handle, sql, nil, nil, nil)
    guard rc == SQLITE_OK else { throw error(rc) }
  }

  /// A fresh statement, for SQL that is built per call.
  func prepare(_ sql: String) throws -> Statement {
    var stmt: OpaquePointer?
    let rc = sqlite3_prepare_v3(handle, sql, -1, 0, &stmt, nil)
    guard rc == SQLITE_OK, let stmt else { throw error(rc) }
    return Statement(handle: stmt, connection: self)
  }

  /// A statement prepared once per connection and reset for reuse.
  func cached(_ sql: String) throws -> Statement {
    if let statement = cache[sql] {
      statement.reset()
      return statement
    }
    var stmt: OpaquePointer?
    let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
    guard rc == SQLITE_OK, let stmt else { throw error(rc) }
    let statement = Statement(handle: stmt, connection: self)
    cache[sql] = statement
    return statement
  }

  /// The first column of the first row as an integer, or nil when there is no row.
  func integer(_ sql: String) throws -> Int64? {
    let statement = try cached(sql)
    defer { statement.reset() }
    return try statement.step() ? statement.int64(0) : nil
  }

  /// The first column of every row as text.
  func texts(_ sql: String) throws -> [String] {
    let statement = try prepare(sql)
    var rows: [String] = []
    while try statement.step() { rows.append(statement.text(0)) }
    return rows
  }

  /// Runs `body` in a write transaction, rolling back when it or the commit throws.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    // IMMEDIATE takes the write lock up front, so a busy database fails before any work is done.
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // After some errors (SQLITE_FULL in a commit) SQLite has already rolled back.
      if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
      throw error
    }
  }

  /// A transaction is open on this connection.
  var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  /// Rows changed by the last statement.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Schema version kept in the file header.
  var userVersion: Int {
    get throws { Int(try integer("PRAGMA user_version") ?? 0) }
  }

  func setUserVersion(_ version: Int) throws {
    try execute("PRAGMA user_version = \(version)")
  }

  /// The SQL of each statement run during `body`, once per run: a page read's query count is
  /// held by tests, since the count is what keeps it on the frame budget at any size.
  func statementsRun(during body: () throws -> Void) throws -> [String] {
    var statements: [String] = []
    try withUnsafeMutablePointer(to: &statements) { list in
      sqlite3_trace_v2(
        handle, UInt32(SQLITE_TRACE_STMT),
        { _, context, _, sql in
          guard let context, let sql else { return 0 }
          let text = String(cString: sql.assumingMemoryBound(to: CChar.self))
          context.assumingMemoryBound(to: [String].self).pointee.append(text)
          return 0
        }, list)
      defer { sqlite3_trace_v2(handle, 0, nil, nil) }
      try body()
    }
    return statements
  }
}
