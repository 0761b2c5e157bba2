import Foundation
import NatterCore

/// Converts between `Date`, stored milliseconds and the export format's ISO-8601 UTC text.
///
/// Hand-written rather than `ISO8601DateFormatter` so that formatting is exact, fast for a
/// million lines, and free of locale or time zone state.
enum Timestamp {
  /// Milliseconds since the epoch, rounded to the nearest so `1.001` s does not become 1000 ms.
  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// The date for stored milliseconds.
  static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// Appends `2026-11-29T18:55:41Z`, or `…41.250Z` when the milliseconds are not zero.
  static func append(_ milliseconds: Int64, to out: inout [UInt8]) {
    let (days, msOfDay) = floorDivide(milliseconds, 86_400_000)
    let (year, month, day) = CivilDate.date(days: days)
    let seconds = msOfDay / 1000
    func two(_ value: Int64) {
      out.append(UInt8(48 + value / 10))
      out.append(UInt8(48 + value % 10))
    }
    // Years outside 0...9999 cannot be parsed back; they cannot be written by the app either.
    let clampedYear = min(max(year, 0), 9999)
    two(clampedYear / 100)
    two(clampedYear % 100)
    out.append(UInt8(ascii: "-"))
    two(month)
    out.append(UInt8(ascii: "-"))
    two(day)
    out.append(UInt8(ascii: "T"))
    two(seconds / 3600)
    out.append(UInt8(ascii: ":"))
    two(seconds / 60 % 60)
    out.append(UInt8(ascii: ":"))
    two(seconds % 60)
    let fraction = msOfDay % 1000
    if fraction != 0 {
      out.append(UInt8(ascii: "."))
      out.append(UInt8(48 + fraction / 100))
      two(fraction % 100)
    }
    out.append(UInt8(ascii: "Z"))
  }

  /// The first and last instants `append` can write: years 0000 to 9999.
  static let earliest: Int64 = CivilDate.days(year: 0, month: 1, day: 1) * 86_400_000
  static let latest: Int64 =
    CivilDate.days(year: 9999, month: 12, day: 31) * 86_400_000 + 86_399_999

  /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
  ///
  /// Returns nil for a time that would not be exported as the same instant: one with a non-zero
  /// digit below the millisecond, or one whose offset moves it out of years 0 to 9999 (the
  /// export writes UTC and cannot write year 10000).
  static func parse<C: Collection>(_ text: C) -> Int64? where C.Element == UInt8, C.Index == Int {
    var i = text.startIndex
    let end = text.endIndex
    func number(_ digits: Int) -> Int64? {
      guard end - i >= digits else { return nil }
      var value: Int64 = 0
      for _ in 0..<digits {
        let c = text[i]
        guard c >= 48, c <= 57 else { return nil }
        value = value * 10 + Int64(c - 48)
        i += 1
      }
      return value
    }
    func expect(_ char: Character) -> Bool {
      guard i < end, text[i] == char.asciiValue else { return false }
      i += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"),
      let day = number(2), expect("T"), let hour = number(2), expect(":"),
      let minute = number(2), expect(":"), let second = number(2)
    else { return nil }
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction: Int64 = 0
    if i < end, text[i] == UInt8(ascii: ".") {
      i += 1
      var digits = 0
      while i < end, text[i] >= 48, text[i] <= 57 {
        if digits < 3 {
          fraction = fraction * 10 + Int64(text[i] - 48)
        } else if text[i] != UInt8(ascii: "0") {
          return nil
        }
        digits += 1
        i += 1
      }
      guard digits > 0 else { return nil }
      for _ in digits..<max(digits, 3) { fraction *= 10 }
    }
    var offsetSeconds: Int64 = 0
    guard i < end else { return nil }
    if text[i] == UInt8(ascii: "Z") {
      i += 1
    } else if text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
      let sign: Int64 = text[i] == UInt8(ascii: "+") ? 1 : -1
      i += 1
      guard let offsetHours = number(2), expect(":"), let offsetMinutes = number(2),
        offsetHours < 24, offsetMinutes < 60
      else { return nil }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    } else {
      return nil
    }
    guard i == end else { return nil }
    let days = CivilDate.days(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    let milliseconds = seconds * 1000 + fraction
    return (earliest...latest).contains(milliseconds) ? milliseconds : nil
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
    let q = a / b
    let r = a % b
    return r < 0 ? (q - 1, r + b) : (q, r)
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
