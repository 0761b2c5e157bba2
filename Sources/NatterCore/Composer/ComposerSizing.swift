/// The composer's height rule: one line when empty, growing to `maxLines`, then scrolling inside.
public struct ComposerSizing: Equatable, Sendable {
  /// The result for one laid-out text.
  public struct Layout: Equatable, Sendable {
    /// The text area's height in pixels, insets included.
    public let height: Double
    /// How many lines are visible.
    public let visibleLines: Int
    /// Whether the text has more lines than are visible, so it scrolls inside.
    public let scrollsInside: Bool
  }

  /// The default and allowed range of the `max-lines` setting.
  public static let defaultMaxLines = 3
  /// The values `max-lines` may take.
  public static let maxLinesRange = 1...10

  /// One line of text, in pixels (from the font and scale).
  public var lineHeight: Double
  /// The text view's top margin, in pixels.
  public var topInset: Double
  /// The text view's bottom margin, in pixels.
  public var bottomInset: Double
  /// The height of an empty composer, in lines.
  public let minLines = 1
  /// Clamped to `maxLinesRange`.
  public var maxLines: Int {
    didSet { maxLines = Self.clamp(maxLines) }
  }

  /// A sizing rule; `maxLines` is clamped to `maxLinesRange`.
  public init(
    lineHeight: Double, topInset: Double = 0, bottomInset: Double = 0,
    maxLines: Int = ComposerSizing.defaultMaxLines
  ) {
    self.lineHeight = lineHeight
    self.topInset = topInset
    self.bottomInset = bottomInset
    self.maxLines = Self.clamp(maxLines)
  }

  /// The layout for text whose laid-out height (insets excluded) is `contentHeight`.
  ///
  /// Lines are `ceil(contentHeight / lineHeight)`, tolerating sub-pixel rounding, clamped to
  /// `minLines...maxLines`.
  public func layout(contentHeight: Double) -> Layout {
    let lines = contentLines(contentHeight)
    let visible = min(max(lines, minLines), maxLines)
    let height = Double(visible) * max(lineHeight, 0) + topInset + bottomInset
    return Layout(height: height, visibleLines: visible, scrollsInside: lines > maxLines)
  }

  private func contentLines(_ contentHeight: Double) -> Int {
    guard lineHeight > 0, contentHeight.isFinite, contentHeight > 0 else { return minLines }
    // Pango heights carry rounding noise (51.0001 for three 17 px lines): allow 1/100 px.
    let lines = ((contentHeight - 0.01) / lineHeight).rounded(.up)
    return lines >= Double(Int.max / 2) ? Int.max / 2 : Int(lines)
  }

  private static func clamp(_ lines: Int) -> Int {
    min(max(lines, maxLinesRange.lowerBound), maxLinesRange.upperBound)
  }
}
