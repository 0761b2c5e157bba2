import Foundation

/// Issue 32's big lists: Natter joins a channel on a scripted loopback server that answers the
/// JOIN with a NAMES list of 20,000 members and `LIST` with 20,000 channels. The probe opens
/// the members popover when the channel is joined and records the frames until 1 s after the
/// list is in (`frames-names`), then sends `/list` through the composer and records the
/// channel browser's window until 1 s after its list is in (`frames-list`). Each round also
/// runs lists of 500 (a channel of the size the networks suite uses), and the `--before`
/// binary with 20,000, in turns.
extension Bench {
  static let bigList = 20_000
  static let smallList = 500
  static let membersVariants = ["\(bigList)", "\(smallList)", "before"]

  static func listRow(_ what: String, _ variant: String) -> String { "\(what) \(variant)" }

  mutating func members() {
    var turns: [(variant: String, binary: String, size: Int)] = [
      ("\(Self.bigList)", options.natter, Self.bigList),
      ("\(Self.smallList)", options.natter, Self.smallList),
    ]
    if let before = options.before { turns.append(("before", before, Self.bigList)) }
    for round in 0..<options.runs {
      log("member and channel lists round \(round + 1)/\(options.runs)")
      for turn in TurnOrder.of(turns, round: round) {
        do {
          try lists(turn.variant, binary: turn.binary, size: turn.size)
        } catch {
          log("member and channel lists (\(turn.variant)): \(error)")
        }
        Thread.sleep(forTimeInterval: 0.3)
      }
    }
  }

  private mutating func lists(_ variant: String, binary: String, size: Int) throws {
    let server = try MembersServer(members: size, channels: size)
    defer { server.stop() }
    let data = options.scratch.appendingPathComponent("members-data")
    try? FileManager.default.removeItem(at: data)
    defer { try? FileManager.default.removeItem(at: data) }
    let url = "irc://bench@127.0.0.1:\(server.port)/#bench"
    let environment = self.environment(
      label: variant == "before" ? "before-members" : "natter-members",
      extra: ["NATTER_BENCH_MEMBERS": "\(size)", "NATTER_BENCH_LIST": "\(size)"])
    Self.forgetNetworks(in: environment)
    let launch = try Launch(
      watch: options.watch, command: [binary, "--data-dir", data.path, "--connect", url],
      environment: environment, scratch: options.scratch)
    defer { launch.stop() }
    try launch.wait(for: "paint", seconds: 60, what: "the lists")
    // Waited for from the server's side, so an earlier binary, whose probe never answers,
    // costs seconds, not minutes.
    guard server.waitUntil(seconds: 30, { $0.namesWritten != nil }) else {
      log("lists (\(variant)): Natter never joined")
      recordFrames(nil, as: Self.listRow("names", variant))
      recordFrames(nil, as: Self.listRow("list", variant))
      return
    }
    let names = try? launch.wait(for: "frames-names", seconds: 15, what: "the member list")
    if names == nil { log("lists (\(variant)): no frame times for the member list") }
    recordFrames(names, as: Self.listRow("names", variant))
    if let listed = launch.events.first(where: { $0.name == "members-listed" }),
      let written = server.times.namesWritten
    {
      samples["names in \(variant)", default: []].append(Double(listed.microseconds - written))
    }
    guard names != nil, server.waitUntil(seconds: 15, { $0.listWritten != nil }) else {
      if names != nil { log("lists (\(variant)): Natter never asked for the channel list") }
      recordFrames(nil, as: Self.listRow("list", variant))
      return
    }
    let list = try? launch.wait(for: "frames-list", seconds: 15, what: "the channel list")
    if list == nil { log("lists (\(variant)): no frame times for the channel list") }
    recordFrames(list, as: Self.listRow("list", variant))
    if let listed = launch.events.first(where: { $0.name == "channels-listed" }),
      let written = server.times.listWritten
    {
      samples["list in \(variant)", default: []].append(Double(listed.microseconds - written))
    }
  }
}

/// A loopback IRC server for one client (127.0.0.1, a free port) that answers its JOIN with a
/// member list of `members` names and `LIST` with `channels` channels, each a second after the
/// request (a busy server's and a network's delay; it also lets the probe open what shows them
/// first), in lines of up to 512 bytes as servers send them.
final class MembersServer: @unchecked Sendable {
  struct Times {
    /// CLOCK_MONOTONIC µs when the first 353 and the first 322 were written.
    var namesWritten: Int64?
    var listWritten: Int64?
  }

  let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var written = Times()
  private var client: Int32 = -1
  private let members: Int
  private let channels: Int

  var times: Times { lock.withLock { written } }

  init(members: Int, channels: Int) throws {
    self.members = members
    self.channels = channels
    (listener, port) = try listeningSocket()
    Thread.detachNewThread { [self] in serve() }
  }

  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    let fd = lock.withLock { client }
    if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
  }

  /// Whether `done` came true within `seconds`, looking every 50 ms.
  func waitUntil(seconds: Double, _ done: (Times) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !done(times) {
      guard Date() < deadline else { return false }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return true
  }

  private func serve() {
    let fd = accept(listener, nil, nil)
    guard fd >= 0 else { return }
    lock.withLock { client = fd }
    defer { close(fd) }
    var nick = "bench"
    readLines(of: fd) { line in
      if let reply = registrationReply(to: line, server: "bench.test", nick: &nick) {
        if !reply.isEmpty { send(fd, reply) }
        return
      }
      let words = line.split(separator: " ").map(String.init)
      switch words.first?.uppercased() {
      case "JOIN" where words.count > 1:
        let channel = words[1].split(separator: ",").first.map(String.init) ?? "#bench"
        send(fd, ":\(nick)!b@h JOIN \(channel)\r\n")
        let lines = Self.namesLines(me: nick, channel: channel, count: members)
        Thread.sleep(forTimeInterval: 1)
        lock.withLock { written.namesWritten = monotonicNow() }
        send(fd, lines)
      case "LIST":
        let lines = Self.listLines(me: nick, count: channels)
        Thread.sleep(forTimeInterval: 1)
        lock.withLock { written.listWritten = monotonicNow() }
        send(fd, lines)
      default:
        break
      }
    }
  }

  private func send(_ fd: Int32, _ text: String) { writeAll(fd, Array(text.utf8)) }

  /// `count` members, `me` among them, as `353` lines of up to 512 bytes and the `366`.
  static func namesLines(me: String, channel: String, count: Int) -> String {
    let head = ":bench.test 353 \(me) = \(channel) :"
    var text = ""
    var line = head
    for nick in [me] + (1..<max(count, 1)).map(memberName) {
      if line.utf8.count + nick.utf8.count + 3 > 512 {
        text += line + "\r\n"
        line = head
      }
      if line != head { line += " " }
      line += nick
    }
    text += line + "\r\n"
    return text + ":bench.test 366 \(me) \(channel) :End of /NAMES list.\r\n"
  }

  /// `count` channels as `322` lines (name, users, a topic, some with the modes InspIRCd
  /// puts first) and the `323`.
  static func listLines(me: String, count: Int) -> String {
    var text = ":bench.test 321 \(me) Channel :Users  Name\r\n"
    for index in 0..<count {
      let stem = stems[index % stems.count]
      let users = 1 + (index * 7919) % 4000
      let topic = topics[index % topics.count]
      let modes = index % 5 == 0 ? "[+nt] " : ""
      text += ":bench.test 322 \(me) #\(stem)-\(index) \(users) :\(modes)\(topic)\r\n"
    }
    return text + ":bench.test 323 \(me) :End of /LIST\r\n"
  }

  /// A nickname of 3 to 16 characters, unique for each `index`; a few are operators or
  /// voiced, as in a big channel.
  static func memberName(_ index: Int) -> String {
    let stem = stems[index % stems.count]
    let tail = String(index / stems.count, radix: 36)
    var nick = index % 3 == 0 ? stem + "_" + tail : stem + tail
    if index % 7 == 0 { nick = nick.prefix(1).uppercased() + nick.dropFirst() }
    nick = String(nick.prefix(16))
    let prefix = index % 97 == 0 ? "@" : index % 31 == 0 ? "+" : ""
    return prefix + nick
  }

  private static let stems = [
    "alice", "bob", "carol", "dave", "eve", "frank", "grace", "heidi", "ivan", "judy", "mallory",
    "oscar", "peggy", "trent", "victor", "walter", "zoe", "kai", "lena", "marco", "nadia", "omar",
    "priya", "quinn", "rosa", "sven", "tariq", "ursula", "vik", "wen", "xiu", "yusuf", "anneliese",
    "bartholomew", "cthulhu", "dr", "el", "fluffy", "gnu", "hacker", "irc", "jdoe",
  ]

  private static let topics = [
    "Welcome! Be nice.", "Support for the thing | docs: https://example.org/docs | no pastes",
    "Off-topic chatter", "Release 4.2 is out: https://example.org/news/4.2 — please upgrade",
    "Meetings on Thursdays 16:00 UTC; logs at https://example.org/logs",
    "", "Ελληνικά καλωσορίσματα", "日本語のチャンネルです", "Discussion of the weekly build",
  ]
}

/// CLOCK_MONOTONIC in microseconds, the probe's clock.
private func monotonicNow() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}
