/// One network a soju bouncer is on, as `soju.im/bouncer-networks` describes it (SPEC §11):
/// its id there, which never changes, and its attributes (`name`, `state`, `host`, `error`…).
public struct IRCBouncerNetwork: Equatable, Sendable {
  /// The bouncer's id for it, opaque: what `BOUNCER BIND` names.
  public let id: String
  public var attributes: [String: String]

  public init(id: String, attributes: [String: String]) {
    self.id = id
    self.attributes = attributes
  }

  /// What the bouncer's user called it, else its server.
  public var name: String? {
    [attributes["name"], attributes["host"]].compactMap { $0 }.first { !$0.isEmpty }
  }

  /// `connected`, `connecting` or `disconnected`: the bouncer's own connection to it.
  public var state: String? { attributes["state"] }

  /// What went wrong upstream, in the bouncer's words.
  public var error: String? { attributes["error"].flatMap { $0.isEmpty ? nil : $0 } }

  /// An update merged in: a key with an empty value is removed, as the spec says.
  public mutating func apply(_ changes: [String: String]) {
    for (key, value) in changes {
      attributes[key] = value.isEmpty ? nil : value
    }
  }

  /// `name=Libera;state=connected`, escaped as message-tag values are (`\:` is `;`, `\s` a
  /// space). A key without `=` has the empty value. Keys and values are kept only when short.
  public static func attributes(parsing text: String) -> [String: String] {
    var attributes: [String: String] = [:]
    for item in text.split(separator: ";").prefix(maxAttributes) {
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = String(pair[0])
      guard !key.isEmpty, key.utf8.count <= 64 else { continue }
      let value = pair.count > 1 ? unescape(pair[1]) : ""
      guard value.utf8.count <= 512 else { continue }
      attributes[key] = value
    }
    return attributes
  }

  static let maxAttributes = 32

  /// Unescaped as a tag value is; a line break or NUL never reaches a name shown or a line
  /// written.
  private static func unescape(_ text: Substring) -> String {
    let value = IRCMessage.unescapeTagValue(text)
    return String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
  }
}

/// The bouncer side of a connection (SPEC §11): the bouncer's own connection asks for its
/// networks after the welcome and follows what changes; a connection bound to one of them
/// sends `BOUNCER BIND` while registering (`IRCRegistration`).
struct IRCBouncerNetworks: Equatable, Sendable {
  static let capability = "soju.im/bouncer-networks"
  static let notifyCapability = "soju.im/bouncer-networks-notify"
  static let batchType = "soju.im/bouncer-networks"
  /// A bouncer listing more is cut here: each network is a connection of ours.
  static let maxNetworks = 64

  private var batchID: String?
  private var listed: [IRCBouncerNetwork] = []

  /// After the welcome: the bouncer's own connection asks what networks there are.
  func registered(account: IRCAccount, session: IRCSession) -> [IRCEffect] {
    guard account.bouncerNetwork == nil, session.has(Self.capability) else { return [] }
    return [.write("BOUNCER LISTNETWORKS")]
  }

  /// `BOUNCER NETWORK` lines and the batch that lists them; nil for any other line.
  mutating func receive(_ message: IRCMessage, account: IRCAccount, session: IRCSession)
    -> [IRCEffect]?
  {
    let params = message.params
    switch message.command {
    case "BATCH":
      guard let reference = params.first else { return nil }
      if reference.hasPrefix("+"), params.count >= 2, params[1] == Self.batchType {
        batchID = String(reference.dropFirst())
        listed = []
        return []
      }
      guard reference.hasPrefix("-"), let batchID, reference.dropFirst() == batchID else {
        return nil
      }
      self.batchID = nil
      defer { listed = [] }
      return [.event(.bouncerNetworks(listed))]
    case "BOUNCER":
      // Only the bouncer's own connection speaks for the list; a bound one is one network.
      // A server that was never asked (no capability) adds no network that would connect.
      guard session.has(Self.capability), account.bouncerNetwork == nil, params.count >= 3,
        params[0].uppercased() == "NETWORK", !params[1].isEmpty, params[1].utf8.count <= 64
      else { return [] }
      let id = params[1]
      let deleted = params[2] == "*"
      let attributes = deleted ? [:] : IRCBouncerNetwork.attributes(parsing: params[2])
      if let batchID, message.tags["batch"] == batchID {
        if !deleted, listed.count < Self.maxNetworks, !listed.contains(where: { $0.id == id }) {
          listed.append(IRCBouncerNetwork(id: id, attributes: attributes))
        }
        return []
      }
      return [.event(.bouncerNetworkChanged(id: id, deleted ? nil : attributes))]
    default:
      return nil
    }
  }
}
