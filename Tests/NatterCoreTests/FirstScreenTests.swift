import Foundation
import Testing

@testable import NatterCore

@Suite struct FirstScreenTests {
  let formatter = TranscriptFormatter(
    calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC")!,
    locale: Locale(identifier: "en_US"))
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  /// `count` messages a minute apart, newest first, each with the one above it.
  private func rows(
    _ count: Int, sender: (Int) -> String = { _ in "ana" }, body: String = "hello",
    tags: [String] = [], kind: Message.Kind = .message
  ) -> [(message: Message, previous: Message?)] {
    let messages = (0..<count).map { index in
      Message(
        sender: sender(index), sentAt: start.addingTimeInterval(Double(index) * 60), body: body,
        tags: tags, kind: kind)
    }
    return messages.indices.reversed().map { index in
      (message: messages[index], previous: index == 0 ? nil : messages[index - 1])
    }
  }

  @Test func groupedOneLineMessagesFillTheHeightWithOneSpare() {
    let screen = FirstScreen(height: 500, width: 600, lineHeight: 18)
    // 20 px a row: 25 rows reach 500 px, and one spare for the partial row at the top.
    #expect(screen.rowCount(newestFirst: rows(100), formatter: formatter) == 26)
  }

  @Test func headersMakeRowsTallerSoFewerAreNeeded() {
    let screen = FirstScreen(height: 500, width: 600, lineHeight: 18)
    let grouped = screen.rowCount(newestFirst: rows(100), formatter: formatter)
    let alternating = screen.rowCount(
      newestFirst: rows(100, sender: { $0 % 2 == 0 ? "ana" : "bob" }), formatter: formatter)
    // 20 px + 18 (a line for the sender) + 7 (the group's gap) = 45 px a row.
    #expect(alternating == 500 / 45 + 1 + 1)
    #expect(alternating < grouped)
  }

  @Test func tagsAndLongBodiesCountAsMoreLines() {
    let screen = FirstScreen(height: 500, width: 600, lineHeight: 18)
    let plain = screen.rowCount(newestFirst: rows(100), formatter: formatter)
    let tagged = screen.rowCount(newestFirst: rows(100, tags: ["x"]), formatter: formatter)
    // 600 px hold at most 166 characters: 500 characters are at least 4 lines.
    let long = screen.rowCount(
      newestFirst: rows(100, body: String(repeating: "w", count: 500)), formatter: formatter)
    #expect(tagged < plain)
    #expect(long == 500 / (4 * 18 + 2) + 1 + 1)
  }

  @Test func eachParagraphIsAtLeastOneLineAndAFoldedBodyAtMostItsPreview() {
    let screen = FirstScreen(height: 500, width: 600, lineHeight: 18)
    #expect(screen.bodyLines("") == 1)
    #expect(screen.bodyLines("a\nb\n\nc") == 4)
    #expect(screen.bodyLines(String(repeating: "w", count: 167)) == 2)
    #expect(screen.bodyLines(String(repeating: "line\n", count: 40)) == MessageFold.maxLines)
  }

  @Test func statusLinesAreSmaller() {
    let screen = FirstScreen(height: 500, width: 600, lineHeight: 18)
    let status = screen.rowCount(newestFirst: rows(100, kind: .status), formatter: formatter)
    #expect(status == 500 / 11 + 1 + 1)
  }

  @Test func aShortHistoryIsShownWhole() {
    let screen = FirstScreen(height: 500, width: 600, lineHeight: 18)
    #expect(screen.rowCount(newestFirst: rows(3), formatter: formatter) == 3)
    #expect(screen.rowCount(newestFirst: [], formatter: formatter) == 0)
  }

  @Test func theEstimateIsNeverTallerThanWhatItCounts() {
    // Whatever the shape, the rows counted (less the spare) reach the height and one fewer
    // would not: the count is the least that fills.
    let screen = FirstScreen(height: 480, width: 500, lineHeight: 17)
    let all = rows(60, sender: { $0 % 3 == 0 ? "ana" : "bob" }, body: "a line of some words")
    let count = screen.rowCount(newestFirst: all, formatter: formatter)
    let heights = all.map {
      screen.rowHeight($0.message, previous: $0.previous, formatter: formatter)
    }
    let filled = heights.prefix(count - FirstScreen.spareRows).reduce(0, +)
    #expect(filled >= 480)
    #expect(filled - heights[count - FirstScreen.spareRows - 1] < 480)
  }
}
