import Foundation
import NatterCore
import Testing

@testable import NatterStore

@Suite struct LargeImportTests {
  /// One million canonical lines: import them, then export must give the same bytes back.
  @Test func importsAMillionLinesAndExportsThemIdentically() throws {
    let dir = try TemporaryDirectory()
    let count = 1_000_000
    let input = dir.file("million.jsonl")
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 170)
    let start: Int64 = 1_764_000_000_000
    for i in 0..<count {
      let record = ExportRecord(
        id: Fixtures.id(i), sender: i % 7 == 0 ? "alice" : "bob",
        sentAtMilliseconds: start + Int64(i) * 1500,
        body: "message \(i) with some words to index",
        tags: i % 5 == 0 ? ["swift", "Tag\(i % 3)"] : [],
        edited: i % 11 == 0)
      JSONLineEncoder.appendLine(record, to: &bytes)
    }
    try Data(bytes).write(to: input)

    let store = try Fixtures.store(in: dir)
    let clock = ContinuousClock()
    var summary = ImportSummary(inserted: 0, skippedDuplicates: 0)
    let elapsed = try clock.measure { summary = try store.import(from: input) }
    let size =
      (try FileManager.default.attributesOfItem(atPath: dir.databaseURL.path)[.size] as? Int) ?? 0
    print(
      "1,000,000-line import: \(elapsed), database \(size / 1_000_000) MB, "
        + "file \(bytes.count / 1_000_000) MB"
    )
    #expect(summary == ImportSummary(inserted: count, skippedDuplicates: 0))
    #expect(try store.count() == count)
    #expect(try store.cursor(atPosition: 765_432)?.id == Fixtures.id(765_432))
    #expect(try store.messages(.older, from: nil, limit: 1).first?.id == Fixtures.id(count - 1))
    #expect(try store.search(query: "999999", tags: ["SWIFT"], limit: 5).map(\.id) == [])
    #expect(
      try store.search(query: "999995", tags: ["SWIFT"], limit: 5).map(\.id) == [
        Fixtures.id(999_995)
      ])

    let output = dir.file("again.jsonl")
    try store.export(to: output)
    #expect(try Data(contentsOf: output) == Data(bytes))
  }
}
