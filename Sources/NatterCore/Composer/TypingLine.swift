/// The line above the composer saying who is typing in the conversation on screen (SPEC §13);
/// its words are `IRCTypingIndicator.sentence`.
public enum TypingLine {
  /// What the composer hands `IRCClient.composerChanged(in:text:sent:)` for the text: its
  /// first two characters, which keep both things the pacing looks at (empty, a `/command`,
  /// `//text`), so a keystroke costs the same in a long draft as in a short one.
  public static let probeLength = 2
}
