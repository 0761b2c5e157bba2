import Foundation

/// How transcript rows are labelled: headers, day separators, times and tooltips.
///
/// Calendar, time zone and locale are passed in, and "now" with each day label, so every
/// label is reproducible in tests. Formatters are built once; use it from one thread.
///
/// Rows are bound by the hundred when a long history opens, and Foundation's date formatting
/// and calendar arithmetic go through ICU at tens of microseconds a call. So the per-row
/// questions (which local day, what `HH:mm`) are answered with integer arithmetic on the
/// zone's UTC offset, looked up once per quarter hour; ICU formats only what is rare: a day
/// separator's date (once per day) and a tooltip (when one is shown).
public final class TranscriptFormatter {
  /// A row repeats sender and time when at least this long has passed since the previous row.
  public static let headerGap: TimeInterval = 5 * 60

  private let timeZone: TimeZone
  private let locale: Locale
  private let calendar: Calendar
  /// Asked of ICU at the first time label, so an empty window never pays for it; unless the
  /// app knew it from an earlier start.
  private lazy var clock = knownClock ?? ClockPattern(locale: locale)
  private let knownClock: ClockPattern?
  private let dateFormatter = DateFormatter()
  private let tooltipFormatter = DateFormatter()
  /// UTC offsets by quarter hour since the epoch; zones change offset on those boundaries.
  private var offsets: [Int64: Int] = [:]
  /// Day separator dates by local day number.
  private var dateLabels: [Int64: String] = [:]

  /// Labels in `timeZone` and `locale`; `calendar` formats the dates of separators and tooltips.
  /// `clock` is `locale`'s time pattern when it is already known.
  public init(calendar: Calendar, timeZone: TimeZone, locale: Locale, clock: ClockPattern? = nil) {
    knownClock = clock
    var calendar = calendar
    calendar.timeZone = timeZone
    self.calendar = calendar
    self.timeZone = timeZone
    self.locale = locale
    for formatter in [dateFormatter, tooltipFormatter] {
      formatter.calendar = calendar
      formatter.timeZone = timeZone
      formatter.locale = locale
    }
    dateFormatter.dateStyle = .medium
    dateFormatter.timeStyle = .none
    tooltipFormatter.dateStyle = .full
    tooltipFormatter.timeStyle = .medium
  }

  /// Whether `current` shows sender and time: first row, another sender, a new day, or 5 minutes.
  /// With `placed` (results from every conversation, each saying where it is from), a
  /// message from another conversation than the one above starts a group too.
  public func showsHeader(previous: Message?, current: Message, placed: Bool) -> Bool {
    showsHeader(previous: previous, current: current)
      || placed && current.kind != .status && previous?.conversation != current.conversation
  }

  public func showsHeader(previous: Message?, current: Message) -> Bool {
    // A status line (a join, a server error) is nobody's message: no sender, no header.
    guard current.kind != .status else { return false }
    guard let previous else { return true }
    // A notice's header says it is one, so a change between notice and message shows one.
    return previous.sender != current.sender || previous.kind == .status
      || (previous.kind == .notice) != (current.kind == .notice)
      || abs(current.sentAt.timeIntervalSince(previous.sentAt)) >= Self.headerGap
      || showsDaySeparator(previous: previous, current: current)
  }

  /// Whether a day separator goes above `current`: first row, or another day than `previous`.
  public func showsDaySeparator(previous: Message?, current: Message) -> Bool {
    guard let previous else { return true }
    return localDay(previous.sentAt) != localDay(current.sentAt)
  }

  /// `Today`, `Yesterday` (in the user's language), or the medium date in the locale
  /// (`Nov 27, 2026` in en_US).
  public func dayLabel(for date: Date, now: Date) -> String {
    let day = localDay(date)
    let today = localDay(now)
    if day == today { return localized("Today") }
    if day == today - 1 { return localized("Yesterday") }
    if let label = dateLabels[day] { return label }
    let label = dateFormatter.string(from: date)
    if dateLabels.count > 4096 { dateLabels.removeAll() }
    dateLabels[day] = label
    return label
  }

  /// When `now`'s `Today` becomes `Yesterday`: the start of the next local day.
  public func nextDay(after now: Date) -> Date {
    calendar.dateInterval(of: .day, for: now)?.end ?? now.addingTimeInterval(86_400)
  }

  /// Whether `first` and `second` fall on one local day, so a label read at one holds at the
  /// other.
  public func isSameDay(_ first: Date, _ second: Date) -> Bool {
    localDay(first) == localDay(second)
  }

  /// The row's time as the locale writes it: `14:05` in de_DE, `2:05 PM` in en_US.
  public func timeLabel(for date: Date) -> String {
    clock.format(minutesAfterMidnight: Int((localSeconds(date) % 86_400 + 86_400) % 86_400 / 60))
  }

  /// The full date and time, for the time label's tooltip.
  public func tooltip(for date: Date) -> String { tooltipFormatter.string(from: date) }

  /// The locale's time pattern (from ICU, the first time it is asked for).
  public var clockPattern: ClockPattern { clock }

  /// Seconds since the epoch on the local wall clock.
  private func localSeconds(_ date: Date) -> Int64 {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let quarter = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
    let offset: Int
    if let known = offsets[quarter] {
      offset = known
    } else {
      offset = timeZone.secondsFromGMT(for: date)
      if offsets.count > 4096 { offsets.removeAll() }
      offsets[quarter] = offset
    }
    return seconds + Int64(offset)
  }

  /// The local calendar day, as days since the epoch.
  private func localDay(_ date: Date) -> Int64 {
    let seconds = localSeconds(date)
    return seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
  }
}
