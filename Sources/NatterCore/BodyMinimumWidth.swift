/// How narrow a message body may become, in characters of its font.
///
/// GTK 4.8 finds a wrapping label's minimum width by laying its text out at that width, and
/// Pango 1.50 shapes the text again at every line break, so a narrow minimum makes a row's
/// first measure cost a shaping per line at that width: at 10 characters, three quarters of
/// the first frame's shaping with a long history (issue 19). The minimum is instead about as
/// wide as the narrowest window leaves for a body, at any font size.
public enum BodyMinimumWidth {
  /// Pixels a body may ask for: the narrowest window (360 px) less a row's padding (24 px in
  /// natter.css), with room to spare for a scrollbar and the sidebar's edge.
  public static let pixels = 240
  /// Never fewer characters than this, so a huge font still wraps rather than clips.
  public static let fewestCharacters = 10

  /// The body's minimum width in characters, for a font whose widest average character (or
  /// digit) is `characterWidth` pixels, the unit GtkLabel's `width-chars` counts in.
  public static func characters(characterWidth: Int) -> Int {
    guard characterWidth > 0 else { return fewestCharacters }
    return max(fewestCharacters, pixels / characterWidth)
  }
}
