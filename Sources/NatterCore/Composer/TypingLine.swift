/// The line above the composer saying who is typing in the conversation on screen (SPEC §13).
public enum TypingLine {
  /// `bob is typing…`, `bob and carol are typing…`, `bob, carol and dave are typing…`,
  /// `bob, carol and 2 others are typing…`; nil when no one is (the line is hidden).
  public static func sentence(_ nicks: [String]) -> String? {
    switch nicks.count {
    case 0: return nil
    case 1: return localized("{nick} is typing…", ["nick": nicks[0]])
    case 2:
      return localized("{first} and {second} are typing…", ["first": nicks[0], "second": nicks[1]])
    case 3:
      return localized(
        "{first}, {second} and {third} are typing…",
        ["first": nicks[0], "second": nicks[1], "third": nicks[2]])
    // The same words as `IRCTypingIndicator.sentence`, so either can go without a change.
    default:
      return localizedPlural(
        "{first}, {second} and {count} other are typing…",
        "{first}, {second} and {count} others are typing…", count: nicks.count - 2,
        ["first": nicks[0], "second": nicks[1]])
    }
  }

  /// What the composer hands `IRCClient.composerChanged(in:text:sent:)` for the text: its
  /// first two characters, which keep both things the pacing looks at (empty, a `/command`,
  /// `//text`), so a keystroke costs the same in a long draft as in a short one.
  public static let probeLength = 2
}
