import Foundation

/// SPEC §8's incoming burst: Natter joins a channel on a scripted loopback IRC server, which
/// then writes 10,000 channel messages in one go. Natter's probe reports, from the first message
/// stored to the 10,000th, the longest main-loop stall and the longest time without a frame;
/// the server's first written byte to the last message stored is the burst's whole time. Each
/// round runs Natter as it is (lines in slices) and as it was (`NATTER_BENCH_INBOX=read`: each
/// read handled whole), so the table shows the two side by side as a ratio.
extension Bench {
  static let burstCount = 10_000
  static let burstModes = ["slices", "read"]
  /// The `--before` binary, its lines in slices too, in the same rounds.
  static let burstBefore = "before"

  static func burstKey(_ what: String, _ mode: String) -> String { "burst \(what) \(mode)" }

  mutating func network() {
    for round in 0..<options.runs {
      log("incoming burst round \(round + 1)/\(options.runs)")
      for mode in Self.burstModes + (options.before == nil ? [] : [Self.burstBefore]) {
        do {
          try burst(mode: mode)
        } catch {
          log("incoming burst (\(mode)): \(error)")
        }
      }
    }
  }

  private mutating func burst(mode: String) throws {
    let server = try ScriptedIRCServer(burst: Self.burstCount)
    defer { server.stop() }
    let data = options.scratch.appendingPathComponent("burst-data")
    try? FileManager.default.removeItem(at: data)
    defer { try? FileManager.default.removeItem(at: data) }
    let url = "irc://bench@127.0.0.1:\(server.port)/#bench"
    let natter = mode == Self.burstBefore ? options.before ?? options.natter : options.natter
    let app = Options.App(
      label: "natter-burst", command: [natter, "--data-dir", data.path, "--connect", url],
      probed: true)
    let environment = self.environment(
      label: app.label,
      extra: [
        "NATTER_BENCH_BURST": "\(Self.burstCount)",
        "NATTER_BENCH_INBOX": mode == Self.burstBefore ? "slices" : mode,
      ])
    Self.forgetNetworks(in: environment)
    let launch = try Launch(
      watch: options.watch, command: app.command, environment: environment,
      scratch: options.scratch)
    defer { launch.stop() }
    let report = try launch.wait(for: "burst", seconds: 120, what: "the burst")
    recordFrames(
      try? launch.wait(for: "frames-burst", seconds: 2, what: "the burst"), as: "burst \(mode)")
    guard report.detail.count >= 3, let sent = server.burstStarted else { return }
    samples[Self.burstKey("stall", mode), default: []].append(Double(report.detail[0]))
    samples[Self.burstKey("frame gap", mode), default: []].append(Double(report.detail[1]))
    // The probe reports 5 ms after the last message is stored.
    samples[Self.burstKey("total", mode), default: []].append(
      Double(report.microseconds - 5_000 - sent))
  }
}

/// A loopback IRC server that registers one client, echoes its JOIN and then writes a burst
/// of channel messages in one go. Only 127.0.0.1; it serves one connection.
final class ScriptedIRCServer: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var started: Int64?
  private var client: Int32 = -1

  /// CLOCK_MONOTONIC µs when the burst's first byte was written (the probe's clock).
  var burstStarted: Int64? { lock.withLock { started } }

  init(burst: Int) throws {
    (listener, port) = try listeningSocket()
    let lines = (0..<burst).map { ":speaker!s@h PRIVMSG #bench :burst message \($0)\r\n" }
    let payload = Array(lines.joined().utf8)
    Thread.detachNewThread { [self] in serve(payload) }
  }

  func stop() {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    let fd = lock.withLock { client }
    if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
  }

  private func serve(_ payload: [UInt8]) {
    let fd = accept(listener, nil, nil)
    guard fd >= 0 else { return }
    lock.withLock { client = fd }
    defer { close(fd) }
    readLines(of: fd) { line in
      if line.hasPrefix("CAP LS") {
        send(fd, ":bench.test CAP * LS :\r\n")
      } else if line.hasPrefix("CAP END") {
        send(fd, ":bench.test 001 bench :Welcome\r\n:bench.test 005 bench CHANTYPES=# :ok\r\n")
      } else if line.hasPrefix("PING") {
        send(fd, "PONG" + line.dropFirst(4) + "\r\n")
      } else if line.hasPrefix("JOIN") {
        send(fd, ":bench!b@h JOIN #bench\r\n:bench.test 366 bench #bench :End\r\n")
        lock.withLock { started = Int64(g_monotonic()) }
        writeAll(fd, payload)
      }
    }
  }

  private func send(_ fd: Int32, _ text: String) { writeAll(fd, Array(text.utf8)) }
}

/// A TCP socket listening on `host` (a loopback address) and `port` (0: any free one), and the
/// port it got.
func listeningSocket(host: String = "127.0.0.1", port: UInt16 = 0, backlog: Int32 = 1) throws
  -> (fd: Int32, port: UInt16)
{
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
  var reuse: Int32 = 1
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr(host)
  address.sin_port = port.bigEndian
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
      bind(fd, raw, length) == 0 && listen(fd, backlog) == 0 && getsockname(fd, raw, &length) == 0
    }
  }
  guard fd >= 0, bound else {
    if fd >= 0 { close(fd) }
    throw Launch.Failure.cannotStart("a loopback socket on \(host)")
  }
  return (fd, UInt16(bigEndian: address.sin_port))
}

/// The answer of a scripted server named `server` to the registration lines every client
/// sends (CAP LS, NICK, CAP END, PING), keeping the nickname in `nick`; nil for any other
/// line, which the server itself answers.
func registrationReply(to line: String, server: String, nick: inout String) -> String? {
  let words = line.split(separator: " ").map(String.init)
  switch words.first?.uppercased() {
  case "CAP" where words.count > 1 && words[1] == "LS":
    return ":\(server) CAP * LS :\r\n"
  case "NICK" where words.count > 1:
    nick = words[1]
    return ""
  case "CAP" where words.count > 1 && words[1] == "END":
    return ":\(server) 001 \(nick) :Welcome\r\n:\(server) 005 \(nick) CHANTYPES=# :ok\r\n"
      + ":\(server) 422 \(nick) :No MOTD\r\n"
  case "PING":
    return "PONG" + line.dropFirst(4) + "\r\n"
  default:
    return nil
  }
}

/// Calls `body` with each line read from `fd` (without CR LF) until it closes.
func readLines(of fd: Int32, _ body: (String) -> Void) {
  var buffer: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(fd, &chunk, chunk.count)
    guard count > 0 else { return }
    buffer += chunk[0..<count]
    while let newline = buffer.firstIndex(of: 10) {
      let line = String(decoding: buffer[..<newline], as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      buffer.removeSubrange(...newline)
      body(line)
    }
  }
}

/// Writes all of `bytes` to `fd`, however many writes that takes; stops at an error.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
  bytes.withUnsafeBytes { raw in
    guard let base = raw.baseAddress else { return }
    var offset = 0
    while offset < raw.count {
      let written = write(fd, base + offset, raw.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}

/// CLOCK_MONOTONIC in microseconds, as `g_get_monotonic_time` gives it.
private func g_monotonic() -> Int64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
}
