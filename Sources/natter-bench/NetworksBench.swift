import Foundation

/// SPEC §11's scale (issue 27): Natter on five networks at once, 100 channels joined in all,
/// each channel with 500 members and 1,000 stored messages, against one of those networks
/// alone (20 channels) and the bare window, in turns in one run. Each network is a loopback
/// server of the bench's own on its own address (127.0.0.1 … 127.0.0.5, one port), so the
/// stored conversations' ids stay the same from round to round. Measured: start to first
/// frame, start to every channel's member list served, and resident memory once they are;
/// then (issue 32) the time from switching channel (Ctrl+Page Down's action) to the first frame
/// showing the new one's messages, and the longest the main loop then goes without turning
/// until the next switch. `--before BIN` runs an earlier Natter on the five networks
/// in the same rounds, on a history of its own that it imported itself.
extension Bench {
  static let benchNetworks = 5
  static let channelsPerNetwork = 20
  static let membersPerChannel = 500
  static let messagesPerChannel = 1_000
  /// Switches per run, each to the next conversation in the sidebar.
  static let switchesPerRun = 10

  static func networksLabel(_ count: Int) -> String { "natter-\(count)-networks" }
  static let networksBeforeLabel = "before-\(benchNetworks)-networks"

  mutating func networks() {
    do {
      let servers = try ChannelsServer.group(count: Self.benchNetworks)
      defer { servers.forEach { $0.stop() } }
      var turns: [(app: Options.App, networks: Int)] = [
        (Options.App(label: "bare", command: [options.bare], probed: true), 0)
      ]
      for count in [1, Self.benchNetworks] {
        let app = try networksApp(
          label: Self.networksLabel(count), natter: options.natter,
          servers: Array(servers.prefix(count)))
        turns.append((app, count))
      }
      if let before = options.before {
        let app = try networksApp(
          label: Self.networksBeforeLabel, natter: before, servers: servers)
        turns.append((app, Self.benchNetworks))
      }
      for round in -1..<options.runs {
        log("networks round \(round < 0 ? "warm-up" : "\(round + 1)/\(options.runs)")")
        for (app, networks) in TurnOrder.of(turns, round: round) {
          do {
            try measure(app, networks: networks, servers: servers, counted: round >= 0)
          } catch {
            log("\(app.label): \(error)")
          }
          Thread.sleep(forTimeInterval: 0.3)
        }
      }
      if options.suites.contains("instructions") {
        for (app, networks) in turns {
          try countNetworksInstructions(app, networks: networks, servers: servers)
        }
      }
    } catch {
      log("networks: \(error)")
    }
  }

  /// The main thread's instructions to the first frame (the instructions suite's count) of a
  /// start like a round's, on the settled history, its home warmed by the rounds: on a busy
  /// machine the milliseconds move more than this pass's changes (issue 32).
  private mutating func countNetworksInstructions(
    _ app: Options.App, networks: Int, servers: [ChannelsServer]
  ) throws {
    var variables = ProcessInfo.processInfo.environment
    variables.merge(try startEnvironment(app, networks: networks, servers: servers)) { $1 }
    if let count = countInstructions(app, environment: variables) {
      samples["networks instructions \(app.label)", default: []].append(count)
    }
  }

  private mutating func measure(
    _ app: Options.App, networks: Int, servers: [ChannelsServer], counted: Bool
  ) throws {
    servers.forEach { $0.resetCount() }
    let environment = try startEnvironment(
      app, networks: networks, servers: servers,
      extra: networks > 0 ? ["NATTER_BENCH_SWITCH": "\(Self.switchesPerRun)"] : [:])
    let launch = try Launch(
      watch: options.watch, command: app.command, environment: environment,
      scratch: options.scratch)
    defer { launch.stop() }
    try launch.wait(for: "paint", seconds: 60, what: app.label)
    let expected = networks * Self.channelsPerNetwork
    let deadline = Date().addingTimeInterval(60)
    var ready: Int64?
    while expected > 0, Date() < deadline {
      let served = servers.prefix(networks).map(\.namesServed)
      if served.reduce(0, +) >= expected {
        ready = servers.prefix(networks).compactMap(\.lastServed).max()
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    if expected > 0, ready == nil { log("\(app.label): not every channel joined within 60 s") }
    // Half a second for the last member lists to be stored and shown.
    Thread.sleep(forTimeInterval: expected > 0 ? 0.5 : 1)
    launch.drain()
    let rss = launch.residentBytes()
    if networks > 0 {
      // The probe begins 3 s after the first frame; each switch takes well under a second.
      let deadline = Date().addingTimeInterval(3 + Double(Self.switchesPerRun) * 1.5)
      while Date() < deadline,
        launch.events.count(where: { $0.name.hasPrefix("switch") }) < Self.switchesPerRun
      {
        Thread.sleep(forTimeInterval: 0.05)
        launch.drain()
      }
    }
    guard counted else { return }
    for event in launch.events where event.name == "switch" {
      if let duration = event.detail.first {
        samples["networks switch \(app.label)", default: []].append(Double(duration))
      }
    }
    for event in launch.events where event.name == "switch-stall" {
      if let longest = event.detail.first {
        samples["networks stall \(app.label)", default: []].append(Double(longest))
      }
    }
    let unseen = launch.events.count { $0.name == "switch-unseen" }
    if unseen > 0 { log("\(app.label): \(unseen) switches never showed the conversation") }
    if let paint = launch.sinceStart("paint") {
      samples["networks paint \(app.label)", default: []].append(paint)
    }
    if let ready, let start = launch.time(of: "t0") {
      samples["networks ready \(app.label)", default: []].append(Double(ready - start))
    }
    if let rss {
      samples["networks rss \(app.label)", default: []].append(rss)
    }
  }

  /// `app`'s environment for a start on the first `networks` of `servers`, its configuration
  /// written and its history a fresh copy of the settled one.
  private func startEnvironment(
    _ app: Options.App, networks: Int, servers: [ChannelsServer], extra: [String: String] = [:]
  ) throws -> [String: String] {
    let environment = environment(label: app.label, extra: extra)
    if networks > 0, let config = environment["XDG_CONFIG_HOME"] {
      try Self.writeNetworks(Array(servers.prefix(networks)), config: config)
      try Self.freshHistory(label: app.label, scratch: options.scratch)
    }
    return environment
  }

  /// The data folder of `label` as imported, before every run: switching marks channels read,
  /// which would leave later rounds fewer unread messages to count at start.
  private static func freshHistory(label: String, scratch: URL) throws {
    let data = scratch.appendingPathComponent("\(label)-data")
    try? FileManager.default.removeItem(at: data)
    try FileManager.default.copyItem(
      at: scratch.appendingPathComponent("\(label)-imported"), to: data)
  }

  /// `natter` on a data folder with the channels of `servers` and their stored messages,
  /// imported the way a user imports (by that binary, so an earlier one reads its own schema);
  /// each run gets a fresh copy of it.
  private func networksApp(label: String, natter: String, servers: [ChannelsServer]) throws
    -> Options.App
  {
    let count = servers.count
    let imported = options.scratch.appendingPathComponent("\(label)-imported")
    let data = options.scratch.appendingPathComponent("\(label)-data")
    let history = options.scratch.appendingPathComponent("\(label).jsonl")
    log("making \(count) networks' history (\(count * Self.channelsPerNetwork) channels)")
    try Self.historyLines(servers: servers).write(to: history, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: history) }
    let importing = Process()
    importing.executableURL = URL(fileURLWithPath: natter)
    importing.arguments = ["--data-dir", imported.path, "--import", history.path]
    importing.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    try importing.run()
    importing.waitUntilExit()
    guard importing.terminationStatus == 0 else {
      throw Launch.Failure.cannotStart("natter --import for \(label)")
    }
    let app = Options.App(label: label, command: [natter, "--data-dir", data.path], probed: true)
    try settle(app, servers: servers, imported: imported)
    return app
  }

  /// Starts `app` once on its imported history and keeps what that start left as the history
  /// of every run: a returning user's history has been opened before, and a start keeps what
  /// the next one reads (the unread counts) once its window is up. Its open conversation is
  /// read from then on, as it would be.
  private func settle(_ app: Options.App, servers: [ChannelsServer], imported: URL) throws {
    log("\(app.label): one start to settle its history")
    let environment = environment(label: app.label)
    if let config = environment["XDG_CONFIG_HOME"] {
      try Self.writeNetworks(servers, config: config)
    }
    try Self.freshHistory(label: app.label, scratch: options.scratch)
    do {
      let launch = try Launch(
        watch: options.watch, command: app.command, environment: environment,
        scratch: options.scratch)
      defer { launch.stop() }
      try launch.wait(for: "paint", seconds: 60, what: app.label)
      Thread.sleep(forTimeInterval: 3)
    }
    try? FileManager.default.removeItem(at: imported)
    try FileManager.default.copyItem(
      at: options.scratch.appendingPathComponent("\(app.label)-data"), to: imported)
  }

  private static func channels() -> [String] { (0..<channelsPerNetwork).map { "#c\($0)" } }

  static func writeNetworks(_ servers: [ChannelsServer], config: String) throws {
    let folder = URL(fileURLWithPath: config).appendingPathComponent("natter")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var text = ""
    for (index, server) in servers.enumerated() {
      text += "[network \(index + 1)]\nname=Network \(index + 1)\n"
      text += "url=irc://bench@\(server.host):\(server.port)/\(channels().joined(separator: ","))\n"
    }
    try text.write(
      to: folder.appendingPathComponent("settings.ini"), atomically: true, encoding: .utf8)
  }

  /// 1,000 messages in each channel of each server, oldest first, one a minute per channel.
  static func historyLines(servers: [ChannelsServer]) -> String {
    let end = Date(timeIntervalSince1970: 1_796_000_000)
    let formatter = ISO8601DateFormatter()
    var lines: [String] = []
    lines.reserveCapacity(servers.count * channelsPerNetwork * messagesPerChannel)
    for server in servers {
      for channel in channels() {
        let conversation = "irc://\(server.host):\(server.port)/\(channel)"
        for n in 0..<messagesPerChannel {
          let sent = end.addingTimeInterval(Double(n - messagesPerChannel) * 60)
          lines.append(
            #"{"id":"\#(server.host)-\#(channel.dropFirst())-\#(n)","sender":"m\#(n % 50)","#
              + #""sent_at":"\#(formatter.string(from: sent))","#
              + #""body":"message \#(n) in \#(channel) on \#(server.host)","#
              + #""conversation":"\#(conversation)","msgid":"\#(server.host)-\#(channel)-\#(n)"}"#)
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// One bench network: a loopback server on its own address that welcomes any client, and
/// answers each JOIN with a member list of `Bench.membersPerChannel` names. It serves one
/// connection after another for the whole run; `namesServed` counts the lists sent since
/// `resetCount`.
final class ChannelsServer: @unchecked Sendable {
  let host: String
  let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var served = 0
  private var servedAt: Int64?
  private var clients: [Int32] = []

  var namesServed: Int { lock.withLock { served } }
  /// CLOCK_MONOTONIC µs of the last member list sent.
  var lastServed: Int64? { lock.withLock { servedAt } }

  func resetCount() { lock.withLock { (served, servedAt) = (0, nil) } }

  /// `count` servers on 127.0.0.1 … 127.0.0.N, one port for all, so a history's conversation
  /// ids made for them hold in every round.
  static func group(count: Int) throws -> [ChannelsServer] {
    for _ in 0..<20 {
      let first = try ChannelsServer(host: "127.0.0.1", port: 0)
      var servers = [first]
      while servers.count < count,
        let next = try? ChannelsServer(host: "127.0.0.\(servers.count + 1)", port: first.port)
      {
        servers.append(next)
      }
      if servers.count == count { return servers }
      servers.forEach { $0.stop() }
    }
    throw Launch.Failure.cannotStart("\(count) loopback servers on one port")
  }

  init(host: String, port: UInt16) throws {
    self.host = host
    (listener, self.port) = try listeningSocket(host: host, port: port, backlog: 4)
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    for fd in lock.withLock({ clients }) { shutdown(fd, Int32(SHUT_RDWR)) }
  }

  private func acceptLoop() {
    while true {
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else { return }
      lock.withLock { clients.append(fd) }
      Thread.detachNewThread { [self] in serve(fd) }
    }
  }

  private func serve(_ fd: Int32) {
    defer {
      close(fd)
      lock.withLock { clients.removeAll { $0 == fd } }
    }
    var nick = "bench"
    readLines(of: fd) { line in
      if let reply = registrationReply(to: line, server: "net.test", nick: &nick) {
        if !reply.isEmpty { send(fd, reply) }
        return
      }
      let words = line.split(separator: " ").map(String.init)
      switch words.first?.uppercased() {
      case "JOIN" where words.count > 1:
        for channel in words[1].split(separator: ",") {
          send(fd, names(for: String(channel), nick: nick))
          lock.withLock {
            served += 1
            servedAt = monotonicMicroseconds()
          }
        }
      default:
        break
      }
    }
  }

  /// The JOIN echo, the member list in lines of 50 names, and its end.
  private func names(for channel: String, nick: String) -> String {
    var text = ":\(nick)!b@h JOIN \(channel)\r\n"
    let members = [nick] + (1..<Bench.membersPerChannel).map { "m\($0)" }
    for start in stride(from: 0, to: members.count, by: 50) {
      let part = members[start..<min(start + 50, members.count)].joined(separator: " ")
      text += ":net.test 353 \(nick) = \(channel) :\(part)\r\n"
    }
    return text + ":net.test 366 \(nick) \(channel) :End of /NAMES list.\r\n"
  }

  private func send(_ fd: Int32, _ text: String) { writeAll(fd, Array(text.utf8)) }
}

/// CLOCK_MONOTONIC in microseconds, the probe's clock.
private func monotonicMicroseconds() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}
