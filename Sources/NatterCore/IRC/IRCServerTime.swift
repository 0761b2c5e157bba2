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
      let length = bytes.count - 21
      guard bytes[19] == UInt8(ascii: "."), length > 0,
        bytes[20..<bytes.count - 1].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
      else { return nil }
      // Nanoseconds are all a Date holds; more digits would overflow `number` (a server
      // that sent 23 of them crashed Natter, issue 30), so they are read and not used.
      let used = min(length, 9)
      fraction = Double(number(20, used) ?? 0) / pow(10, Double(used))
    }
    let days = Int(CivilDate.days(year: Int64(year), month: Int64(month), day: Int64(day)))
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
    let civil = CivilDate.date(days: Int64(day))
    let (year, month, dayOfMonth) = (Int(civil.year), Int(civil.month), Int(civil.day))
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(dayOfMonth, 2))T\(pad(second / 3600, 2)):"
      + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2)).\(pad(seconds.remainder, 3))Z"
  }
}
