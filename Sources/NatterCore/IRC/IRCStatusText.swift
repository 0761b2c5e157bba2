/// The quiet status lines the transcript shows for what happens on the connection itself.
public enum IRCStatusText {
  /// The line for `event`, or nil when it is not shown as one.
  public static func line(for event: IRCEvent) -> String? {
    switch event {
    case .joined(let channel): return localized("You joined {channel}", ["channel": channel])
    case .parted(let channel): return localized("You left {channel}", ["channel": channel])
    case .nickChanged(let old, let new):
      return localized("{old} is now known as {new}", ["old": old, "new": new])
    case .serverError(let error): return error.sentence
    case .topic(let channel, let text):
      return text.isEmpty
        ? nil
        : localized(
          "Topic of {channel}: {topic}",
          ["channel": channel, "topic": IRCText.stripFormatting(text)])
    default: return nil
    }
  }
}
