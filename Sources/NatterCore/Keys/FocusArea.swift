/// The part of the window that has keyboard focus.
public enum FocusArea: String, Equatable, Hashable, Sendable, CaseIterable {
  case composer
  case chipRow
  case transcript
  case search
  case tagEntry
  /// The quick switcher's (`Switch to`) entry.
  case switcher
  /// A question asked in a dialog (`Leave #natter?`).
  case dialog
}
