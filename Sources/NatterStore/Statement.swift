import CSQLite

/// A prepared statement; binds and reads use explicit byte lengths so text may contain NUL.
final class Statement {
  let handle: OpaquePointer
  // Unowned: the connection owns its cached statements and finalizes them before closing.
  unowned let connection: SQLiteConnection

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  func bind(_ index: Int32, _ value: String) throws {
    var value = value
    let rc = value.withUTF8 { bytes -> Int32 in
      // An empty buffer may have no base address, which SQLite would bind as NULL, not "".
      guard let base = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text(handle, index, "", 0, natter_sqlite_transient())
      }
      return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        sqlite3_bind_text(handle, index, $0, Int32(bytes.count), natter_sqlite_transient())
      }
    }
    guard rc == SQLITE_OK else { throw connection.error(rc) }
  }

  func bind(_ index: Int32, _ value: Int64) throws {
    let rc = sqlite3_bind_int64(handle, index, value)
    guard rc == SQLITE_OK else { throw connection.error(rc) }
  }

  func bind(_ index: Int32, _ value: Int) throws { try bind(index, Int64(value)) }

  /// Binds all values in order, starting at parameter 1.
  func bind(_ values: [StatementValue]) throws {
    for (offset, value) in values.enumerated() {
      switch value {
      case .text(let text): try bind(Int32(offset + 1), text)
      case .integer(let number): try bind(Int32(offset + 1), number)
      }
    }
  }

  /// Advances; true when a row is available, false when done.
  func step() throws -> Bool {
    let rc = sqlite3_step(handle)
    switch rc {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let failure = connection.error(rc)
      sqlite3_reset(handle)
      throw failure
    }
  }

  /// Steps a statement that returns no rows.
  func run() throws {
    defer { sqlite3_reset(handle) }
    _ = try step()
  }

  func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  /// Binds `value`, or NULL when it is nil.
  func bind(_ index: Int32, _ value: String?) throws {
    guard let value else {
      let rc = sqlite3_bind_null(handle, index)
      guard rc == SQLITE_OK else { throw connection.error(rc) }
      return
    }
    try bind(index, value)
  }

  /// The column's text when it is valid UTF-8; nil for anything else (a damaged page's bytes).
  func validText(_ column: Int32) -> String? {
    guard sqlite3_column_type(handle, column) == SQLITE_TEXT,
      let bytes = sqlite3_column_text(handle, column)
    else { return nil }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }
}
