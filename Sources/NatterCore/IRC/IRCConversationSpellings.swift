/// One conversation per channel or person, however the server or the user spells it: `Bob`
/// and `bob` are one private chat, `#Natter` and `#natter` one channel, under the server's case
/// mapping (issue 26). The first spelling known (stored, or seen first) names it.
public struct IRCConversationSpellings: Equatable, Sendable {
  /// By folded name, under `casemapping`.
  private var spellings: [String: String] = [:]
  /// Every spelling known, to fold again when the server names another case mapping.
  private var known: [String] = []
  public private(set) var casemapping: IRCCasemapping

  /// - Parameter known: the targets of the conversations already stored, oldest first.
  public init(known: [String] = [], casemapping: IRCCasemapping = .rfc1459) {
    self.casemapping = casemapping
    for target in known { _ = spelling(of: target) }
  }

  /// The spelling of the conversation with `target`; a new one is remembered as it is spelt.
  public mutating func spelling(of target: String) -> String {
    let key = casemapping.fold(target)
    if let spelling = spellings[key] { return spelling }
    spellings[key] = target
    known.append(target)
    return target
  }

  /// The server's ISUPPORT named its case mapping: the known spellings are folded again (the
  /// older one wins where two become one).
  public mutating func use(_ mapping: IRCCasemapping) {
    guard mapping != casemapping else { return }
    casemapping = mapping
    let all = known
    spellings = [:]
    known = []
    for target in all { _ = spelling(of: target) }
  }

  /// The person of a private chat is now called `new`: their conversation is spelt so from
  /// now on.
  public mutating func rename(_ old: String, to new: String) {
    let oldKey = casemapping.fold(old)
    if let spelling = spellings.removeValue(forKey: oldKey) {
      known.removeAll { $0 == spelling }
    }
    let newKey = casemapping.fold(new)
    if spellings[newKey] == nil {
      spellings[newKey] = new
      known.append(new)
    }
  }
}
