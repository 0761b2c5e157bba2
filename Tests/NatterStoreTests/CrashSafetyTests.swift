import Foundation
import NatterCore
import SeededRandom
import Testing

@testable import NatterStore

/// A child process inserts messages and prints each id once `insert` returned; it is killed with
/// SIGKILL at random moments. Every id it printed must be stored, and the file must be sound.
@Suite struct CrashSafetyTests {
  /// `natter-store-torture`, built beside the test bundle (SwiftPM builds it as a dependency).
  static func tortureBinary() throws -> URL {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = exe.deletingLastPathComponent()
    // Inside a bundle (…/NatterPackageTests.xctest/…) the products are a few levels up.
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("natter-store-torture")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    throw FixtureError.unexpected("natter-store-torture not found near \(exe.path)")
  }

  @Test func killedWriterNeverLosesAReportedMessage() throws {
    let binary = try Self.tortureBinary()
    let dir = try TemporaryDirectory()
    var generator = SystemRandomNumberGenerator()
    let seed = UInt64.random(in: 1...UInt64(1 << 32), using: &generator)
    var rng = SeededGenerator(seed: seed)
    var reported: [String] = []
    var draftSaved = false
    for round in 0..<30 {
      let process = Process()
      process.executableURL = binary
      process.arguments = ["insert", dir.url.path, String(seed &+ UInt64(round))]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      // Drain concurrently so a full pipe never stalls the child before the kill.
      let output = OutputCollector(pipe.fileHandleForReading)
      let delay = 50 + Int(rng.next() % 351)
      usleep(useconds_t(delay * 1000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal, "round \(round) seed \(seed)")
      let text = String(decoding: output.wait(), as: UTF8.self)
      // Only whole lines count: an id is reported once its newline is out.
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      lines.removeLast()
      reported += lines
      // The child saves a draft before reporting every fifth message.
      draftSaved = draftSaved || lines.count >= 5

      let result = MessageStore.open(dataDirectory: dir.url)
      guard case .opened(let store) = result else {
        Issue.record("round \(round) seed \(seed): \(result)")
        return
      }
      #expect(try store.integrityCheck() == ["ok"], "round \(round) seed \(seed)")
      var missing = 0
      for id in reported where try store.message(id: id) == nil { missing += 1 }
      #expect(missing == 0, "round \(round) seed \(seed): \(missing) reported ids missing")
      #expect(try store.count() >= reported.count)
      if draftSaved { #expect(try store.loadDraft()?.chips == ["d"], "round \(round)") }
      #expect(try store.count() == Int(try store.db.integer("SELECT count(*) FROM messages") ?? -1))
    }
    #expect(reported.count > 30, "the child stored too few messages to test anything")
  }
}

/// Reads a pipe to its end on a background thread.
final class OutputCollector: @unchecked Sendable {
  // @unchecked: `data` is written by the reading thread before `done` is signalled and read
  // only after waiting on it.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}
