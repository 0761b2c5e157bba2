/// A channel as `LIST` names it (`322 RPL_LIST`): for the channel browser (SPEC §12).
public struct IRCListedChannel: Equatable, Hashable, Sendable {
  public var name: String
  public var users: Int
  /// The topic as shown: formatting removed, one line, bounded.
  public var topic: String

  public init(name: String, users: Int, topic: String) {
    self.name = name
    self.users = users
    self.topic = topic
  }
}

/// The replies to `LIST` gathered into one list: `321` starts it (some servers skip it),
/// each `322` adds a channel, `323` ends it. A server may list hundreds of thousands; Natter
/// keeps the first `maxChannels`, and every field is bounded.
struct IRCChannelDirectory: Equatable, Sendable {
  private var gathering: [IRCListedChannel]?
  private var truncated = false

  static let maxChannels = 100_000
  static let maxTopicCharacters = 400
  static let maxNameBytes = 200

  var footprint: Int { gathering?.count ?? 0 }

  /// The events of one `LIST` reply, or nil for any other line.
  mutating func receive(_ message: IRCMessage, session: IRCSession) -> [IRCEffect]? {
    switch message.command {
    case "321":
      gathering = []
      truncated = false
      return []
    case "322":
      // `322 me #channel users :topic`
      guard message.params.count >= 3 else { return [] }
      if gathering == nil {
        gathering = []
        truncated = false
      }
      guard (gathering?.count ?? 0) < Self.maxChannels else {
        truncated = true
        return []
      }
      let name = message.params[1]
      guard session.support.isChannel(name), name.utf8.count <= Self.maxNameBytes,
        !name.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "," })
      else { return [] }
      let users = max(0, min(Int(message.params[2]) ?? 0, 10_000_000))
      let raw = message.params.count > 3 ? message.params[message.params.count - 1] : ""
      var topic = Self.withoutModes(IRCText.stripFormatting(raw))
      topic = String(topic.prefix(Self.maxTopicCharacters))
      gathering?.append(IRCListedChannel(name: name, users: users, topic: topic))
      return []
    case "323":
      let channels = gathering ?? []
      let wasTruncated = truncated
      gathering = nil
      truncated = false
      return [.event(.channelList(channels, complete: !wasTruncated))]
    default:
      return nil
    }
  }

  /// InspIRCd and UnrealIRCd start each topic with the channel's modes (`[+nt] `), which say
  /// nothing to someone choosing a channel.
  static func withoutModes(_ topic: String) -> String {
    guard topic.hasPrefix("[+"), let close = topic.firstIndex(of: "]") else { return topic }
    return String(topic[topic.index(after: close)...].drop { $0 == " " })
  }

  /// The connection closed: a list half-gathered is dropped.
  mutating func reset() {
    gathering = nil
    truncated = false
  }
}

/// The channel browser's rows (SPEC §12): filtered as the user types, by name or topic
/// without regard to case, and sorted by users (most first), then name.
public struct ChannelDirectory: Sendable {
  public private(set) var all: [IRCListedChannel]
  /// The folded text each filter compares, made once per list when it is first filtered
  /// (20,000 channels filter in a keystroke; made with the list, it held up the frame that
  /// showed it, issue 32).
  private var searchable: [String]?
  /// The rows shown, indices into `all`, in order.
  public private(set) var shown: [Int]
  public private(set) var filter = ""

  public init(_ channels: [IRCListedChannel]) {
    // Each name folded once, not in every comparison.
    all = channels.map { (channel: $0, key: $0.name.lowercased()) }
      .sorted {
        $0.channel.users != $1.channel.users ? $0.channel.users > $1.channel.users : $0.key < $1.key
      }
      .map(\.channel)
    shown = Array(all.indices)
  }

  /// Every word of `text` must appear in the channel's name or topic. A filter that narrows
  /// the last one searches only what that one showed.
  public mutating func setFilter(_ text: String) {
    let folded = text.lowercased().trimmingCharacters(in: .whitespaces)
    let words = folded.split(whereSeparator: \.isWhitespace).map(String.init)
    let candidates: [Int] =
      !filter.isEmpty && folded.hasPrefix(filter) ? shown : Array(all.indices)
    filter = folded
    guard !words.isEmpty else {
      shown = Array(all.indices)
      return
    }
    let searchable = searchable ?? all.map { ($0.name + "\n" + $0.topic).lowercased() }
    self.searchable = searchable
    shown = candidates.filter { index in
      words.allSatisfy { searchable[index].contains($0) }
    }
  }

  public var count: Int { shown.count }

  public subscript(row: Int) -> IRCListedChannel { all[shown[row]] }

  /// What the browser says under its list.
  public var summary: String {
    if filter.isEmpty {
      return localizedPlural("{count} channel", "{count} channels", count: all.count)
    }
    return localized(
      "{shown} of {all}",
      [
        "shown": localizedPlural("{count} channel", "{count} channels", count: shown.count),
        "all": String(all.count),
      ])
  }
}
