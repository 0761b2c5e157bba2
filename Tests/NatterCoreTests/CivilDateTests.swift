import Foundation
import NatterCore
import Testing

@Suite("CivilDate")
struct CivilDateTests {
  @Test func knownDays() {
    #expect(CivilDate.days(year: 1970, month: 1, day: 1) == 0)
    #expect(CivilDate.days(year: 2000, month: 3, day: 1) == 11_017)
    #expect(CivilDate.days(year: 1969, month: 12, day: 31) == -1)
    #expect(CivilDate.days(year: 0, month: 1, day: 1) == -719_528)
  }

  @Test func roundTripsFromYearZeroTo9999() {
    let first = CivilDate.days(year: 0, month: 1, day: 1)
    let last = CivilDate.days(year: 9999, month: 12, day: 31)
    for days in stride(from: first, through: last, by: 37) {
      let (year, month, day) = CivilDate.date(days: days)
      #expect(CivilDate.days(year: year, month: month, day: day) == days)
    }
    #expect(CivilDate.date(days: last) == (9999, 12, 31))
  }

  /// Foundation's Gregorian calendar is Julian before 1582, so it is compared from 1600 on.
  @Test func agreesWithFoundationsCalendarFrom1600() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let start = CivilDate.days(year: 1600, month: 1, day: 1)
    for days in stride(from: start, through: 146_097 * 2, by: 97) {
      let (year, month, day) = CivilDate.date(days: days)
      let parts = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
      #expect(parts.year.map(Int64.init) == year && parts.month.map(Int64.init) == month)
      #expect(parts.day.map(Int64.init) == day)
    }
  }
}
