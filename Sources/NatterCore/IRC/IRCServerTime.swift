import Foundation

/// The IRCv3 `server-time` tag: `YYYY-MM-DDThh:mm:ss.sssZ`, always UTC.
public enum IRCServerTime {
  /// The moment a `time` tag names, or nil when it is malformed.
  public static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ start: Int, _ length: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<start + length] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
      let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      guard bytes[19] == UInt8(ascii: "."), bytes.count > 21,
        let digits = number(20, bytes.count - 21)
      else { return nil }
      fraction = Double(digits) / pow(10, Double(bytes.count - 21))
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
    return Date(timeIntervalSince1970: seconds)
  }

  /// The `time` tag for a moment, in milliseconds.
  public static func format(_ date: Date) -> String {
    let millis = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
    let seconds = millis.quotientAndRemainder(dividingBy: 1000)
    let days = seconds.quotient.quotientAndRemainder(dividingBy: 86_400)
    var (day, second) = days
    if second < 0 {
      day -= 1
      second += 86_400
    }
    let (year, month, dayOfMonth) = civil(fromDays: day)
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(second / 3600, 2)):"
      + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2)).\(pad(seconds.remainder, 3))Z"
  }

  /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  private static func civil(fromDays days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
