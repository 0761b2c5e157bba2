/// Why an import was refused; nothing is imported when any of these is thrown.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be opened or read.
  case unreadable(path: String, detail: String)
  /// A line is not a valid message; `number` counts from 1.
  case invalidLine(number: Int, reason: String)
  /// The database refused the import (for example, the disk is full).
  case store(StoreError)

  /// One plain sentence to show the user.
  public var userMessage: String {
    switch self {
    case .unreadable: return "The import file could not be read."
    case .invalidLine(let number, let reason):
      return "Line \(number) of the import file is not a valid message (\(reason)); "
        + "nothing was imported."
    case .store(let error): return error.userMessage
    }
  }

  /// The technical detail for logs.
  public var description: String {
    switch self {
    case .unreadable(let path, let detail): return "cannot read \(path): \(detail)"
    case .invalidLine(let number, let reason): return "line \(number): \(reason)"
    case .store(let error): return error.description
    }
  }
}
