import Foundation

/// How transcript rows are labelled: headers, day separators, times and tooltips.
///
/// Calendar, time zone and locale are passed in, and "now" with each day label, so every
/// label is reproducible in tests. Formatters are built once; use it from one thread.
public final class TranscriptFormatter {
  /// A row repeats sender and time when at least this long has passed since the previous row.
  public static let headerGap: TimeInterval = 5 * 60

  private let calendar: Calendar
  private let dateFormatter = DateFormatter()
  private let timeFormatter = DateFormatter()
  private let tooltipFormatter = DateFormatter()

  /// Labels in `timeZone` and `locale`; `calendar` decides what a day is.
  public init(calendar: Calendar, timeZone: TimeZone, locale: Locale) {
    var calendar = calendar
    calendar.timeZone = timeZone
    self.calendar = calendar
    for formatter in [dateFormatter, timeFormatter, tooltipFormatter] {
      formatter.calendar = calendar
      formatter.timeZone = timeZone
      formatter.locale = locale
    }
    dateFormatter.dateStyle = .medium
    dateFormatter.timeStyle = .none
    timeFormatter.locale = Locale(identifier: "en_US_POSIX")
    timeFormatter.dateFormat = "HH:mm"
    tooltipFormatter.dateStyle = .full
    tooltipFormatter.timeStyle = .medium
  }

  /// Whether `current` shows sender and time: first row, another sender, a new day, or 5 minutes.
  public func showsHeader(previous: Message?, current: Message) -> Bool {
    guard let previous else { return true }
    return previous.sender != current.sender
      || abs(current.sentAt.timeIntervalSince(previous.sentAt)) >= Self.headerGap
      || showsDaySeparator(previous: previous, current: current)
  }

  /// Whether a day separator goes above `current`: first row, or another day than `previous`.
  public func showsDaySeparator(previous: Message?, current: Message) -> Bool {
    guard let previous else { return true }
    return !calendar.isDate(previous.sentAt, inSameDayAs: current.sentAt)
  }

  /// `Today`, `Yesterday`, or the medium date in the locale (`Nov 27, 2026` in en_US).
  public func dayLabel(for date: Date, now: Date) -> String {
    let day = calendar.startOfDay(for: date)
    let today = calendar.startOfDay(for: now)
    if day == today { return "Today" }
    if let yesterday = calendar.date(byAdding: .day, value: -1, to: today), day == yesterday {
      return "Yesterday"
    }
    return dateFormatter.string(from: date)
  }

  /// The row's time, `HH:mm` on the 24-hour clock.
  public func timeLabel(for date: Date) -> String { timeFormatter.string(from: date) }

  /// The full date and time, for the time label's tooltip.
  public func tooltip(for date: Date) -> String { tooltipFormatter.string(from: date) }
}
