import Foundation

/// The `TAGMSG`s we wrote on this connection (typing, reactions), so the server's refusal of
/// one (`404` in a moderated channel, `CLIENTTAGDENY`) is known for what it is: never a status
/// line every 3 s, and never taken for the refusal of a pending message to the same target.
struct IRCTagMessages: Equatable, Sendable {
  /// The labels given, oldest first, with the reaction each carried (nil for typing).
  private var labels: [(label: String, reaction: IRCReaction?)] = []
  private var nextLabel = 1
  /// The last one written, for a server without `labeled-response`.
  private var last: (target: String, at: Date)?
  /// Labels kept: a server answers each at once or never.
  static let maxKept = 64
  /// How long an unlabeled refusal may follow the `TAGMSG` it answers.
  static let unlabeledWindow: TimeInterval = 10

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.labels.map(\.label) == rhs.labels.map(\.label) && lhs.nextLabel == rhs.nextLabel
      && lhs.last?.target == rhs.last?.target && lhs.last?.at == rhs.last?.at
  }

  /// A `TAGMSG` to `target` goes out now; returns the label to write it with, when labelled.
  mutating func written(to target: String, reaction: IRCReaction?, labeled: Bool, at now: Date)
    -> String?
  {
    last = (target, now)
    guard labeled else { return nil }
    let label = "t\(nextLabel)"
    nextLabel += 1
    labels.append((label, reaction))
    if labels.count > Self.maxKept { labels.removeFirst(labels.count - Self.maxKept) }
    return label
  }

  /// Our `TAGMSG` came back (its echo): its label is answered.
  mutating func echoed(label: String) {
    labels.removeAll { $0.label == label }
  }

  /// Whether `message`, a refusal, answers a `TAGMSG` of ours; the effects it has (our
  /// reaction, shown at once, taken back) when it does, else nil.
  mutating func refusal(
    _ message: IRCMessage, target: String?, casemapping: IRCCasemapping, at now: Date
  ) -> [IRCEffect]? {
    if let label = message.tags["label"] {
      guard let index = labels.firstIndex(where: { $0.label == label }) else { return nil }
      let refused = labels.remove(at: index)
      guard var reaction = refused.reaction else { return [] }
      reaction.removed.toggle()
      return [.event(.reaction(reaction))]
    }
    guard let last, let target, casemapping.equal(last.target, target),
      now.timeIntervalSince(last.at) <= Self.unlabeledWindow
    else { return nil }
    return []
  }
}
