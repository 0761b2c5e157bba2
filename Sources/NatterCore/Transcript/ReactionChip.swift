/// What one reaction chip under a message shows and does (SPEC §13): `👍 2`, highlighted when
/// one of them is the user's, who reacted in the tooltip; activating it adds or takes back
/// the user's own reaction with that emoji.
public struct ReactionChip: Equatable, Sendable {
  public let group: ReactionGroup

  public init(_ group: ReactionGroup) { self.group = group }

  /// `👍 2`.
  public var label: String { "\(group.emoji) \(group.count)" }
  /// `bob, carol`.
  public var tooltip: String { group.senders.joined(separator: ", ") }
  /// The chip is highlighted as the user's own.
  public var isOwn: Bool { group.includesMe }
  /// Activating it takes the user's reaction back (true) or adds one (false).
  public var removes: Bool { group.includesMe }
  /// The screen reader's name is the label (`👍 2`); who reacted is its description.
  public var accessibleName: String { label }

  /// Whether reacting to `message` with `emoji` takes the user's reaction back: it is theirs.
  public static func removes(_ emoji: String, on message: Message) -> Bool {
    message.reactions.first { $0.emoji == emoji }?.includesMe ?? false
  }

  /// The chips of `message`, in the order its reactions first came.
  public static func chips(of message: Message) -> [ReactionChip] {
    message.reactions.filter { $0.count > 0 }.map(ReactionChip.init)
  }
}
