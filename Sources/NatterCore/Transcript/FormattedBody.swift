import Foundation

/// How a message's mIRC formatting is drawn in the transcript (SPEC §12): the stretches of
/// its shown text that are bold, coloured and so on, with colours made readable in the
/// current style. The view turns them into text attributes; the text itself stays the plain
/// body, never markup.
public enum FormattedBody {
  /// One stretch of the shown text and how it looks.
  public struct Span: Equatable, Sendable {
    /// UTF-8 offsets in the shown text.
    public var range: Range<Int>
    /// Reverse is already applied to the colours, so it is never among these.
    public var traits: IRCFormatting.Traits
    /// nil: the style's own text colour.
    public var foreground: NickColors.RGB?
    /// nil: no background of its own.
    public var background: NickColors.RGB?
  }

  /// The text colour of each style (GTK 4.8's Adwaita `theme_fg_color`), which a run without
  /// a colour of its own is drawn in.
  public static func foreground(dark: Bool) -> NickColors.RGB {
    dark ? NickColors.RGB(238, 238, 236) : NickColors.RGB(46, 52, 54)
  }

  /// The spans of `message` shown as `shown` (its `MessageDisplay.body`, or the start of it
  /// when folded) in the light or dark style; none when it has no formatting, or when its
  /// formatted text no longer gives its body (an edit, a hand-made import).
  public static func spans(of message: Message, shown: String, dark: Bool) -> [Span] {
    guard message.kind != .status, let formatted = message.formatted else { return [] }
    let parsed = IRCFormatting(parsing: formatted)
    guard !parsed.runs.isEmpty, parsed.text == message.body else { return [] }
    let whole = MessageDisplay.body(of: message)
    // A fold that left out marks is no longer the start of the text: offsets would be wrong.
    guard whole.utf8.starts(with: shown.utf8) else { return [] }
    let offset = whole.utf8.count - message.body.utf8.count
    let limit = shown.utf8.count
    var spans: [Span] = []
    for run in parsed.runs {
      let start = run.range.lowerBound + offset
      guard start < limit else { break }
      let colors = readableColors(of: run, dark: dark)
      var traits = run.traits
      traits.remove(.reverse)
      guard traits != [] || colors.foreground != nil || colors.background != nil else { continue }
      spans.append(
        Span(
          range: start..<min(run.range.upperBound + offset, limit), traits: traits,
          foreground: colors.foreground, background: colors.background))
    }
    return spans
  }

  /// The colours a run is drawn in: reverse swaps them (the style's own where the run has
  /// none), and a text colour is moved in lightness until it has `NickColors.minimumContrast`
  /// against what is behind it: its own background, else every background of the style.
  static func readableColors(of run: IRCFormatting.Run, dark: Bool)
    -> (foreground: NickColors.RGB?, background: NickColors.RGB?)
  {
    var (text, behind) = (run.foreground, run.background)
    if run.traits.contains(.reverse) {
      let styleBackground = (dark ? NickColors.darkBackgrounds : NickColors.lightBackgrounds)[0]
      (text, behind) = (behind ?? styleBackground, text ?? foreground(dark: dark))
    }
    guard text != nil || behind != nil else { return (nil, nil) }
    let backgrounds =
      behind.map { [$0] } ?? (dark ? NickColors.darkBackgrounds : NickColors.lightBackgrounds)
    let wanted = text ?? foreground(dark: dark)
    let shown = readable(wanted, on: backgrounds)
    return (text == nil && shown == wanted ? nil : shown, behind)
  }

  /// `color`, or the colour of its hue nearest to it in lightness that reads on every one of
  /// `backgrounds`; black or white when no lightness of that hue does.
  public static func readable(_ color: NickColors.RGB, on backgrounds: [NickColors.RGB])
    -> NickColors.RGB
  {
    func reads(_ candidate: NickColors.RGB) -> Bool {
      backgrounds.allSatisfy { candidate.contrast(with: $0) >= NickColors.minimumContrast }
    }
    if reads(color) { return color }
    let black = NickColors.RGB(0, 0, 0)
    let white = NickColors.RGB(255, 255, 255)
    // Towards black behind light backgrounds, towards white behind dark ones.
    let darker =
      backgrounds.map { $0.contrast(with: black) - $0.contrast(with: white) }
      .reduce(0, +) > 0
    var (hue, saturation, lightness) = hsl(of: color)
    for _ in 0..<50 {
      lightness += darker ? -0.02 : 0.02
      guard lightness > 0, lightness < 1 else { break }
      let candidate = NickColors.hsl(hue, saturation, lightness)
      if reads(candidate) { return candidate }
    }
    return [black, white].first(where: reads) ?? (darker ? black : white)
  }

  /// Hue (degrees), saturation and lightness of an sRGB colour.
  static func hsl(of color: NickColors.RGB) -> (Double, Double, Double) {
    let (r, g, b) = (Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
    let (high, low) = (max(r, g, b), min(r, g, b))
    let lightness = (high + low) / 2
    let chroma = high - low
    guard chroma > 0 else { return (0, 0, lightness) }
    let saturation = chroma / (1 - abs(2 * lightness - 1))
    var hue: Double
    switch high {
    case r: hue = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
    case g: hue = (b - r) / chroma + 2
    default: hue = (r - g) / chroma + 4
    }
    hue *= 60
    if hue < 0 { hue += 360 }
    return (hue, min(saturation, 1), lightness)
  }
}
