/// The quiet status lines the transcript shows for what happens on the connection itself.
public enum IRCStatusText {
  /// The line for `event`, or nil when it is not shown as one.
  /// - Parameter me: our nickname, so a kick of us reads `… removed you …`.
  public static func line(for event: IRCEvent, me: String? = nil) -> String? {
    switch event {
    case .joined(let channel): return localized("You joined {channel}", ["channel": channel])
    case .parted(let channel): return localized("You left {channel}", ["channel": channel])
    case .nickChanged(let old, let new):
      return localized("{old} is now known as {new}", ["old": old, "new": new])
    case .channelActivity(_, let activity): return activity.sentence(me: me)
    case .serverError(let error): return error.sentence
    default: return nil
    }
  }
}
