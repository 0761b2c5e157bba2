/// Tab completion of nicknames in the composer (SPEC §10): Tab after part of a nickname
/// completes it from the conversation's members, most recent speakers first, compared with the
/// server's case mapping; Tab again cycles; at the start of the text the nickname is followed
/// by `: `, elsewhere by a space. At the start of the text, `/` and part of a command's name
/// completes the command (`/wh` → `/whois `). Any other key or edit ends the cycle (`reset()`).
public struct NickCompleter: Equatable, Sendable {
  /// Replace `length` characters at `offset` with `text`; the caret goes after it.
  public struct Edit: Equatable, Sendable {
    public let offset: Int
    public let length: Int
    public let text: String

    public init(offset: Int, length: Int, text: String) {
      self.offset = offset
      self.length = length
      self.text = text
    }
  }

  private struct Cycle: Equatable, Sendable {
    var offset: Int
    var candidates: [String]
    var index: Int
    var suffix: String
    /// The characters the last completion put in the text.
    var length: Int
  }

  private var cycle: Cycle?

  /// How much text before the caret the view passes: longer than any nickname.
  public static let lookbehind = 64

  /// A completer with no cycle under way.
  public init() {}

  /// Whether a Tab now would cycle through an earlier completion.
  public var isCycling: Bool { cycle != nil }

  /// The next completion for Tab with the caret at `caret`, where `window` is the text just
  /// before the caret (at least the word being typed). Nil when there is no nickname prefix
  /// or nothing matches, so Tab does what it otherwise does.
  ///
  /// - Parameters:
  ///   - members: the conversation's members, in any order.
  ///   - recentSpeakers: members who spoke lately, most recent first.
  public mutating func tab(
    before window: String, caret: Int, members: [String], recentSpeakers: [String],
    casemapping: IRCCasemapping = .rfc1459
  ) -> Edit? {
    if var cycle {
      cycle.index = (cycle.index + 1) % cycle.candidates.count
      let text = cycle.candidates[cycle.index] + cycle.suffix
      let edit = Edit(offset: cycle.offset, length: cycle.length, text: text)
      cycle.length = text.unicodeScalars.count
      self.cycle = cycle
      return edit
    }
    var scalars = String.UnicodeScalarView()
    scalars.append(
      contentsOf: window.unicodeScalars.reversed().prefix { !Self.isSeparator($0) }.reversed())
    let word = String(scalars)
    guard !word.isEmpty, !word.hasPrefix("#") else { return nil }
    let wordLength = word.unicodeScalars.count
    let offset = caret - wordLength
    let isCommand = offset == 0 && Self.isCommandName(word)
    let candidates =
      isCommand
      ? Self.commands(prefix: word)
      : Self.candidates(
        prefix: word, members: members, recentSpeakers: recentSpeakers, casemapping: casemapping)
    guard let first = candidates.first else { return nil }
    let suffix = offset == 0 && !isCommand ? ": " : " "
    let text = first + suffix
    cycle = Cycle(
      offset: offset, candidates: candidates, index: 0, suffix: suffix,
      length: text.unicodeScalars.count)
    return Edit(offset: offset, length: wordLength, text: text)
  }

  /// Whether Tab should ask for a completion (`KeyContext.canCompleteNick`): a cycle is under
  /// way, or the conversation has members and the word before the caret is not a hashtag
  /// (Tab after `#tag` still makes a chip, SPEC §3).
  public func wantsTab(before window: String, hasMembers: Bool) -> Bool {
    if cycle != nil { return true }
    let word = window.unicodeScalars.reversed().prefix { !Self.isSeparator($0) }
    // A command name at the very start of the text (the whole window is the word).
    if word.count == window.unicodeScalars.count, window.unicodeScalars.count < Self.lookbehind,
      Self.isCommandName(window), !Self.commands(prefix: window).isEmpty
    {
      return true
    }
    guard hasMembers else { return false }
    return !word.isEmpty && word.last != "#"
  }

  /// `/wh`: a command being named (`//` sends a slash and names none).
  private static func isCommandName(_ word: String) -> Bool {
    SlashCommand.isCommandLine(word) && !word.dropFirst().contains("/")
  }

  /// The commands whose name starts with what follows `/`, as `/name`, in name order.
  public static func commands(prefix: String) -> [String] {
    let typed = prefix.dropFirst().lowercased()
    return SlashCommand.names.filter { $0.hasPrefix(typed) }.map { "/" + $0 }
  }

  /// Ends a cycle: the user typed, moved or sent.
  public mutating func reset() { cycle = nil }

  /// Members whose nickname starts with `prefix`: recent speakers first, most recent first,
  /// then the others alphabetically.
  public static func candidates(
    prefix: String, members: [String], recentSpeakers: [String],
    casemapping: IRCCasemapping = .rfc1459
  ) -> [String] {
    let folded = casemapping.fold(prefix)
    func matches(_ nick: String) -> Bool { casemapping.fold(nick).hasPrefix(folded) }
    let memberKeys = Set(members.map(casemapping.fold))
    var seen = Set<String>()
    var result: [String] = []
    for nick in recentSpeakers where matches(nick) && memberKeys.contains(casemapping.fold(nick)) {
      if seen.insert(casemapping.fold(nick)).inserted { result.append(nick) }
    }
    let rest = members.filter { matches($0) && !seen.contains(casemapping.fold($0)) }
      .sorted { casemapping.fold($0) < casemapping.fold($1) }
    for nick in rest where seen.insert(casemapping.fold(nick)).inserted { result.append(nick) }
    return result
  }

  private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || scalar == "," || scalar == ":"
  }
}
