/// Who each nickname seen changing this session goes by now, so that a reply to an older
/// message names its sender as the channel knows them (`robert: `, not `bob: `, once bob is
/// known as robert): a name nobody uses any more highlights no one.
public struct IRCRenames: Sendable {
  /// By the old name folded: the old name as seen, and the new one.
  private var next: [String: (old: String, new: String)] = [:]
  private var casemapping: IRCCasemapping

  public init(casemapping: IRCCasemapping = .rfc1459) {
    self.casemapping = casemapping
  }

  /// The server's case mapping, once it names one.
  public mutating func use(_ casemapping: IRCCasemapping) {
    guard casemapping != self.casemapping else { return }
    self.casemapping = casemapping
    next = Dictionary(
      next.values.map { (casemapping.fold($0.old), $0) }, uniquingKeysWith: { _, last in last })
  }

  /// `old` is known as `new` from now on; a name taken back is its owner's own again.
  public mutating func renamed(_ old: String, to new: String) {
    let from = casemapping.fold(old)
    let to = casemapping.fold(new)
    guard from != to else { return }
    next[from] = (old, new)
    next[to] = nil
  }

  /// The name `nick` goes by now: itself unless it was seen changing.
  public func current(_ nick: String) -> String {
    var current = nick
    var seen: Set<String> = []
    while case let key = casemapping.fold(current), let later = next[key],
      seen.insert(key).inserted
    {
      current = later.new
    }
    return current
  }
}
