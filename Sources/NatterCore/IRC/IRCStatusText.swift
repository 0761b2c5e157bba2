/// The quiet status lines the transcript shows for what happens on the connection itself.
public enum IRCStatusText {
  /// The line for `event`, or nil when it is not shown as one.
  public static func line(for event: IRCEvent) -> String? {
    switch event {
    case .joined(let channel): return "You joined \(channel)"
    case .parted(let channel): return "You left \(channel)"
    case .nickChanged(let old, let new): return "\(old) is now known as \(new)"
    case .serverError(let error): return error.sentence
    case .topic(let channel, let text):
      return text.isEmpty ? nil : "Topic of \(channel): \(IRCText.stripFormatting(text))"
    default: return nil
    }
  }
}
