/// The part of the window that has keyboard focus.
public enum FocusArea: String, Equatable, Hashable, Sendable, CaseIterable {
  case composer
  case chipRow
  case transcript
  /// A message selected from the keyboard in the transcript (Alt+Up, SPEC §13).
  case message
  case search
  case tagEntry
  /// The quick switcher's (`Switch to`) entry.
  case switcher
  /// A question asked in a dialog (`Leave #natter?`).
  case dialog
}
