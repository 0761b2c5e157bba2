/// The user's preferences, and their `settings.ini` form (GKeyFile syntax, SPEC §6).
///
/// The file is parsed here rather than with GLib's GKeyFile so that every rule, including how a
/// damaged or hand-edited file falls back to defaults, is testable without GLib. A value that is
/// missing or not understood gives that setting's default; nothing in a file can fail the load.
public struct Settings: Equatable, Sendable {
  /// The light or dark appearance the user asked for.
  public enum Style: String, Equatable, Sendable, CaseIterable {
    /// Follow the desktop's `color-scheme` (the freedesktop appearance setting).
    case followSystem = "follow"
    case light
    case dark

    /// The name shown in Preferences.
    public var title: String {
      switch self {
      case .followSystem: return localized("Follow system")
      case .light: return localized("Light")
      case .dark: return localized("Dark")
      }
    }

    /// Whether to use the dark variant, given the desktop's `color-scheme` value from the
    /// settings portal (0 no preference, 1 prefer dark, 2 prefer light), or nil without a
    /// portal. Without a portal or a preference, following the system means light.
    public func prefersDark(systemColorScheme: UInt32?) -> Bool {
      switch self {
      case .light: return false
      case .dark: return true
      case .followSystem: return systemColorScheme == 1
      }
    }
  }

  public static let defaultSendKey = SendKey.enter
  public static let defaultMaxLines = ComposerSizing.defaultMaxLines
  public static let maxLinesRange = ComposerSizing.maxLinesRange
  public static let defaultStyle = Style.followSystem

  public var sendKey: SendKey
  /// The composer's maximum height in lines; setting it clamps to `maxLinesRange`.
  public var maxLines: Int {
    didSet { maxLines = Self.clamp(maxLines) }
  }
  public var style: Style
  /// mIRC bold, colours and the rest drawn as formatting (SPEC §12); off, bodies are shown
  /// as their plain text.
  public var showsFormatting = true
  /// The networks (SPEC §11) in the sidebar's order; none for local history only. No
  /// password is ever here.
  public var networks: [NetworkAccount] = []
  /// SHA-256 fingerprints (lowercase hex) of certificates trusted for any server, as Natter
  /// saved them before pins were per server; still honoured, no longer written to.
  public var trustedCertificates: [String] = []
  /// Certificates pinned per server (`host:port` → SHA-256 fingerprints, lowercase hex) by
  /// `Trust this certificate` or `--trust-certificate` (TLS trust on first use, SPEC §9).
  public var pinnedCertificates: [String: [String]] = [:]

  /// Pins `fingerprint` for `server`; `replacing` drops the certificates pinned before (the
  /// user trusted a changed one).
  public mutating func pin(_ fingerprint: String, server: String, replacing: Bool = false) {
    let hex = IRCCertificateTrust.normalized(fingerprint)
    var pins = replacing ? [] : pinnedCertificates[server] ?? []
    if !pins.contains(hex) { pins.append(hex) }
    pinnedCertificates[server] = pins
  }
  /// How fast message lines go to the server (flood protection); the standard pace unless
  /// `send-burst` / `send-interval` name the server's own.
  public var sendBudget = IRCSendBudget.standard
  /// What other IRC users see when Natter quits (`QUIT :message`); empty leaves the words to
  /// the server (InspIRCd says `Client exited`).
  public var quitMessage = ""
  /// The real name others see in `/whois` (`USER`'s last parameter); empty uses the nickname.
  public var realName = ""
  /// Preferences' `Send typing notifications` (`+typing`, SPEC §13); `[irc] typing=`.
  public var sendsTyping = true
  /// Misspelt words are marked in the composer (SPEC §14); `[spelling] check=`.
  public var checksSpelling = true
  /// The dictionaries chosen in Preferences (`en_US`, `de_DE`…); empty follows the locale
  /// (`SpellingLanguages.forLocale`). A conversation may choose its own (`SpellingChoices`).
  public var spellingLanguages: [String] = []

  public init(
    sendKey: SendKey = Settings.defaultSendKey, maxLines: Int = Settings.defaultMaxLines,
    style: Style = Settings.defaultStyle
  ) {
    self.sendKey = sendKey
    self.maxLines = Self.clamp(maxLines)
    self.style = style
  }

  private static func clamp(_ lines: Int) -> Int {
    min(max(lines, maxLinesRange.lowerBound), maxLinesRange.upperBound)
  }

  // MARK: The file

  private static let composerGroup = "composer"
  private static let appearanceGroup = "appearance"
  private static let ircGroup = "irc"
  private static let spellingGroup = "spelling"

  /// Reads `settings.ini` text. `problems` receives one line per value that was ignored, for
  /// the log; the settings keep their defaults for those.
  public init(keyFile text: String, problems: inout [String]) {
    self.init()
    let entries = Self.parse(text, problems: &problems)
    // Before several networks, the one account was `[irc] url` and `sasl-account`.
    var legacyURL: IRCServerURL?
    var legacySASL: String?
    var networkGroups: [String] = []
    var networkFields: [String: [String: (value: String, line: Int)]] = [:]
    for entry in entries {
      if entry.group.hasPrefix(Self.networkGroupPrefix) {
        if networkFields[entry.group] == nil { networkGroups.append(entry.group) }
        networkFields[entry.group, default: [:]][entry.key] = (entry.value, entry.line)
        continue
      }
      switch (entry.group, entry.key) {
      case (Self.composerGroup, "send-key"):
        if let key = Self.sendKey(named: entry.value) {
          sendKey = key
        } else {
          problems.append("line \(entry.line): unknown send-key \"\(entry.value)\"")
        }
      case (Self.composerGroup, "max-lines"):
        if let lines = Int(entry.value), Self.maxLinesRange.contains(lines) {
          maxLines = lines
        } else {
          problems.append(
            "line \(entry.line): max-lines \"\(entry.value)\" is not a number from "
              + "\(Self.maxLinesRange.lowerBound) to \(Self.maxLinesRange.upperBound)")
        }
      case (Self.appearanceGroup, "style"):
        if let style = Style(rawValue: entry.value) {
          self.style = style
        } else {
          problems.append("line \(entry.line): unknown style \"\(entry.value)\"")
        }
      case (Self.appearanceGroup, "formatting"):
        switch entry.value {
        case "true": showsFormatting = true
        case "false": showsFormatting = false
        default: problems.append("line \(entry.line): formatting must be true or false")
        }
      case (Self.spellingGroup, "check"):
        switch entry.value {
        case "true": checksSpelling = true
        case "false": checksSpelling = false
        default: problems.append("line \(entry.line): check must be true or false")
        }
      case (Self.spellingGroup, "languages"):
        spellingLanguages = SpellingLanguages.parse(entry.value)
      case (Self.ircGroup, "url"):
        do {
          legacyURL = try IRCServerURL(parsing: entry.value, defaultNick: IRCNickname.fallback)
        } catch {
          problems.append("line \(entry.line): \(error)")
        }
      case (Self.ircGroup, "sasl-account"):
        legacySASL = entry.value.isEmpty ? nil : entry.value
      case (Self.ircGroup, "quit-message"):
        quitMessage = entry.value
      case (Self.ircGroup, "real-name"):
        realName = entry.value
      case (Self.ircGroup, "typing"):
        switch entry.value {
        case "true": sendsTyping = true
        case "false": sendsTyping = false
        default: problems.append("line \(entry.line): typing must be true or false")
        }
      case (Self.ircGroup, "send-burst"):
        if let burst = Int(entry.value), burst >= 1 {
          sendBudget = IRCSendBudget(burst: burst, interval: sendBudget.interval)
        } else {
          problems.append("line \(entry.line): send-burst must be a whole number from 1")
        }
      case (Self.ircGroup, "send-interval"):
        if let seconds = Double(entry.value), seconds >= 0, seconds.isFinite {
          sendBudget = IRCSendBudget(burst: sendBudget.burst, interval: seconds)
        } else {
          problems.append("line \(entry.line): send-interval must be seconds, 0 or more")
        }
      case (Self.ircGroup, "pinned-certificates"):
        // `host:port=hex,host:port=hex`; the fingerprint follows the last `=`.
        for item in entry.value.split(separator: ",") {
          guard let equals = item.lastIndex(of: "="), equals != item.startIndex else {
            problems.append("line \(entry.line): \"\(item)\" is not host:port=fingerprint")
            continue
          }
          let hex = IRCCertificateTrust.normalized(String(item[item.index(after: equals)...]))
          guard hex.count == 64 else {
            problems.append("line \(entry.line): \"\(item)\" is not a SHA-256 fingerprint")
            continue
          }
          pin(hex, server: String(item[..<equals]))
        }
      case (Self.ircGroup, "trusted-certificates"):
        trustedCertificates = entry.value.split(separator: ",").map {
          String($0).lowercased().filter(\.isHexDigit)
        }.filter { !$0.isEmpty }
      default:
        // A key from a newer version or a typo: ignored, so an older Natter still starts.
        problems.append("line \(entry.line): unknown key \(entry.group).\(entry.key)")
      }
    }
    if let legacyURL { networks.addOrUpdate(legacyURL, saslAccount: legacySASL) }
    for group in networkGroups {
      guard let network = Self.network(networkFields[group] ?? [:], problems: &problems) else {
        continue
      }
      // The same server twice would share its conversations: the later one wins.
      if let index = networks.firstIndex(where: { $0.id == network.id }) {
        networks[index] = network
      } else {
        networks.append(network)
      }
    }
  }

  private static let networkGroupPrefix = "network "

  /// One `[network N]` group: `url` (required), `name`, `sasl-account`, `enabled`, and for a
  /// soju bouncer's network its id there, `bouncer-network`.
  private static func network(
    _ fields: [String: (value: String, line: Int)], problems: inout [String]
  ) -> NetworkAccount? {
    guard let url = fields["url"] else {
      if let line = fields.values.map(\.line).min() {
        problems.append("line \(line): a network without a url is ignored")
      }
      return nil
    }
    var parsed: IRCServerURL
    do {
      parsed = try IRCServerURL(parsing: url.value, defaultNick: IRCNickname.fallback)
    } catch {
      problems.append("line \(url.line): \(error)")
      return nil
    }
    parsed.bouncerNetwork = fields["bouncer-network"].flatMap { $0.value.isEmpty ? nil : $0.value }
    var network = NetworkAccount(
      url: parsed, name: fields["name"]?.value,
      saslAccount: fields["sasl-account"].flatMap { $0.value.isEmpty ? nil : $0.value })
    if let ignore = fields["ignore"] {
      network.ignored = IRCIgnoreList(ignore.value.split(separator: " ").map(String.init)).masks
    }
    network.clientCertificate = fields["client-certificate"].flatMap {
      $0.value.isEmpty ? nil : $0.value
    }
    if let enabled = fields["enabled"] {
      switch enabled.value {
      case "true": network.isEnabled = true
      case "false": network.isEnabled = false
      default: problems.append("line \(enabled.line): enabled must be true or false")
      }
    }
    let known = [
      "url", "name", "sasl-account", "client-certificate", "enabled", "bouncer-network", "ignore",
    ]
    for (key, field) in fields where !known.contains(key) {
      problems.append("line \(field.line): unknown key \(key) of a network")
    }
    return network
  }

  /// Reads `settings.ini` text, ignoring what it does not understand.
  public init(keyFile text: String) {
    var problems: [String] = []
    self.init(keyFile: text, problems: &problems)
  }

  /// The `settings.ini` text for these settings, readable by GLib's GKeyFile too.
  public var keyFileText: String {
    let range = "\(Self.maxLinesRange.lowerBound)–\(Self.maxLinesRange.upperBound)"
    return """
      # Natter preferences. Edit with Preferences (Ctrl+,); unknown values fall back to defaults.

      [\(Self.composerGroup)]
      # enter: Enter sends, Shift+Enter makes a new line. ctrl-enter: only Ctrl+Enter sends.
      send-key=\(Self.name(of: sendKey))
      # How many lines the composer grows to before its text scrolls (\(range)).
      max-lines=\(maxLines)

      [\(Self.appearanceGroup)]
      # follow (the desktop's light or dark preference), light or dark.
      style=\(style.rawValue)
      # true: mIRC bold, italics and colours are shown; false: their plain text only.
      formatting=\(showsFormatting)

      """ + spellingKeyFileText + ircKeyFileText + networksKeyFileText
  }

  private var networksKeyFileText: String {
    var text = ""
    for (index, network) in networks.enumerated() {
      text += "\n"
      if index == 0 {
        text += "# natter --connect and Preferences keep the networks here, never a password.\n"
      }
      text += "[\(Self.networkGroupPrefix)\(index + 1)]\n"
      text += "name=\(Self.escape(network.name))\nurl=\(network.url)\n"
      if let id = network.url.bouncerNetwork { text += "bouncer-network=\(Self.escape(id))\n" }
      if let account = network.saslAccount { text += "sasl-account=\(Self.escape(account))\n" }
      if let file = network.clientCertificate {
        text += "client-certificate=\(Self.escape(file))\n"
      }
      text += "enabled=\(network.isEnabled)\n"
      if !network.ignored.isEmpty {
        text += "# /ignore's masks; /unignore removes one.\n"
        text += "ignore=\(Self.escape(network.ignored.joined(separator: " ")))\n"
      }
    }
    return text
  }

  private var spellingKeyFileText: String {
    guard !checksSpelling || !spellingLanguages.isEmpty else { return "" }
    var text = "\n[\(Self.spellingGroup)]\n"
    if !checksSpelling { text += "# false: misspelt words are not marked.\ncheck=false\n" }
    if !spellingLanguages.isEmpty {
      text += "# Dictionaries, as en_US,de_DE (none: the language of the desktop).\n"
      text += "languages=\(spellingLanguages.joined(separator: ","))\n"
    }
    return text
  }

  private var ircKeyFileText: String {
    let standardPace = sendBudget == .standard
    guard
      !trustedCertificates.isEmpty || !pinnedCertificates.isEmpty || !standardPace
        || !quitMessage.isEmpty || !realName.isEmpty || !sendsTyping
    else { return "" }
    var text = "\n[\(Self.ircGroup)]\n"
    if !sendsTyping {
      text += "# false: others are not told while you type (Preferences, Privacy).\n"
      text += "typing=false\n"
    }
    if !realName.isEmpty {
      text += "# The real name others see in /whois (Preferences, Network).\n"
      text += "real-name=\(Self.escape(realName))\n"
    }
    if !quitMessage.isEmpty {
      text += "# What others see when you quit (Preferences, Network).\n"
      text += "quit-message=\(Self.escape(quitMessage))\n"
    }
    if !trustedCertificates.isEmpty {
      text += "trusted-certificates=\(trustedCertificates.joined(separator: ","))\n"
    }
    if !pinnedCertificates.isEmpty {
      let pins = pinnedCertificates.keys.sorted().flatMap { server in
        (pinnedCertificates[server] ?? []).map { "\(server)=\($0)" }
      }
      text += "pinned-certificates=\(pins.joined(separator: ","))\n"
    }
    if !standardPace {
      text += "# Flood protection: lines at once, then seconds between lines (0: no limit).\n"
      text += "send-burst=\(sendBudget.burst)\nsend-interval=\(sendBudget.interval)\n"
    }
    return text
  }

  private static func name(of key: SendKey) -> String {
    switch key {
    case .enter: return "enter"
    case .controlEnter: return "ctrl-enter"
    }
  }

  private static func sendKey(named name: String) -> SendKey? {
    SendKey.allCases.first { Self.name(of: $0) == name }
  }

  /// One `key=value` line, with the group it sits in and its 1-based line number.
  private typealias Entry = (group: String, key: String, value: String, line: Int)

  /// Splits GKeyFile text into entries: `#` comments and blank lines are skipped, `[group]`
  /// starts a group, whitespace around keys and values is dropped and `\s \n \t \r \\` escapes
  /// are decoded as GKeyFile does. Locale keys (`key[de]`) and lines before any group are
  /// reported and skipped.
  private static func parse(_ text: String, problems: inout [String]) -> [Entry] {
    var entries: [Entry] = []
    var group: String?
    // "\r\n" is one Character in Swift, so it is a separator of its own.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, rawLine) in lines.enumerated() {
      let number = index + 1
      let line = rawLine.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        guard line.hasSuffix("]"), line.count > 2 else {
          problems.append("line \(number): malformed group header")
          group = nil
          continue
        }
        group = String(line.dropFirst().dropLast())
        continue
      }
      guard let equals = line.firstIndex(of: "=") else {
        problems.append("line \(number): not a key=value line")
        continue
      }
      guard let group else {
        problems.append("line \(number): key outside any group")
        continue
      }
      let key = line[..<equals].trimmingWhitespace()
      let value = unescape(line[line.index(after: equals)...].trimmingWhitespace())
      if key.isEmpty || key.contains("[") {
        problems.append("line \(number): unsupported key \"\(key)\"")
        continue
      }
      entries.append((group, String(key), value, number))
    }
    return entries
  }

  /// `value` as GKeyFile writes it: `\\`, `\n`, `\t` and `\r` escaped, and `\s` for a space
  /// at either end, which reading would otherwise drop.
  private static func escape(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.unicodeScalars.append(scalar)
      }
    }
    if result.hasPrefix(" ") { result = "\\s" + result.dropFirst() }
    if result.hasSuffix(" ") { result = result.dropLast() + "\\s" }
    return result
  }

  private static func unescape(_ value: Substring) -> String {
    var result = ""
    var escaping = false
    for character in value {
      if escaping {
        switch character {
        case "s": result.append(" ")
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "r": result.append("\r")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let start = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
    guard let last = lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
    return self[start...last]
  }
}
