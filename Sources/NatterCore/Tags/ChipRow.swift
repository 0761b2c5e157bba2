/// The ordered set of hashtag chips under the composer, with keyboard focus among them.
public struct ChipRow: Equatable, Sendable {
  /// The most chips a message may carry.
  public static let capacity = MessageRules.tagLimit

  /// What `add(_:)` did.
  public enum AddResult: Equatable, Sendable {
    /// Appended with this spelling.
    case added(String)
    /// Ignored: the row already holds the tag, spelled as given.
    case duplicate(existing: String)
    /// Refused: the row already holds `capacity` chips.
    case full
  }

  /// The chips in insertion order.
  public private(set) var chips: [Hashtag] = []
  /// The index of the chip that has keyboard focus, or nil when focus is elsewhere.
  public private(set) var focusedIndex: Int?

  /// A row holding `tags` in order, duplicates dropped and capped at `capacity`.
  public init(tags: [String] = []) {
    for tag in tags { add(tag) }
  }

  /// The spellings, in order, as attached to a message's `tags`.
  public var tags: [String] { chips.map(\.spelling) }
  /// The row is shown only while it holds chips.
  public var isVisible: Bool { !chips.isEmpty }
  /// True when there is no chip.
  public var isEmpty: Bool { chips.isEmpty }
  /// How many chips there are.
  public var count: Int { chips.count }
  /// True at `capacity`: a further tag is refused.
  public var isFull: Bool { chips.count >= ChipRow.capacity }

  /// Whether the row holds `tag`, compared case-insensitively after NFC.
  public func contains(_ tag: String) -> Bool { chips.contains(Hashtag(tag)) }

  /// Appends `tag` unless it is a duplicate or the row is full.
  @discardableResult
  public mutating func add(_ tag: String) -> AddResult {
    let hashtag = Hashtag(tag)
    if let existing = chips.first(where: { $0 == hashtag }) {
      return .duplicate(existing: existing.spelling)
    }
    guard !isFull else { return .full }
    chips.append(hashtag)
    return .added(hashtag.spelling)
  }

  /// Removes the chip for `tag` (any case); returns its spelling, or nil if absent.
  @discardableResult
  public mutating func remove(tag: String) -> String? {
    guard let index = chips.firstIndex(of: Hashtag(tag)) else { return nil }
    return remove(at: index)
  }

  /// Removes the newest chip; returns its spelling, or nil when the row is empty.
  @discardableResult
  public mutating func removeLast() -> String? {
    chips.isEmpty ? nil : remove(at: chips.count - 1)
  }

  /// Removes every chip and drops focus.
  public mutating func removeAll() {
    chips.removeAll()
    focusedIndex = nil
  }

  /// Moves focus into the row, onto the newest chip; returns false when there is none.
  @discardableResult
  public mutating func focusNewest() -> Bool {
    focusedIndex = chips.isEmpty ? nil : chips.count - 1
    return focusedIndex != nil
  }

  /// Moves focus one chip left, stopping at the first.
  public mutating func focusPrevious() {
    guard let index = focusedIndex else { return }
    focusedIndex = max(0, index - 1)
  }

  /// Moves focus one chip right, stopping at the last.
  public mutating func focusNext() {
    guard let index = focusedIndex else { return }
    focusedIndex = min(chips.count - 1, index + 1)
  }

  /// Drops focus from the row (focus goes back to the text).
  public mutating func clearFocus() { focusedIndex = nil }

  /// Keyboard focus moved to the chip at `index` (or off the row) by other means than the
  /// row's own keys: Tab, a click.
  public mutating func focus(at index: Int?) {
    focusedIndex = index.flatMap { chips.indices.contains($0) ? $0 : nil }
  }

  /// Removes the focused chip; focus moves to the chip that took its place, else the one before.
  @discardableResult
  public mutating func removeFocused() -> String? {
    guard let index = focusedIndex else { return nil }
    return remove(at: index)
  }

  private mutating func remove(at index: Int) -> String {
    let removed = chips.remove(at: index)
    if let focused = focusedIndex {
      if chips.isEmpty {
        focusedIndex = nil
      } else if focused > index || focused == chips.count {
        focusedIndex = focused - 1
      }
    }
    return removed.spelling
  }
}
