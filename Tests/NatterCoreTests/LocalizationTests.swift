import Foundation
import Testing

@testable import NatterCore

@Suite struct LocalizationTests {
  @Test func placeholdersAreFilledByName() {
    #expect(
      Localization.fill("You joined {channel}", ["channel": "#natter"]) == "You joined #natter")
    #expect(
      Localization.fill("{who} → {channel}", ["channel": "#a", "who": "ana"]) == "ana → #a")
    #expect(Localization.fill("{unknown} stays", ["channel": "#a"]) == "{unknown} stays")
    #expect(Localization.fill("open { brace", ["channel": "#a"]) == "open { brace")
  }

  @Test func aValueIsNeverReadAsAPlaceholder() {
    #expect(
      Localization.fill("{a} and {b}", ["a": "{b}", "b": "x"]) == "{b} and x")
  }

  @Test func withoutACatalogueTheEnglishPluralRuleApplies() {
    #expect(
      localizedPlural("{count} new message", "{count} new messages", count: 1) == "1 new message")
    #expect(
      localizedPlural("{count} new message", "{count} new messages", count: 0) == "0 new messages")
    #expect(
      localizedPlural("{count} new message", "{count} new messages", count: 3) == "3 new messages")
  }
}

@Suite struct ClockPatternTests {
  @Test func twelveHourClocksHaveNoHourZero() {
    let clock = ClockPattern(pattern: "h:mm a", am: "AM", pm: "PM")
    #expect(clock.format(minutesAfterMidnight: 0) == "12:00 AM")
    #expect(clock.format(minutesAfterMidnight: 12 * 60 + 5) == "12:05 PM")
    #expect(clock.format(minutesAfterMidnight: 23 * 60 + 59) == "11:59 PM")
  }

  @Test func dayPeriodFirstAndQuotedLiterals() {
    let korean = ClockPattern(pattern: "a h:mm", am: "오전", pm: "오후")
    #expect(korean.format(minutesAfterMidnight: 15 * 60 + 4) == "오후 3:04")
    let quoted = ClockPattern(pattern: "HH 'h' mm", am: "", pm: "")
    #expect(quoted.format(minutesAfterMidnight: 9 * 60 + 7) == "09 h 07")
  }

  @Test func twentyFourHourIsPadded() {
    #expect(ClockPattern.twentyFourHour.format(minutesAfterMidnight: 7) == "00:07")
    #expect(
      ClockPattern(pattern: "H:mm", am: "", pm: "").format(minutesAfterMidnight: 65) == "1:05")
  }

  @Test func aKeptPatternComesBackOnlyForItsLocale() {
    let korean = ClockPattern(pattern: "a h:mm", am: "오전", pm: "오후")
    let line = korean.cacheLine(for: "ko_KR")
    #expect(ClockPattern(cacheLine: line, for: "ko_KR") == korean)
    #expect(ClockPattern(cacheLine: line, for: "de_DE") == nil, "another locale asks ICU")
    #expect(ClockPattern(cacheLine: "ko_KR\ta h:mm", for: "ko_KR") == nil)
    #expect(ClockPattern(cacheLine: "ko_KR\t\t\t", for: "ko_KR") == nil)
    #expect(ClockPattern(cacheLine: "", for: "") == nil)
  }

  @Test func aKnownPatternIsUsedInsteadOfICUs() {
    let formatter = TranscriptFormatter(
      calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC")!,
      locale: Locale(identifier: "en_US"), clock: ClockPattern(pattern: "HH.mm", am: "", pm: ""))
    #expect(formatter.timeLabel(for: Date(timeIntervalSince1970: 13 * 3600 + 5 * 60)) == "13.05")
  }
}
