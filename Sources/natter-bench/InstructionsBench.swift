import Foundation

/// The main thread's instructions from exec to the first paint, counted by callgrind: one
/// start of each app, after a start of its own that warms its home. Wall-clock start-up on a
/// shared machine moves by tens of per cent between runs; this count repeats to 0.01%, so it
/// shows a change of 1% that the milliseconds cannot (issue 32).
extension Bench {
  mutating func instructions() {
    guard Self.valgrind != nil else {
      log("instructions: valgrind is not installed; meson-helpers/bench.sh installs it")
      return
    }
    // The bare window, Natter on each history and the --before binary; not the apps that
    // need a loopback server (the networks suite counts its own), nor the peers, which have
    // no probe to quit by.
    let peers = Set(options.peers.map(\.label))
    for app in apps where !app.account && !peers.contains(app.label) {
      var variables = ProcessInfo.processInfo.environment
      variables.merge(environment(label: app.label, extra: app.environment)) { _, new in new }
      // What a start keeps for the next (the clock pattern, caches) is written after its first
      // frame, so the warm-up runs a few seconds before it is asked to quit.
      Self.warmUp(app.command, environment: variables)
      if let count = countInstructions(app, environment: variables) {
        samples["instructions \(app.label)", default: []].append(count)
      }
    }
  }

  /// The main thread's instructions from exec to the first paint of `app`, or nil (logged).
  func countInstructions(_ app: Options.App, environment: [String: String]) -> Double? {
    guard let valgrind = Self.valgrind else { return nil }
    log("instructions: \(app.label) under callgrind")
    let output = options.scratch.appendingPathComponent("callgrind")
    try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    var variables = environment
    variables["NATTER_BENCH"] = "/dev/null"
    variables["NATTER_BENCH_QUIT_AFTER_PAINT"] = "1"
    let prefix = output.appendingPathComponent(app.label).path
    // The bare window, also as the floor, quits by its option; Natter by its probe.
    let quits = app.command.first == options.bare ? ["--quit-after-paint"] : []
    let counting =
      ["--tool=callgrind", "--separate-threads=yes", "--callgrind-out-file=\(prefix).%p"]
      + app.command + quits
    guard let process = Self.start([valgrind] + counting, environment: variables) else {
      log("instructions: \(app.label) could not be started")
      return nil
    }
    let deadline = Date().addingTimeInterval(180)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      log("instructions: \(app.label) did not quit after its first frame within 180 s")
      return nil
    }
    // Thread 1's file: "<prefix>.<pid>-01".
    let file = "\(prefix).\(process.processIdentifier)-01"
    guard let count = Self.summary(ofCallgrindFile: file) else {
      log("instructions: no count in \(file)")
      return nil
    }
    return count
  }

  private static func warmUp(_ command: [String], environment: [String: String]) {
    guard let process = start(command, environment: environment) else { return }
    Thread.sleep(forTimeInterval: 3)
    process.terminate()
    process.waitUntilExit()
  }

  /// `command` running with its output discarded, or nil when it cannot be started.
  private static func start(_ command: [String], environment: [String: String]) -> Process? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return (try? process.run()) == nil ? nil : process
  }

  private static var valgrind: String? {
    ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The `summary:` line's count of a callgrind output file.
  static func summary(ofCallgrindFile path: String) -> Double? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("summary:") {
      return Double(line.dropFirst("summary:".count).trimmingCharacters(in: .whitespaces))
    }
    return nil
  }
}
