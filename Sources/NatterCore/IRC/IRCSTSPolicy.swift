import Foundation

/// IRCv3 Strict Transport Security (https://ircv3.net/specs/extensions/sts): a server that
/// said, over TLS, to be reached only over TLS on `port` until `expires`.
public struct IRCSTSPolicy: Equatable, Sendable {
  public var port: Int
  public var expires: Date

  public init(port: Int, expires: Date) {
    self.port = port
    self.expires = expires
  }

  /// The `port` and `duration` keys of an `sts` value (`port=6697,duration=300`); a key that
  /// is missing or not a number is nil. Unknown keys are ignored, as the spec asks.
  static func parse(_ value: String) -> (port: Int?, duration: Int?) {
    var port: Int?
    var duration: Int?
    for pair in value.split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { continue }
      switch parts[0] {
      case "port": port = Int(parts[1]).flatMap { (1...65535).contains($0) ? $0 : nil }
      case "duration": duration = Int(parts[1]).flatMap { $0 >= 0 ? $0 : nil }
      default: break
      }
    }
    return (port, duration)
  }
}

/// The STS policies Natter keeps, by host, and the one rule they serve: while a host has a
/// valid policy, no plaintext connection to it is ever made.
public struct IRCSTSPolicies: Equatable, Sendable {
  public private(set) var byHost: [String: IRCSTSPolicy] = [:]

  public init(_ byHost: [String: IRCSTSPolicy] = [:]) { self.byHost = byHost }

  /// Where to connect for `host`:`port` asked `tls` or not: a valid policy turns plaintext
  /// into TLS on the policy's port; TLS stays as asked.
  public func route(host: String, port: Int, tls: Bool, at now: Date) -> (port: Int, tls: Bool) {
    guard !tls, let policy = byHost[Self.key(host)], policy.expires > now else {
      return (port, tls)
    }
    return (policy.port, true)
  }

  /// A TLS connection to `host`:`port` said `duration` (seconds): the policy is kept until
  /// then, counted from now; 0 removes it.
  public mutating func heard(host: String, port: Int, duration: Int, at now: Date) {
    if duration == 0 {
      byHost[Self.key(host)] = nil
    } else {
      byHost[Self.key(host)] = IRCSTSPolicy(
        port: port, expires: now + TimeInterval(min(duration, 100 * 365 * 86_400)))
    }
  }

  /// Forgets policies that have run out.
  public mutating func expire(at now: Date) {
    byHost = byHost.filter { $0.value.expires > now }
  }

  private static func key(_ host: String) -> String { host.lowercased() }

  /// The last second of 9999, the latest expiry a file may give.
  static let latestExpiry = 253_402_300_799

  /// One policy a line: `host port expiry` (seconds since 1970).
  public var text: String {
    byHost.sorted { $0.key < $1.key }.map { host, policy in
      "\(host) \(policy.port) \(Int(policy.expires.timeIntervalSince1970))\n"
    }.joined()
  }

  /// Reads `text`; a line that does not parse is skipped.
  public init(text: String) {
    for line in text.split(whereSeparator: \.isNewline) {
      let fields = line.split(separator: " ")
      guard fields.count == 3, let port = Int(fields[1]), (1...65535).contains(port),
        let expiry = Int(fields[2])
      else { continue }
      // Natter writes no expiry past a century from now; an edited file's huge one would
      // trap when written back as an Int.
      byHost[Self.key(String(fields[0]))] = IRCSTSPolicy(
        port: port,
        expires: Date(timeIntervalSince1970: TimeInterval(min(max(expiry, 0), Self.latestExpiry))))
    }
  }
}
