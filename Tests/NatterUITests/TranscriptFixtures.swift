import Foundation
import NatterCore
import NatterStore
import Testing

/// Histories for transcript tests, and (on request) a history on disk for screenshots and
/// the startup benchmark.
enum TranscriptFixtures {
  static let start = Date(timeIntervalSince1970: 1_764_000_000)

  /// How a generated history's rows look.
  enum Shape: String, CaseIterable, Sendable {
    /// Two senders, short bodies: the rows of a usual chat.
    case mixed
    /// One sender a minute apart: one group of one-line rows, the smallest there are.
    case oneSender
    /// A tag on every message, and a new sender on every other one.
    case tagged
    /// Bodies of several wrapped lines and paragraphs.
    case long
  }

  /// `count` messages a minute apart, in JSON Lines for `MessageStore.import`.
  static func jsonLines(
    count: Int, start: Date = start, spacing: TimeInterval = 60, shape: Shape = .mixed
  ) -> Data {
    var text = ""
    text.reserveCapacity(count * 160)
    let formatter = ISO8601DateFormatter()
    let words = String(repeating: "some words that wrap ", count: 12)
    for i in 0..<count {
      var sender = i % 3 == 0 ? "alice" : "bob"
      var body = "message \(i) with a few words"
      var tags = ""
      switch shape {
      case .mixed: break
      case .oneSender: sender = "alice"
      case .tagged:
        sender = i % 2 == 0 ? "alice" : "bob"
        tags = "\"release\""
      case .long: body = "message \(i)\\n\(words)\\n\\n\(words)"
      }
      let sentAt = formatter.string(from: start.addingTimeInterval(Double(i) * spacing))
      let id = String(format: "00000000-0000-4000-8000-%012d", i)
      text += """
        {"id": "\(id)", "sender": "\(sender)", "sent_at": "\(sentAt)", \
        "body": "\(body)", "tags": [\(tags)], "edited": false}

        """
    }
    return Data(text.utf8)
  }

  /// An in-memory store holding `count` generated messages.
  static func store(count: Int, shape: Shape = .mixed) throws -> MessageStore {
    let store = try MessageStore.inMemory()
    guard count > 0 else { return store }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-transcript-\(UUID().uuidString).jsonl")
    try jsonLines(count: count, shape: shape).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try store.import(from: file)
    return store
  }
}

/// Writes a history on disk when `NATTER_FIXTURE_DIR` and `NATTER_FIXTURE_JSONL` are set
/// (the screenshot and the benchmark use it); reported as skipped otherwise, never as passed.
@Suite struct TranscriptFixtureWriter {
  private static let environment = ProcessInfo.processInfo.environment

  /// Imports the JSON Lines at `input` into the history in `directory`; returns its size.
  static func writeHistory(from input: URL, into directory: URL) throws -> Int {
    guard case .opened(let store) = MessageStore.open(dataDirectory: directory) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory.path])
    }
    _ = try store.import(from: input)
    return try store.count()
  }

  @Test(
    .enabled(
      if: environment["NATTER_FIXTURE_DIR"] != nil && environment["NATTER_FIXTURE_JSONL"] != nil,
      "only when the screenshot or the benchmark asks for a history"))
  func writesAHistoryWhenAsked() throws {
    let directory = URL(fileURLWithPath: Self.environment["NATTER_FIXTURE_DIR"] ?? "")
    let input = URL(fileURLWithPath: Self.environment["NATTER_FIXTURE_JSONL"] ?? "")
    let count = try Self.writeHistory(from: input, into: directory)
    print("fixture: \(count) messages in \(directory.path)")
  }

  /// What the screenshot and benchmark rely on, run every time.
  @Test func writingAHistoryStoresEveryLine() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-fixture-\(UUID().uuidString)", isDirectory: true)
    let input = directory.appendingPathExtension("jsonl")
    defer {
      try? FileManager.default.removeItem(at: directory)
      try? FileManager.default.removeItem(at: input)
    }
    try TranscriptFixtures.jsonLines(count: 25).write(to: input)
    #expect(try Self.writeHistory(from: input, into: directory) == 25)
    guard case .opened(let reopened) = MessageStore.open(dataDirectory: directory) else {
      Issue.record("the written history does not open")
      return
    }
    #expect(try reopened.count() == 25)
  }
}
