/// The message selected from the keyboard in the transcript (SPEC §13): Alt+Up from the
/// composer selects the newest, Up/Down and Page Up/Down walk, Escape leaves.
///
/// Positions are the transcript's rows; every row is a stop (day separators and status lines
/// are part of a row, so they are read too; `MessageActions` says what each row offers).
public struct MessageSelection: Equatable, Sendable {
  /// A move of the selection.
  public enum Step: Equatable, Sendable {
    case up, down, pageUp, pageDown
  }

  /// The selected row, or nil while the composer has the keyboard.
  public private(set) var position: Int?

  public init() {}

  /// Whether a message is selected.
  public var isActive: Bool { position != nil }

  /// Alt+Up: selects the newest of `count` rows; nil (nothing to select) when there are none.
  public mutating func selectNewest(count: Int) -> Int? {
    position = count > 0 ? count - 1 : nil
    return position
  }

  /// Selects `target` (a reply's parent, a click), clamped to the rows.
  public mutating func select(_ target: Int, count: Int) -> Int? {
    position = count > 0 ? min(max(0, target), count - 1) : nil
    return position
  }

  /// Moves by `step`; a page is `pageRows` rows (at least one). Stops at either end.
  /// Returns the new position, or nil when nothing is selected.
  public mutating func move(_ step: Step, count: Int, pageRows: Int) -> Int? {
    guard let current = position, count > 0 else {
      position = nil
      return nil
    }
    let page = max(1, pageRows)
    let delta: Int
    switch step {
    case .up: delta = -1
    case .down: delta = 1
    case .pageUp: delta = -page
    case .pageDown: delta = page
    }
    position = min(max(0, current + delta), count - 1)
    return position
  }

  /// The row count changed (a reset, a filter): a selection past the end is dropped.
  public mutating func rowsChanged(count: Int) {
    if let position, position >= count { self.position = nil }
  }

  /// Escape: back to the composer.
  public mutating func leave() { position = nil }
}
