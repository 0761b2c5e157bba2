import CSQLite
import NatterCore

/// Why a store operation failed; `userMessage` is the one sentence for a banner.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The disk (or the database's page limit) is full; nothing was written.
  case diskFull
  /// The database or its directory cannot be written.
  case readOnly(detail: String)
  /// The database file is damaged or is not a database.
  case corrupt(detail: String)
  /// The database was written by a newer Natter; it is left untouched.
  case newerSchema(found: Int, supported: Int)
  /// The data directory cannot be created or used.
  case dataDirectoryUnavailable(path: String, detail: String)
  /// A message with this id is already stored.
  case duplicateID(String)
  /// No message with this id is stored.
  case notFound(id: String)
  /// Reading or writing a file other than the database failed.
  case io(path: String, detail: String)
  /// Any other SQLite failure, with its extended result code.
  case sqlite(code: Int32, message: String)
  /// An export was asked to overwrite the database itself (or its -wal or -shm).
  case exportOntoDatabase(path: String)

  /// One plain sentence to show the user.
  public var userMessage: String {
    switch self {
    case .diskFull:
      return localized("The disk is full, so the message was not saved.")
    case .readOnly:
      return localized("The data folder is read-only, so this session will not be saved.")
    case .corrupt:
      return localized("The message history is damaged and could not be read.")
    case .newerSchema:
      return localized(
        "The message history was saved by a newer Natter, so this session will not be saved.")
    case .dataDirectoryUnavailable:
      return localized("The data folder cannot be used, so this session will not be saved.")
    case .duplicateID:
      return localized("This message is already saved.")
    case .notFound:
      return localized("The message no longer exists.")
    case .io:
      return localized("A file could not be read or written.")
    case .sqlite:
      return localized("The message history could not be saved.")
    case .exportOntoDatabase(let path):
      return localized(
        "{path} is the message history itself, so exporting to it would destroy it; "
          + "choose another file.", ["path": path])
    }
  }

  /// The technical detail for logs.
  public var description: String {
    switch self {
    case .diskFull: return "disk full (SQLITE_FULL)"
    case .readOnly(let detail): return "read-only: \(detail)"
    case .corrupt(let detail): return "corrupt database: \(detail)"
    case .newerSchema(let found, let supported):
      return "schema version \(found) is newer than the supported \(supported)"
    case .dataDirectoryUnavailable(let path, let detail): return "data directory \(path): \(detail)"
    case .duplicateID(let id): return "duplicate message id \(id)"
    case .notFound(let id): return "no message with id \(id)"
    case .io(let path, let detail): return "\(path): \(detail)"
    case .sqlite(let code, let message): return "SQLite error \(code): \(message)"
    case .exportOntoDatabase(let path): return "refused to export onto the database: \(path)"
    }
  }

  /// Whether this is the database or its folder refusing writes.
  var isReadOnly: Bool {
    if case .readOnly = self { return true }
    return false
  }

  /// Maps an SQLite result code to the case the app can act on.
  static func from(code: Int32, message: String) -> StoreError {
    switch code & 0xff {
    case SQLITE_FULL: return .diskFull
    case SQLITE_READONLY: return .readOnly(detail: message)
    case SQLITE_CORRUPT, SQLITE_NOTADB: return .corrupt(detail: message)
    default: return .sqlite(code: code, message: message)
    }
  }
}
