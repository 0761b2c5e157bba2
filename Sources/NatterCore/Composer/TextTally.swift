/// Running counts of a text's Unicode scalars, kept up to date from edits alone.
struct TextTally: Equatable, Sendable {
  /// All scalars.
  private(set) var scalars = 0
  /// Scalars that are not whitespace or newlines.
  private(set) var visible = 0

  init() {}

  /// The tally of a whole text (used when a text is read once, and by tests as reference).
  init(_ text: String) { add(text) }

  /// Whether a scalar counts as whitespace for "has something to send" and trimming.
  /// The Unicode White_Space property, by value: looking the property up cost most of the
  /// controller's work for a pasted megabyte.
  static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default:
      return false
    }
  }

  /// Counts `text` in; costs O(text).
  mutating func add(_ text: String) {
    for scalar in text.unicodeScalars {
      scalars += 1
      if !TextTally.isBlank(scalar) { visible += 1 }
    }
  }

  /// Counts `text` out; clamps at zero if the view reported more than it had.
  mutating func remove(_ text: String) {
    let removed = TextTally(text)
    scalars = max(0, scalars - removed.scalars)
    visible = max(0, visible - removed.visible)
  }

  /// `text` without leading and trailing whitespace and newlines; inner ones kept.
  static func trimmed(_ text: String) -> String {
    let view = text.unicodeScalars
    guard let first = view.firstIndex(where: { !isBlank($0) }),
      let last = view.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(view[first...last])
  }
}
