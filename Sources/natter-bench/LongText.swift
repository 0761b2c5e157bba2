import Foundation

/// The shapes of long text from issue 13, each generated to a given size in characters
/// (Unicode scalars).
enum LongText: String, CaseIterable {
  case lines = "many lines"
  case words = "one line of words"
  case unbroken = "one unbroken string"
  case marks = "combining marks"
  case mixed = "mixed scripts"

  /// Roughly `scalars` characters of this shape, deterministic.
  func text(scalars: Int) -> String {
    let unit: String
    switch self {
    case .lines: unit = "short line\n"
    case .words: unit = "words on one line "
    case .unbroken: unit = "abcdefghijklmnopqrstuvwxyz0123456789"
    case .marks: unit = "e\u{0301}\u{0323}a\u{0300}o\u{0302}\u{0330}"
    case .mixed: unit = "abc العربية 漢字テキスト Привет हिन्दी עברית "
    }
    let count = unit.unicodeScalars.count
    var out = String(repeating: unit, count: scalars / count + 1)
    out.unicodeScalars.removeLast(out.unicodeScalars.count - scalars)
    // No message ends in whitespace (sending trims it), and the length stays `scalars`.
    if self != .unbroken && self != .marks {
      out.unicodeScalars.removeLast()
      out.unicodeScalars.append("x")
    }
    return out
  }
}

/// Issue 13's long-text figures: the longest main-loop stall with each shape at send, at
/// start-up with such a message stored, while scrolling past such messages, and while pasting
/// 1 MB and 5 MB of it into the composer, with the composer's spelling off and on (issue 31),
/// and with it on, how long until the paste is checked and the longest stall until then.
extension Bench {
  /// Characters of a sent or stored long message: the composer's limit (SPEC §2).
  static let longMessageScalars = 100_000
  static let longPasteSizes = [1_048_576, 5_242_880]

  mutating func longText() {
    let hang = options.hangSeconds
    for round in 0..<options.longRuns {
      log("long text round \(round + 1)/\(options.longRuns)")
      // The bare window in the same round: start-up is compared with it.
      if let launch = try? Launch(
        watch: options.watch, command: [options.bare], environment: environment(label: "bare"),
        scratch: options.scratch)
      {
        if (try? launch.wait(for: "paint", seconds: 30, what: "bare")) != nil,
          let paint = launch.sinceStart("paint")
        {
          samples["long paint bare", default: []].append(paint)
        }
        launch.stop()
      }
      // Natter with the same history but an ordinary newest message: what the long one adds.
      startupWithStored(nil, body: "An ordinary newest message", hang: hang)
      for shape in LongText.allCases {
        let body = shape.text(scalars: Self.longMessageScalars)
        startupWithStored(shape, body: body, hang: hang)
        sendLong(shape, body: body, hang: hang)
        scrollPast(shape, body: body, hang: hang)
        for bytes in Self.longPasteSizes {
          // Spelling is on by default (en_US from the C locale, hunspell-en-us installed).
          pasteLong(shape, bytes: bytes, spelling: false, hang: hang)
          pasteLong(shape, bytes: bytes, spelling: true, hang: hang)
        }
      }
    }
  }

  /// The key under which a scenario's samples are kept; `timedOut` counts runs that hung.
  static func longKey(_ what: String, _ shape: LongText) -> String { "long \(what) \(shape)" }

  private mutating func record(_ key: String, _ event: Launch.Event?, hang: Double) {
    if let value = event?.detail.first {
      samples[key, default: []].append(Double(value))
    } else {
      samples[key, default: []].append(hang * 1_000_000)
      timedOut[key, default: 0] += 1
    }
  }

  /// A history of `normal` ordinary messages with `long` copies of `body` spread through it.
  private func history(_ name: String, body: String, normal: Int, long: Int) throws -> String {
    let directory = options.scratch.appendingPathComponent("long-\(name)")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = options.scratch.appendingPathComponent("long-\(name).jsonl")
    var lines: [String] = []
    let total = normal + long
    let every = long > 0 ? max(1, total / long) : Int.max
    for index in 0..<total {
      let isLong = long > 0 && (index + 1) % every == 0
      let record: [String: Any] = [
        "id": "long-\(index)", "sender": index % 3 == 0 ? "me" : "alice",
        "sent_at": String(format: "2026-11-29T%02d:%02d:00Z", 8 + index / 60, index % 60),
        "body": isLong ? body : "An ordinary message number \(index) between the long ones",
        "tags": [String](), "edited": false,
      ]
      let data = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
      lines.append(String(decoding: data, as: UTF8.self))
    }
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let output = Self.run([options.natter, "--data-dir", directory.path, "--import", file.path])
    if !FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("natter.sqlite3").path)
    {
      throw Launch.Failure.cannotStart("import failed: \(output)")
    }
    return directory.path
  }

  /// The key of the control start-up (no long message).
  static let longControlKey = "long paint control"

  /// Start-up with `body` as the newest of 31 messages; `shape` nil for the control.
  private mutating func startupWithStored(_ shape: LongText?, body: String, hang: Double) {
    let key = shape.map { Self.longKey("startup", $0) } ?? "long startup control"
    let paintKey = shape.map { Self.longKey("paint", $0) } ?? Self.longControlKey
    do {
      // The long message is the newest, so the first frame shows it.
      let directory = try history("startup", body: body, normal: 30, long: 1)
      let launch = try Launch(
        watch: options.watch, command: [options.natter, "--data-dir", directory],
        environment: environment(label: "natter-long", extra: ["NATTER_BENCH_WATCH": "1"]),
        scratch: options.scratch)
      defer { launch.stop() }
      let paint = try? launch.wait(for: "paint", seconds: hang, what: key)
      if paint != nil, let since = launch.sinceStart("paint") {
        samples[paintKey, default: []].append(since)
      } else {
        samples[paintKey, default: []].append(hang * 1_000_000)
        timedOut[paintKey, default: 0] += 1
      }
      let stall = paint == nil ? nil : try? launch.wait(for: "startup-stall", seconds: hang + 3)
      record(key, stall, hang: hang)
    } catch {
      log("\(key): \(error)")
    }
  }

  private mutating func sendLong(_ shape: LongText, body: String, hang: Double) {
    let key = Self.longKey("send", shape)
    do {
      let directory = try history("send", body: body, normal: 30, long: 0)
      let file = options.scratch.appendingPathComponent("long-send.txt")
      try body.write(to: file, atomically: true, encoding: .utf8)
      let launch = try Launch(
        watch: options.watch, command: [options.natter, "--data-dir", directory],
        environment: environment(
          label: "natter-long", extra: ["NATTER_BENCH_SEND_FILE": file.path]),
        scratch: options.scratch)
      defer { launch.stop() }
      let stall = try? launch.wait(for: "send-stall", seconds: hang + 5, what: key)
      record(key, stall, hang: hang)
    } catch {
      log("\(key): \(error)")
    }
  }

  private mutating func scrollPast(_ shape: LongText, body: String, hang: Double) {
    let key = Self.longKey("scroll", shape)
    do {
      // One long message in every five, 200 in all: paging up passes many of them.
      let directory = try history("scroll", body: body, normal: 160, long: 40)
      let launch = try Launch(
        watch: options.watch, command: [options.natter, "--data-dir", directory],
        environment: environment(label: "natter-long", extra: ["NATTER_BENCH_SCROLL": "1"]),
        scratch: options.scratch)
      defer { launch.stop() }
      let stall = try? launch.wait(for: "scroll-stall", seconds: hang + 6, what: key)
      record(key, stall, hang: hang)
    } catch {
      log("\(key): \(error)")
    }
  }

  /// The key of a paste's figures: `paste` the stall (spelling on, as the app is by
  /// default), `paste-nospell` the stall with `[spelling] check=false`, `paste-checked` the
  /// time from the paste's end until its spelling was checked, `paste-checkstall` the longest
  /// stall from the paste's start until then.
  static func pasteKey(_ what: String, _ bytes: Int, _ shape: LongText) -> String {
    longKey("\(what) \(bytes)", shape)
  }

  private mutating func pasteLong(_ shape: LongText, bytes: Int, spelling: Bool, hang: Double) {
    let key = Self.pasteKey(spelling ? "paste" : "paste-nospell", bytes, shape)
    do {
      let data = options.scratch.appendingPathComponent("long-paste-data")
      try? FileManager.default.removeItem(at: data)
      defer { try? FileManager.default.removeItem(at: data) }
      var text = shape.text(scalars: bytes)
      while text.utf8.count > bytes { text.unicodeScalars.removeLast() }
      let file = options.scratch.appendingPathComponent("long-paste.txt")
      try text.write(to: file, atomically: true, encoding: .utf8)
      let environment = environment(
        label: spelling ? "natter-long" : "natter-long-nospell",
        extra: ["NATTER_BENCH_PASTE_FILE": file.path])
      if !spelling, let config = environment["XDG_CONFIG_HOME"] {
        let folder = URL(fileURLWithPath: config).appendingPathComponent("natter")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "[spelling]\ncheck=false\n".write(
          to: folder.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
      }
      let launch = try Launch(
        watch: options.watch, command: [options.natter, "--data-dir", data.path],
        environment: environment, scratch: options.scratch)
      defer { launch.stop() }
      let stall = try? launch.wait(for: "paste-stall", seconds: hang + 5, what: key)
      record(key, stall, hang: hang)
      guard spelling, stall != nil else { return }
      // Checking goes on after the paste-stall watch ended; a hang counts at the limit.
      let checked = try? launch.wait(for: "paste-checked", seconds: hang, what: key)
      let checkedKey = Self.pasteKey("paste-checked", bytes, shape)
      let stallKey = Self.pasteKey("paste-checkstall", bytes, shape)
      if let checked, checked.detail.count >= 4 {
        samples[checkedKey, default: []].append(Double(checked.detail[0]))
        samples[stallKey, default: []].append(Double(checked.detail[1]))
        samples[Self.pasteKey("paste-slices", bytes, shape), default: []].append(
          Double(checked.detail[3]))
      } else {
        for key in [checkedKey, stallKey] {
          samples[key, default: []].append(hang * 1_000_000)
          timedOut[key, default: 0] += 1
        }
      }
    } catch {
      log("\(key): \(error)")
    }
  }
}
