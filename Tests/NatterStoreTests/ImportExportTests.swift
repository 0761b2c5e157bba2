import Foundation
import NatterCore
import Testing

@testable import NatterStore

@Suite struct ImportExportTests {
  private func exported(_ store: MessageStore, in dir: TemporaryDirectory, name: String) throws
    -> Data
  {
    let url = dir.file(name)
    try store.export(to: url)
    return try Data(contentsOf: url)
  }

  @Test func exportWritesTheExactLineFormat() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    var message = Fixtures.message(
      1, sender: "Ann \"A\"", body: "two\nlines\t/ é", tags: ["swift", "Ünï"])
    message.edited = true
    try store.insert(message)
    try store.insert(Fixtures.message(2, secondsAfterBase: 0.25))
    let text = String(decoding: try exported(store, in: dir, name: "out.jsonl"), as: UTF8.self)
    #expect(
      text == #"""
        {"id":"00000000-0000-4000-8000-000000000002","sender":"alice","sent_at":"2026-11-29T18:55:41.250Z","body":"message 2","tags":[],"edited":false}
        {"id":"00000000-0000-4000-8000-000000000001","sender":"Ann \"A\"","sent_at":"2026-11-29T18:55:42Z","body":"two\nlines\t/ é","tags":["swift","Ünï"],"edited":true}

        """#)
  }

  @Test func exportImportExportIsByteIdentical() throws {
    let dir = try TemporaryDirectory()
    let source = try MessageStore.inMemory()
    let bodies = [
      "plain", "quote \" backslash \\ nul \u{0} bell \u{7}", "😀 e\u{301} 日本語", " x ", "\r\ny",
    ]
    for n in 0..<50 {
      try source.insert(
        Fixtures.message(
          n, sender: n % 2 == 0 ? "alice" : "bøb", body: bodies[n % bodies.count],
          tags: n % 3 == 0 ? ["swift", "Tag\(n % 4)"] : [],
          secondsAfterBase: Double(n / 4) + (n % 2 == 0 ? 0 : 0.125)))
    }
    let first = try exported(source, in: dir, name: "first.jsonl")
    let target = try Fixtures.store(in: dir)
    let summary = try target.import(from: dir.file("first.jsonl"))
    #expect(summary == ImportSummary(inserted: 50, skippedDuplicates: 0))
    let second = try exported(target, in: dir, name: "second.jsonl")
    #expect(first == second)
    #expect(first.count > 0)
  }

  @Test func importIsIdempotentById() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    try store.insert(Fixtures.message(1))
    let file = dir.file("in.jsonl")
    try Fixtures.write(
      #"""
      {"id":"\#(Fixtures.id(1))","sender":"alice","sent_at":"2026-11-29T18:55:42Z","body":"message 1"}
      {"id":"new-1","sender":"x","sent_at":"2026-11-29T18:55:41Z","body":"a","tags":["T"],"edited":true,"extra":{"ignored":[1]}}
      {"id":"new-1","sender":"x","sent_at":"2026-11-29T19:55:41+01:00","body":"a","tags":["T"],"edited":true}
      """#, to: file)
    #expect(try store.import(from: file) == ImportSummary(inserted: 1, skippedDuplicates: 2))
    #expect(try store.import(from: file) == ImportSummary(inserted: 0, skippedDuplicates: 3))
    #expect(try store.count() == 2)
    #expect(try store.message(id: Fixtures.id(1))?.body == "message 1")
    let imported = try #require(try store.message(id: "new-1"))
    #expect(imported.tags == ["T"] && imported.edited && imported.body == "a")
  }

  @Test func acceptsTrailingEmptyLinesCRLFAndABOM() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let file = dir.file("in.jsonl")
    let line = #"{"id":"a","sender":"x","sent_at":"2026-11-29T18:55:41Z","body":"b"}"#
    try Data([0xEF, 0xBB, 0xBF] + Array((line + "\r\n\r\n\n").utf8)).write(to: file)
    #expect(try store.import(from: file).inserted == 1)
    try Fixtures.write("", to: file)
    #expect(try store.import(from: file) == ImportSummary(inserted: 0, skippedDuplicates: 0))
  }

  static let badLines: [(String, String)] = [
    ("garbage text", "unexpected character"),
    (#"["an","array"]"#, "expected a JSON object"),
    (#"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z"}"#, "missing \"body\""),
    (#"{"id":"","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b"}"#, "the id is blank"),
    (
      #"{"id":7,"sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b"}"#,
      "\"id\" must be a string"
    ),
    (#"{"id":"x","sender":"s","sent_at":"yesterday","body":"b"}"#, "\"sent_at\" is not"),
    (
      #"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b","formatted":"\u0002c"}"#,
      "with mIRC formatting"
    ),
    (
      #"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b","tags":[1]}"#, "\"tags\""
    ),
    (
      #"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b","edited":"no"}"#,
      "\"edited\""
    ),
    (
      #"{"id":"x","id":"y","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b"}"#,
      "duplicate key"
    ),
    (
      #"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b"} trailing"#,
      "after the JSON"
    ),
    (
      #"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"cut"#, "unterminated string"
    ),
  ]

  @Test(arguments: badLines)
  func invalidLineIsReportedByNumberAndNothingIsImported(line: String, reason: String) throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let good = (0..<3).map {
      #"{"id":"g\#($0)","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"fine"}"#
    }
    let file = dir.file("in.jsonl")
    try Fixtures.write(
      (good + [line] + good.map { $0.replacingOccurrences(of: "\"g", with: "\"h") })
        .joined(separator: "\n"), to: file)
    do {
      _ = try store.import(from: file)
      Issue.record("import of a bad line succeeded")
    } catch .invalidLines(let problems, let total) {
      #expect(total == 1 && problems.map(\.line) == [4])
      #expect(problems.first?.reason.contains(reason) == true, "\(problems)")
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(try store.count() == 0)
  }

  @Test func emptyLineBeforeTheEndIsInvalid() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let line = #"{"id":"a","sender":"x","sent_at":"2026-11-29T18:55:41Z","body":"b"}"#
    let file = dir.file("in.jsonl")
    try Fixtures.write(
      line + "\n\n" + line.replacingOccurrences(of: "\"a\"", with: "\"c\""), to: file)
    #expect(
      throws: ImportError.invalidLine(
        number: 2, reason: "an empty line comes before the end of the file")
    ) {
      try store.import(from: file)
    }
    #expect(try store.count() == 0)
  }

  @Test func binaryGarbageAndInvalidUTF8AreRejected() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let file = dir.file("garbage.bin")
    try Data((0..<100_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }).write(
      to: file)
    #expect(throws: ImportError.self) { try store.import(from: file) }
    let line = Array(#"{"id":"a","sender":"x","sent_at":"2026-11-29T18:55:41Z","body":""#.utf8)
    try Data(line + [0xFF, 0xFE] + Array("\"}\n".utf8)).write(to: file)
    do {
      _ = try store.import(from: file)
      Issue.record("invalid UTF-8 was imported")
    } catch .invalidLines(let problems, _) {
      #expect(problems.count == 1 && problems[0].line == 1 && problems[0].reason.contains("UTF-8"))
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(try store.count() == 0)
  }

  @Test func truncatedExportIsRejectedAtItsLastLine() throws {
    let dir = try TemporaryDirectory()
    let source = try MessageStore.inMemory()
    for n in 0..<10 { try source.insert(Fixtures.message(n, tags: ["t"])) }
    let whole = try exported(source, in: dir, name: "whole.jsonl")
    let cut = dir.file("cut.jsonl")
    try whole.prefix(whole.count - 20).write(to: cut)
    let store = try Fixtures.store(in: dir)
    #expect(
      throws: ImportError.invalidLine(number: 10, reason: "unterminated string at end of line")
    ) {
      try store.import(from: cut)
    }
    #expect(try store.count() == 0)
  }

  @Test func fileWithoutNewlinesIsRejectedWithoutReadingItWhole() throws {
    let dir = try TemporaryDirectory()
    let store = try MessageStore.inMemory()
    let file = dir.file("long.bin")
    try Data(repeating: 0x7B, count: LineReader.maximumLineLength + (2 << 20)).write(to: file)
    #expect(throws: ImportError.invalidLine(number: 1, reason: "line longer than 64 MiB")) {
      try store.import(from: file)
    }
  }

  @Test func missingFileIsUnreadable() throws {
    let store = try MessageStore.inMemory()
    #expect(
      throws: ImportError.unreadable(
        path: "/nonexistent/x.jsonl", detail: "No such file or directory")
    ) {
      try store.import(from: URL(fileURLWithPath: "/nonexistent/x.jsonl"))
    }
  }

  @Test func exportToAFileHandle() throws {
    let dir = try TemporaryDirectory()
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1))
    let url = dir.file("handle.jsonl")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    #expect(try store.export(to: handle) == 1)
    try handle.close()
    #expect(try Data(contentsOf: url) == (try exported(store, in: dir, name: "file.jsonl")))
  }
}
