/// How many of the newest messages the transcript needs before its first frame: rows for the
/// real viewport only, since each row costs start-up time (issue 19); the older ones join the
/// list right after that frame.
///
/// Every height here is a lower bound of the row part it stands for, so the estimate always
/// fills the viewport: the first frame never shows an empty band above the oldest row.
public struct FirstScreen: Equatable, Sendable {
  /// The viewport's height in pixels, or more.
  public var height: Int
  /// The width a message body wraps at, in pixels, or less.
  public var width: Int
  /// One body line's height in pixels.
  public var lineHeight: Int

  public init(height: Int, width: Int, lineHeight: Int) {
    self.height = height
    self.width = width
    self.lineHeight = max(1, lineHeight)
  }

  /// Rows beyond the ones that fill the viewport, for the partial row at its top.
  public static let spareRows = 1

  /// The most rows a viewport could need: all of them the smallest a row can be.
  public var mostRows: Int { height / (lineHeight / 2 + Self.rowPadding) + Self.spareRows }

  /// How many rows of `newestFirst` (each with the message above it) fill the viewport.
  public func rowCount(
    newestFirst rows: [(message: Message, previous: Message?)], formatter: TranscriptFormatter
  ) -> Int {
    var filled = 0
    for (index, row) in rows.enumerated() {
      filled += rowHeight(row.message, previous: row.previous, formatter: formatter)
      if filled >= height { return min(rows.count, index + 1 + Self.spareRows) }
    }
    return rows.count
  }

  /// A lower bound of the height of the row showing `message` below `previous`.
  func rowHeight(_ message: Message, previous: Message?, formatter: TranscriptFormatter) -> Int {
    // Smaller text (the date, status lines) and a tag's pill are at least half a body line.
    let smallLine = lineHeight / 2
    let bodyLine = message.kind == .status ? smallLine : lineHeight
    var height = bodyLines(MessageDisplay.body(of: message)) * bodyLine + Self.rowPadding
    if formatter.showsDaySeparator(previous: previous, current: message) {
      height += smallLine + Self.daySeparatorMargin
    }
    // The sender's name is in the body's font.
    if formatter.showsHeader(previous: previous, current: message) {
      height += lineHeight + Self.groupGap
    }
    if !message.tags.isEmpty { height += smallLine }
    return height
  }

  /// Lines the body takes at least: each paragraph at least one, and no line holds more than
  /// `width` over a fifth of a line height characters (no glyph is narrower).
  func bodyLines(_ body: String) -> Int {
    let perLine = max(1, width * 5 / lineHeight)
    var lines = 0
    var scalars = 0
    for scalar in body.unicodeScalars {
      if scalar == "\n" {
        lines += max(1, (scalars + perLine - 1) / perLine)
        scalars = 0
        if lines >= MessageFold.maxLines { return MessageFold.maxLines }
      } else {
        scalars += 1
      }
    }
    lines += max(1, (scalars + perLine - 1) / perLine)
    return min(lines, MessageFold.maxLines)
  }

  /// natter.css's vertical padding of a row, the extra padding of a row that starts a group,
  /// and the day separator's margins.
  static let rowPadding = 2
  static let groupGap = 7
  static let daySeparatorMargin = 12
}
