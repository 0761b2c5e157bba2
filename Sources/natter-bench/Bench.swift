import Foundation

/// The suites that drive real processes under the bench's X server and session bus.
struct Bench {
  let options: Options
  /// Figures by row key, each a list of samples.
  var samples: [String: [Double]] = [:]
  /// Sends that were stored but never appeared in a frame.
  var sendsNeverShown = 0
  /// Runs that hung past `--hang-limit`, by row key; their samples hold the limit.
  var timedOut: [String: Int] = [:]
  /// Frame-time histograms' counts summed over runs, by `frameKey` (issue 32).
  var frameCounts: [String: [Int]] = [:]
  /// Runs whose probe sent no frame times, by row.
  var framesMissing: [String: Int] = [:]

  init(options: Options) { self.options = options }

  var apps: [Options.App] {
    [Options.App(label: "bare", command: [options.bare], probed: true)]
      + options.histories.map { history in
        Options.App(
          label: "natter-\(history.count)",
          command: [options.natter, "--data-dir", history.directory], probed: true)
      } + floorApps + accountApps + beforeApps + options.peers
  }

  /// The bare window drawing the text of Natter's first screen on the largest history, in one
  /// layout: what that text costs GTK with no widget of Natter's around it (issue 32). There
  /// once `captureFirstScreen` has written it.
  private var floorApps: [Options.App] {
    guard let file = firstScreenFile, FileManager.default.fileExists(atPath: file) else {
      return []
    }
    return [
      Options.App(
        label: Self.floorLabel, command: [options.bare], probed: true,
        environment: ["NATTER_BENCH_BARE_TEXT": file])
    ]
  }

  static let floorLabel = "floor"

  private var firstScreenFile: String? {
    options.histories.last.map {
      options.scratch.appendingPathComponent("first-screen-\($0.count).markup").path
    }
  }

  /// Starts Natter once on the largest history and keeps the text its first frame drew
  /// (`NATTER_BENCH_FIRST_TEXT`), for the floor's window.
  func captureFirstScreen() {
    guard let largest = options.histories.last, let file = firstScreenFile else { return }
    log("first screen's text of natter-\(largest.count)")
    var variables = environment(label: "natter-\(largest.count)")
    variables["NATTER_BENCH_FIRST_TEXT"] = file
    do {
      let launch = try Launch(
        watch: options.watch, command: [options.natter, "--data-dir", largest.directory],
        environment: variables, scratch: options.scratch)
      defer { launch.stop() }
      try launch.wait(for: "paint", seconds: 60, what: "natter")
    } catch {
      log("first screen: \(error)")
    }
  }

  /// The `--before` binary on each history.
  private var beforeApps: [Options.App] {
    guard let before = options.before else { return [] }
    return options.histories.map { history in
      Options.App(
        label: Self.beforeLabel(history.count),
        command: [before, "--data-dir", beforeHistory(history.count) ?? history.directory],
        probed: true)
    }
  }

  /// The earlier binary's own import of the history of `count` messages, if it made one.
  func beforeHistory(_ count: Int) -> String? {
    options.beforeHistories.first { $0.count == count }?.directory
  }

  static func beforeLabel(_ count: Int) -> String { "before-\(count)" }

  /// Issue 19: Natter with an IRC account against a loopback server, with no history and with
  /// the one below a million, each on a copy (joining a channel writes to the history).
  private var accountApps: [Options.App] {
    options.histories.filter { $0.count < 1_000_000 }.map { history in
      let copy = options.scratch.appendingPathComponent("account-history-\(history.count)")
      if !FileManager.default.fileExists(atPath: copy.path) {
        try? FileManager.default.copyItem(
          at: URL(fileURLWithPath: history.directory), to: copy)
      }
      return Options.App(
        label: Self.accountLabel(history.count),
        command: [options.natter, "--data-dir", copy.path], probed: true, account: true)
    }
  }

  static func accountLabel(_ count: Int) -> String { "natter-\(count)-irc" }

  /// The start-up phases the probes mark (`mark-<phase>`), in the order they happen; the bare
  /// window marks the ones it has.
  static let phases = [
    "main", "gettext", "startup", "css", "settings", "store", "widgets", "transcript", "window",
    "realize", "map", "frame", "layout", "drawn", "network",
  ]

  /// Every app gets a home of its own, kept across its runs (so the first run's setup is not
  /// measured again), and the same rendering settings.
  private func environment(for app: Options.App) -> [String: String] {
    environment(label: app.label, extra: app.environment)
  }

  func environment(label: String, extra: [String: String] = [:]) -> [String: String] {
    let home = options.scratch.appendingPathComponent("home-\(label.filter(\.isLetter))").path
    var environment = ["HOME": home, "GSK_RENDERER": "cairo", "GDK_BACKEND": "x11"]
    environment.merge(extra) { _, new in new }
    for (name, folder) in [
      ("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
      ("XDG_CACHE_HOME", ".cache"), ("XDG_STATE_HOME", ".local/state"),
    ] {
      let path = home + "/" + folder
      try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      environment[name] = path
    }
    return environment
  }

  /// Start-up: spawn to first frame (probe) and to window mapped (outside), then resident
  /// memory a second later; the apps take turns, one warm-up round first.
  mutating func startup() {
    let apps = self.apps
    for round in -1..<options.runs {
      let order = TurnOrder.of(apps, round: round)
      log("start-up round \(round < 0 ? "warm-up" : "\(round + 1)/\(options.runs)")")
      var paints: [String: Double] = [:]
      defer { recordRoundRatios(paints) }
      for app in order {
        do {
          let server = app.account ? try ScriptedIRCServer(burst: 0) : nil
          defer { server?.stop() }
          let environment = environment(for: app)
          if let server, let config = environment["XDG_CONFIG_HOME"] {
            try Self.writeAccount(port: server.port, config: config)
          }
          let launch = try Launch(
            watch: options.watch, command: app.command, environment: environment,
            scratch: options.scratch)
          defer { launch.stop() }
          try launch.wait(for: "map", seconds: 60, what: app.label)
          if app.probed { try launch.wait(for: "paint", seconds: 60, what: app.label) }
          Thread.sleep(forTimeInterval: 1)
          // What came after the first frame (the network's start) is read now.
          launch.drain()
          guard round >= 0 else { continue }
          if let cpu = launch.events.first(where: { $0.name == "cpu" }), cpu.detail.count >= 2 {
            samples["cpu-main \(app.label)", default: []].append(Double(cpu.detail[0]))
            samples["cpu-process \(app.label)", default: []].append(Double(cpu.detail[1]))
          }
          for event in launch.events where event.name.hasPrefix("mark-") {
            if let at = launch.sinceStart(event.name) {
              samples["\(event.name) \(app.label)", default: []].append(at)
            }
          }
          if let map = launch.sinceStart("map") {
            samples["map \(app.label)", default: []].append(map)
          }
          if let paint = launch.sinceStart("paint") {
            samples["paint \(app.label)", default: []].append(paint)
            paints[app.label] = paint
          }
          if let rss = launch.residentBytes() {
            samples["rss \(app.label)", default: []].append(rss)
          }
        } catch {
          log("\(app.label): \(error)")
        }
        Thread.sleep(forTimeInterval: 0.3)
      }
    }
  }

  /// Each app's first frame over the bare window's in the same round: the machine's speed
  /// drifts by more between rounds (the bare window's median moved from 100 to 135 ms
  /// between runs) than between the starts of one round, which a ratio of medians mixes in.
  private mutating func recordRoundRatios(_ paints: [String: Double]) {
    guard let bare = paints["bare"], bare > 0 else { return }
    for (label, paint) in paints where label != "bare" {
      samples["paint ratio \(label)", default: []].append(paint / bare)
    }
  }

  /// Forgets the networks an earlier `natter --connect` saved in `environment`'s home: each
  /// run's server has a port of its own, and the saved ones would be tried (and one of them
  /// opened) beside it.
  static func forgetNetworks(in environment: [String: String]) {
    guard let config = environment["XDG_CONFIG_HOME"] else { return }
    try? FileManager.default.removeItem(atPath: config + "/natter/settings.ini")
  }

  /// The account `natter --connect irc://bench@127.0.0.1:PORT/#bench` would save.
  static func writeAccount(port: UInt16, config: String) throws {
    let folder = URL(fileURLWithPath: config).appendingPathComponent("natter")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "[irc]\nurl=irc://bench@127.0.0.1:\(port)/#bench\n".write(
      to: folder.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
  }

  /// Enter to stored and to the first frame that shows the message, typed with xdotool into
  /// Natter holding the largest history (a copy, so the cached history stays as generated).
  mutating func send() {
    guard let largest = options.histories.last else { return }
    send(binary: options.natter, history: largest.directory, prefix: "")
    if let before = options.before {
      send(
        binary: before, history: beforeHistory(largest.count) ?? largest.directory,
        prefix: Self.beforePrefix)
    }
  }

  /// Keys of a figure the `--before` binary gave: the same key after this.
  static let beforePrefix = "before "

  private mutating func send(binary: String, history: String, prefix: String) {
    let copy = options.scratch.appendingPathComponent("send-history")
    try? FileManager.default.removeItem(at: copy)
    do {
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: history), to: copy)
      let app = Options.App(
        label: "natter-send", command: [binary, "--data-dir", copy.path], probed: true)
      let launch = try Launch(
        watch: options.watch, command: app.command, environment: environment(for: app),
        scratch: options.scratch)
      defer {
        launch.stop()
        try? FileManager.default.removeItem(at: copy)
      }
      try launch.wait(for: "paint", seconds: 60, what: "natter")
      Thread.sleep(forTimeInterval: 1.5)
      let windows = Self.run([
        "xdotool", "search", "--sync", "--onlyvisible", "--pid", "\(launch.pid)",
      ])
      guard let window = windows.split(separator: "\n").last.map(String.init) else {
        log("send: no Natter window found")
        return
      }
      _ = Self.run(["xdotool", "windowfocus", "--sync", window])
      let nonce = String(UUID().uuidString.prefix(8)).lowercased()
      for index in 0...options.sends {
        let mark = launch.events.count
        _ = Self.run(["xdotool", "type", "--delay", "8", "bench send \(index) \(nonce)"])
        Thread.sleep(forTimeInterval: 0.2)
        _ = Self.run(["xdotool", "key", "Return"])
        let key = try launch.wait(for: "key", seconds: 5, what: "send", after: mark)
        let stored = try launch.wait(for: "stored", seconds: 5, what: "send", after: mark)
        let shown = try? launch.wait(for: "shown", seconds: 5, what: "send", after: mark)
        guard index > 0 else { continue }  // the first send is a warm-up
        samples[prefix + "send stored", default: []].append(
          Double(stored.microseconds - key.microseconds))
        if let shown {
          samples[prefix + "send shown", default: []].append(
            Double(shown.microseconds - key.microseconds))
          if let frames = shown.detail.first {
            samples[prefix + "send frames", default: []].append(Double(frames))
          }
          if shown.detail.count > 1 {
            // From Enter to the frame's start is waiting for the frame clock; the rest is the
            // frame's own layout, snapshot and drawing.
            let frameStart = shown.detail[1]
            samples[prefix + "send wait", default: []].append(Double(frameStart - key.microseconds))
            samples[prefix + "send frame", default: []].append(
              Double(shown.microseconds - frameStart))
          }
        } else {
          // Stored but never drawn: the transcript did not bring the new message into view.
          if prefix.isEmpty { sendsNeverShown += 1 }
          log("send \(index): stored, but no frame showed it within 5 s")
        }
        Thread.sleep(forTimeInterval: 0.3)
      }
    } catch {
      log("send: \(error)")
    }
  }

  static let pasteSizes = [1_048_576, 5_242_880]

  /// A 1 MB and a 5 MB paste into the composer of a fresh Natter, in turns (and of the
  /// `--before` binary, in the same rounds).
  mutating func paste() {
    let binaries = [("", options.natter)] + (options.before.map { [(Self.beforePrefix, $0)] } ?? [])
    for round in 0..<options.runs {
      log("paste round \(round + 1)/\(options.runs)")
      for bytes in Self.pasteSizes {
        for (prefix, binary) in binaries { paste(bytes: bytes, binary: binary, prefix: prefix) }
      }
    }
  }

  private mutating func paste(bytes: Int, binary: String, prefix: String) {
    do {
      let data = options.scratch.appendingPathComponent("paste-data")
      try? FileManager.default.removeItem(at: data)
      defer { try? FileManager.default.removeItem(at: data) }
      let app = Options.App(
        label: "natter-paste", command: [binary, "--data-dir", data.path], probed: true)
      var environment = environment(for: app)
      environment["NATTER_BENCH_PASTE"] = "\(bytes)"
      let launch = try Launch(
        watch: options.watch, command: app.command, environment: environment,
        scratch: options.scratch)
      defer { launch.stop() }
      let inserted = try launch.wait(for: "paste-inserted", seconds: 60, what: "paste")
      let stall = try launch.wait(for: "paste-stall", seconds: 60, what: "paste")
      if let insert = inserted.detail.first {
        samples[prefix + "paste insert \(bytes)", default: []].append(Double(insert))
      }
      if let longest = stall.detail.first {
        samples[prefix + "paste stall \(bytes)", default: []].append(Double(longest))
      }
      if prefix.isEmpty {
        recordFrames(
          try? launch.wait(for: "frames-paste", seconds: 2, what: "paste"), as: "paste \(bytes)")
      }
    } catch {
      log("paste \(bytes): \(error)")
    }
  }

  func median(_ key: String) -> Double? {
    guard let values = samples[key], !values.isEmpty else { return nil }
    return Stats.median(values)
  }

  func count(_ key: String) -> Int { samples[key]?.count ?? 0 }

  /// Runs a helper command and returns its standard output.
  static func run(_ arguments: [String]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    guard (try? process.run()) != nil else { return "" }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

func log(_ line: String) {
  FileHandle.standardError.write(Data("natter-bench: \(line)\n".utf8))
}
