import Foundation

/// The comparison key of a tag: NFC, then lowercased, as SPEC §3 compares tags.
enum TagKey {
  static func of(_ tag: String) -> String {
    // Most tags are ASCII; skip Foundation's normalisation for them (it dominates import time).
    if tag.utf8.allSatisfy({ $0 < 0x80 }) { return tag.lowercased() }
    return tag.precomposedStringWithCanonicalMapping.lowercased()
  }
}
