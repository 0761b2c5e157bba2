/// Trust on first use for a server's TLS certificate (SPEC §9): what a certificate the system
/// store refused means, given the fingerprints the user pinned for that server.
public enum IRCCertificateTrust: Equatable, Sendable {
  /// Pinned for this server: accepted.
  case pinned
  /// Nothing is pinned for this server yet: the user may trust it.
  case firstUse(fingerprint: String)
  /// Another certificate is pinned for this server: refused loudly, never accepted on its
  /// own; trusting the new one replaces the old pin.
  case changed(pinned: [String], presented: String)

  /// - Parameters:
  ///   - fingerprint: the presented certificate's SHA-256, any spelling.
  ///   - pins: the fingerprints pinned for this server.
  public init(fingerprint: String, pins: [String]) {
    let presented = Self.normalized(fingerprint)
    let pinned = pins.map(Self.normalized)
    if pinned.contains(presented) {
      self = .pinned
    } else if pinned.isEmpty {
      self = .firstUse(fingerprint: presented)
    } else {
      self = .changed(pinned: pinned, presented: presented)
    }
  }

  /// Lowercase hex without separators, so `AB:CD…` and `abcd…` are one fingerprint.
  public static func normalized(_ fingerprint: String) -> String {
    fingerprint.lowercased().filter(\.isHexDigit)
  }

  /// `AB:CD:…`, as certificate viewers show a fingerprint.
  public static func display(_ fingerprint: String) -> String {
    let hex = Array(normalized(fingerprint).uppercased())
    return stride(from: 0, to: hex.count, by: 2).map { String(hex[$0..<min($0 + 2, hex.count)]) }
      .joined(separator: ":")
  }

  /// Why the connection was refused, for the `Connection` subtitle; nil when it was not.
  public var disconnectReason: String? {
    switch self {
    case .pinned: return nil
    case .firstUse: return localized("The server's certificate is not trusted")
    case .changed:
      return localized("The server's certificate changed since you trusted it")
    }
  }

  /// The banner's sentence for `host`; nil when nothing needs saying.
  public func banner(host: String) -> String? {
    switch self {
    case .pinned:
      return nil
    case .firstUse(let fingerprint):
      return localized(
        "{host} presented a certificate this computer does not trust. "
          + "SHA-256 fingerprint: {fingerprint}",
        ["host": host, "fingerprint": fingerprint])
    case .changed(let pinned, let presented):
      let old = pinned.map(Self.display).joined(separator: localized(" or "))
      return localized(
        "Warning: the certificate of {host} has changed since you trusted it, so Natter "
          + "did not connect. Someone may be intercepting the connection, or the server may "
          + "have a new certificate; ask its operator before trusting it. "
          + "Trusted: {old}. Now presented: {new}.",
        ["host": host, "old": old, "new": Self.display(presented)])
    }
  }
}
