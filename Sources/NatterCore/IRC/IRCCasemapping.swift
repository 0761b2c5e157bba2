/// How a server compares nicknames and channel names (ISUPPORT `CASEMAPPING`).
public enum IRCCasemapping: String, Equatable, Sendable {
  /// `A-Z` and `[]\~` fold to `a-z` and `{}|^`; the default when a server names none.
  case rfc1459
  /// `A-Z` and `[]\` fold to `a-z` and `{}|`.
  case strictRFC1459 = "rfc1459-strict"
  /// Only `A-Z` fold.
  case ascii

  /// The mapping a server names, or `rfc1459` for one this client does not know.
  public init(named name: String) {
    self = IRCCasemapping(rawValue: name.lowercased()) ?? .rfc1459
  }

  /// The folded form used as a dictionary key and for comparison.
  public func fold(_ name: String) -> String {
    var bytes = Array(name.utf8)
    var changed = false
    for index in bytes.indices {
      let folded = fold(byte: bytes[index])
      if folded != bytes[index] {
        bytes[index] = folded
        changed = true
      }
    }
    return changed ? String(decoding: bytes, as: UTF8.self) : name
  }

  /// Whether two names are the same under this mapping.
  public func equal(_ lhs: String, _ rhs: String) -> Bool { fold(lhs) == fold(rhs) }

  func fold(byte: UInt8) -> UInt8 {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte + 32
    case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"):
      return self == .ascii ? byte : byte + 32
    case UInt8(ascii: "~"): return self == .rfc1459 ? UInt8(ascii: "^") : byte
    default: return byte
    }
  }
}
