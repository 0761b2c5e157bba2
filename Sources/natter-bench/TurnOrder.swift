import SeededRandom

/// The order in which a round's apps take their turns. A start is slowed by what the start
/// before it left running, so each app must follow a different one from round to round: a
/// rotation keeps every app behind the same neighbour, and that neighbour's cost then reads as
/// the app's own (issue 32). Seeded by the round, so a run can be repeated; the warm-up round
/// keeps the listed order.
enum TurnOrder {
  static func of<Turn>(_ turns: [Turn], round: Int) -> [Turn] {
    guard round >= 0 else { return turns }
    var generator = SeededGenerator(seed: 0x6E61_7474_6572 &+ UInt64(round))
    return turns.shuffled(using: &generator)
  }
}
