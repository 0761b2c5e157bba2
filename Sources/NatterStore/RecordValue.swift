/// One column of a record in SQLite's record format, as stored.
enum RecordValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text([UInt8])
  case blob([UInt8])

  /// The text, when it is text and valid UTF-8.
  var string: String? {
    guard case .text(let bytes) = self else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  var integer: Int64? {
    guard case .integer(let value) = self else { return nil }
    return value
  }

  var isNull: Bool { self == .null }
}
