import Foundation
import SeededRandom
import Testing

@testable import NatterCore

@Suite struct TranscriptFormatterTests {
  let zone = TimeZone(identifier: "Pacific/Auckland") ?? .current
  var formatter: TranscriptFormatter {
    TranscriptFormatter(
      calendar: Calendar(identifier: .gregorian), timeZone: zone,
      locale: Locale(identifier: "en_US"))
  }

  private func date(_ string: String) -> Date {
    let parser = ISO8601DateFormatter()
    return parser.date(from: string) ?? Date(timeIntervalSince1970: 0)
  }

  private func message(_ sender: String, _ iso: String) -> Message {
    Message(sender: sender, sentAt: date(iso), body: "b")
  }

  @Test func firstRowAndSenderChangesShowTheHeader() {
    let first = message("ana", "2026-11-28T20:00:00Z")
    #expect(formatter.showsHeader(previous: nil, current: first))
    #expect(formatter.showsHeader(previous: first, current: message("bob", "2026-11-28T20:00:10Z")))
    #expect(
      !formatter.showsHeader(previous: first, current: message("ana", "2026-11-28T20:04:59Z")))
  }

  @Test func aNoticeAfterAMessageFromTheSameSenderShowsItsHeader() {
    let first = message("ana", "2026-11-28T20:00:00Z")
    var notice = message("ana", "2026-11-28T20:00:05Z")
    notice.kind = .notice
    #expect(formatter.showsHeader(previous: first, current: notice))
    var next = message("ana", "2026-11-28T20:00:06Z")
    next.kind = .notice
    #expect(!formatter.showsHeader(previous: notice, current: next))
    #expect(
      formatter.showsHeader(previous: notice, current: message("ana", "2026-11-28T20:00:07Z")))
  }

  @Test func fiveMinutesShowTheHeaderAgain() {
    let first = message("ana", "2026-11-28T20:00:00Z")
    #expect(formatter.showsHeader(previous: first, current: message("ana", "2026-11-28T20:05:00Z")))
  }

  @Test func aNewLocalDayShowsHeaderAndSeparator() {
    // 10:58 and 11:01 UTC straddle midnight in Auckland (UTC+13).
    let late = message("ana", "2026-11-28T10:58:00Z")
    let early = message("ana", "2026-11-28T11:01:00Z")
    #expect(formatter.showsDaySeparator(previous: late, current: early))
    #expect(formatter.showsHeader(previous: late, current: early))
    #expect(formatter.showsDaySeparator(previous: nil, current: late))
    let same = message("ana", "2026-11-28T11:02:00Z")
    #expect(!formatter.showsDaySeparator(previous: early, current: same))
  }

  @Test func dayLabelsReadTodayYesterdayOrTheDate() {
    let now = date("2026-11-28T21:00:00Z")  // Nov 29, 10:00 in Auckland
    #expect(formatter.dayLabel(for: date("2026-11-28T11:00:00Z"), now: now) == "Today")
    #expect(formatter.dayLabel(for: date("2026-11-28T10:59:00Z"), now: now) == "Yesterday")
    #expect(formatter.dayLabel(for: date("2026-11-27T11:00:00Z"), now: now) == "Yesterday")
    #expect(formatter.dayLabel(for: date("2026-11-26T12:00:00Z"), now: now) == "Nov 27, 2026")
  }

  @Test func theNextDayStartsAtLocalMidnight() {
    // 23:59:30 on Nov 28 in Auckland (UTC+13); its midnight is 11:00 UTC.
    let late = date("2026-11-28T10:59:30Z")
    #expect(formatter.nextDay(after: late) == date("2026-11-28T11:00:00Z"))
    #expect(formatter.nextDay(after: date("2026-11-28T11:00:00Z")) == date("2026-11-29T11:00:00Z"))
    // The day daylight saving ends is 25 hours long: the next one starts at 12:00 UTC.
    #expect(formatter.nextDay(after: date("2026-04-04T12:00:00Z")) == date("2026-04-05T12:00:00Z"))
  }

  @Test func theSameDayIsTheLocalOne() {
    let late = date("2026-11-28T10:59:30Z")
    #expect(formatter.isSameDay(late, date("2026-11-28T00:00:00Z")))
    #expect(!formatter.isSameDay(late, date("2026-11-28T11:00:00Z")))
    // What the label says changes exactly where the day does.
    let midnight = formatter.nextDay(after: late)
    #expect(formatter.dayLabel(for: late, now: midnight.addingTimeInterval(-1)) == "Today")
    #expect(formatter.dayLabel(for: late, now: midnight) == "Yesterday")
  }

  @Test func dayLabelUsesThePassedLocale() {
    let german = TranscriptFormatter(
      calendar: Calendar(identifier: .gregorian), timeZone: zone,
      locale: Locale(identifier: "de_DE"))
    let label = german.dayLabel(
      for: date("2026-11-26T12:00:00Z"), now: date("2026-11-28T21:00:00Z"))
    #expect(label.contains("27") && label.contains("2026") && !label.contains("Nov 27,"))
  }

  private func formatter(_ locale: String) -> TranscriptFormatter {
    TranscriptFormatter(
      calendar: Calendar(identifier: .gregorian), timeZone: zone,
      locale: Locale(identifier: locale))
  }

  @Test func timeLabelIsLocalTimeOnTheLocalesClock() {
    // ICU's en_US pattern puts a narrow no-break space before the day period.
    #expect(formatter.timeLabel(for: date("2026-11-28T20:05:41Z")) == "9:05\u{202F}AM")
    #expect(formatter.timeLabel(for: date("2026-11-28T10:30:00Z")) == "11:30\u{202F}PM")
    #expect(formatter("de_DE").timeLabel(for: date("2026-11-28T10:30:00Z")) == "23:30")
    #expect(formatter("de_DE").timeLabel(for: date("2026-11-28T20:05:41Z")) == "09:05")
    #expect(formatter("ko_KR").timeLabel(for: date("2026-11-28T10:30:00Z")) == "오후 11:30")
  }

  @Test func tooltipGivesTheFullDate() {
    let tooltip = formatter.tooltip(for: date("2026-11-28T20:05:41Z"))
    #expect(tooltip.contains("Sunday, November 29, 2026"))
    #expect(tooltip.contains("9:05:41"))
  }

  @Test func daysAndTimesFollowDaylightSavingChanges() {
    // Auckland leaves daylight saving at 03:00 NZDT on 2026-04-05 (14:00 UTC the day before):
    // clocks go back to 02:00 NZST, UTC+12.
    let formatter = formatter("de_DE")
    #expect(formatter.timeLabel(for: date("2026-04-04T13:59:00Z")) == "02:59")
    #expect(formatter.timeLabel(for: date("2026-04-04T14:00:00Z")) == "02:00")
    #expect(formatter.timeLabel(for: date("2026-04-05T11:59:00Z")) == "23:59")
    let beforeMidnight = message("ana", "2026-04-05T11:59:00Z")
    let afterMidnight = message("ana", "2026-04-05T12:00:00Z")
    #expect(formatter.showsDaySeparator(previous: beforeMidnight, current: afterMidnight))
  }

  @Test(arguments: ["en_US", "de_DE", "ko_KR", "en_GB", "fr_CA"])
  func agreesWithICUOverAYearOfRandomTimes(locale: String) {
    let formatter = formatter(locale)
    let icu = DateFormatter()
    icu.locale = Locale(identifier: locale)
    icu.timeZone = zone
    icu.setLocalizedDateFormatFromTemplate("jmm")
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    var generator = SeededGenerator(seed: 7)
    var previous = date("2026-01-01T00:00:00Z")
    for _ in 0..<2_000 {
      let next = previous.addingTimeInterval(Double(Int.random(in: 0...40_000, using: &generator)))
      #expect(formatter.timeLabel(for: next) == icu.string(from: next))
      #expect(
        formatter.showsDaySeparator(
          previous: Message(sender: "a", sentAt: previous, body: ""),
          current: Message(sender: "a", sentAt: next, body: ""))
          == !calendar.isDate(previous, inSameDayAs: next))
      previous = next
    }
  }
}
