import Foundation

/// Answers to CTCP requests (SPEC §12): `VERSION`, `PING`, `TIME` and `CLIENTINFO`, as a
/// `NOTICE` back, at most `burst` in any `window` seconds so nobody can make Natter flood
/// itself off a server; every request, answered or not, is reported for a status line.
struct IRCCTCPReplies: Equatable, Sendable {
  static let answered = ["CLIENTINFO", "PING", "TIME", "VERSION"]
  static let burst = 3
  static let window: TimeInterval = 10
  /// At most this much of a `PING`'s argument is sent back.
  static let maxPingBytes = 64

  private var sentAt: [Date] = []

  /// The reply to `command` from `sender` (with its argument), if it is one Natter answers
  /// and the limit allows, then the event that reports it.
  mutating func request(
    _ command: String, argument: String, from sender: String, version: String, at now: Date
  ) -> [IRCEffect] {
    sentAt.removeAll { now.timeIntervalSince($0) >= Self.window }
    let reply: String?
    switch command {
    case "VERSION": reply = version
    case "PING":
      // Bounded, and only printable text goes back into a line of ours.
      let printable = argument.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }
      reply = String(String.UnicodeScalarView(printable).prefix(Self.maxPingBytes))
    case "TIME": reply = Self.time(now)
    case "CLIENTINFO": reply = (Self.answered + ["ACTION"]).sorted().joined(separator: " ")
    default: reply = nil
    }
    guard let reply, !sender.isEmpty, sentAt.count < Self.burst else {
      return [.event(.ctcpRequest(from: sender, command: command, answered: false))]
    }
    sentAt.append(now)
    let body = "\u{01}" + command + (reply.isEmpty ? "" : " " + reply) + "\u{01}"
    return [
      .write(IRCMessage(command: "NOTICE", params: [sender, body]).serialized),
      .event(.ctcpRequest(from: sender, command: command, answered: true)),
    ]
  }

  /// RFC 1123's date, as clients answer `TIME`, in UTC.
  static func time(_ now: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: now)
  }
}
