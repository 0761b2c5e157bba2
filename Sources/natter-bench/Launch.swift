import Foundation

/// One app started through `launch-watch`, with its `NATTER_BENCH` FIFO: the events it and the
/// watcher report, each a name and a CLOCK_MONOTONIC time in microseconds.
final class Launch {
  struct Event {
    let name: String
    let microseconds: Int64
    /// What followed the time on the line (the paste probe's figures).
    let detail: [Int64]
  }

  private(set) var pid: Int32 = 0
  private(set) var events: [Event] = []
  private let watcher: Process
  private let watcherOutput: Int32
  private let fifo: Int32
  private let fifoPath: String
  private var buffers: [Int32: [UInt8]] = [:]

  enum Failure: Error, CustomStringConvertible {
    case cannotStart(String)
    case timedOut(String, waitingFor: String)
    var description: String {
      switch self {
      case .cannotStart(let why): return "cannot start: \(why)"
      case .timedOut(let what, let event): return "\(what): no \(event) within the time limit"
      }
    }
  }

  /// Starts `command` under `watch` (the launch-watch binary) with `environment` added.
  init(watch: String, command: [String], environment: [String: String], scratch: URL) throws {
    Settle.untilIdle()
    fifoPath = scratch.appendingPathComponent("probe-\(UUID().uuidString).fifo").path
    guard mkfifo(fifoPath, 0o600) == 0 else { throw Failure.cannotStart("mkfifo \(fifoPath)") }
    // Read-write, so the FIFO never reads end-of-file between writers and never blocks them.
    fifo = open(fifoPath, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    guard fifo >= 0 else { throw Failure.cannotStart("open \(fifoPath)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: watch)
    process.arguments = command
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    merged["NATTER_BENCH"] = fifoPath
    process.environment = merged
    let pipe = Pipe()
    process.standardOutput = pipe
    // The apps' own warnings go to a log beside the FIFOs, for when a run fails.
    let errors = scratch.appendingPathComponent("apps.log")
    if !FileManager.default.fileExists(atPath: errors.path) {
      _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
    }
    let log = try FileHandle(forWritingTo: errors)
    log.seekToEndOfFile()
    process.standardError = log
    try process.run()
    try? log.close()
    watcher = process
    watcherOutput = pipe.fileHandleForReading.fileDescriptor
    buffers = [fifo: [], watcherOutput: []]
    let pidEvent = try wait(for: "pid", seconds: 10, what: command[0])
    pid = Int32(pidEvent.microseconds)
  }

  /// The first event named `name` after `after` (in this launch's order), waiting up to `seconds`.
  @discardableResult
  func wait(for name: String, seconds: Double, what: String = "app", after: Int = 0) throws
    -> Event
  {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if let event = events.dropFirst(after).first(where: { $0.name == name }) { return event }
      let left = deadline.timeIntervalSinceNow
      if left <= 0 || events.contains(where: { $0.name == "exit" }) {
        throw Failure.timedOut(what, waitingFor: name)
      }
      readAvailable(timeoutMilliseconds: Int32(min(left, 0.5) * 1000))
    }
  }

  /// Reads what the app and the watcher have written so far, without waiting.
  func drain() { readAvailable(timeoutMilliseconds: 0) }

  func time(of name: String) -> Int64? { events.first { $0.name == name }?.microseconds }

  /// Microseconds from the watcher's spawn to `name`.
  func sinceStart(_ name: String) -> Double? {
    guard let start = time(of: "t0"), let at = time(of: name) else { return nil }
    return Double(at - start)
  }

  /// Resident memory of the app now, in bytes (VmRSS).
  func residentBytes() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count >= 2, let kilobytes = Double(fields[1]) else { return nil }
    return kilobytes * 1024
  }

  /// Ends the app (SIGTERM, then SIGKILL after 5 s) and waits for the watcher.
  func stop() {
    kill(pid, SIGTERM)
    if (try? wait(for: "exit", seconds: 5)) == nil {
      kill(pid, SIGKILL)
      _ = try? wait(for: "exit", seconds: 5)
    }
    watcher.waitUntilExit()
    close(fifo)
    unlink(fifoPath)
  }

  private func readAvailable(timeoutMilliseconds: Int32) {
    var fds = [
      pollfd(fd: fifo, events: Int16(POLLIN), revents: 0),
      pollfd(fd: watcherOutput, events: Int16(POLLIN), revents: 0),
    ]
    guard poll(&fds, 2, timeoutMilliseconds) > 0 else { return }
    for entry in fds where entry.revents != 0 {
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(entry.fd, &chunk, chunk.count)
      if count <= 0 {
        // The watcher's output closed: it has exited.
        if entry.fd == watcherOutput, !events.contains(where: { $0.name == "exit" }) {
          events.append(Event(name: "exit", microseconds: 0, detail: []))
        }
        continue
      }
      buffers[entry.fd, default: []] += chunk[0..<count]
      parseLines(entry.fd)
    }
  }

  private func parseLines(_ fd: Int32) {
    guard var buffer = buffers[fd] else { return }
    while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
      let line = String(decoding: buffer[..<newline], as: UTF8.self)
      buffer.removeSubrange(...newline)
      let fields = line.split(separator: " ")
      guard fields.count >= 2, let value = Int64(fields[1]) else { continue }
      events.append(
        Event(
          name: String(fields[0]), microseconds: value,
          detail: fields.dropFirst(2).compactMap { Int64($0) }))
    }
    buffers[fd] = buffer
  }
}
