import Foundation
import NatterCore
import NatterStore
import Testing

/// Histories for transcript tests, and (on request) a history on disk for screenshots and
/// the startup benchmark.
enum TranscriptFixtures {
  static let start = Date(timeIntervalSince1970: 1_764_000_000)

  /// `count` messages a minute apart from two senders, in JSON Lines for `MessageStore.import`.
  static func jsonLines(count: Int, start: Date = start, spacing: TimeInterval = 60) -> Data {
    var text = ""
    text.reserveCapacity(count * 160)
    let formatter = ISO8601DateFormatter()
    for i in 0..<count {
      let sender = i % 3 == 0 ? "alice" : "bob"
      let sentAt = formatter.string(from: start.addingTimeInterval(Double(i) * spacing))
      let id = String(format: "00000000-0000-4000-8000-%012d", i)
      text += """
        {"id": "\(id)", "sender": "\(sender)", "sent_at": "\(sentAt)", \
        "body": "message \(i) with a few words", "tags": [], "edited": false}

        """
    }
    return Data(text.utf8)
  }

  /// An in-memory store holding `count` generated messages.
  static func store(count: Int) throws -> MessageStore {
    let store = try MessageStore.inMemory()
    guard count > 0 else { return store }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-transcript-\(UUID().uuidString).jsonl")
    try jsonLines(count: count).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try store.import(from: file)
    return store
  }
}

/// Writes a history on disk when `NATTER_FIXTURE_DIR` and `NATTER_FIXTURE_JSONL` are set
/// (the screenshot and the benchmark use it); otherwise does nothing.
@Suite struct TranscriptFixtureWriter {
  @Test func writesAHistoryWhenAsked() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let directory = environment["NATTER_FIXTURE_DIR"],
      let input = environment["NATTER_FIXTURE_JSONL"]
    else { return }
    let url = URL(fileURLWithPath: directory, isDirectory: true)
    guard case .opened(let store) = MessageStore.open(dataDirectory: url) else {
      Issue.record("could not open a store in \(directory)")
      return
    }
    _ = try store.import(from: URL(fileURLWithPath: input))
    print("fixture: \(try store.count()) messages in \(directory)")
  }
}
