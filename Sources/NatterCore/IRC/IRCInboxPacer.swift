/// How many received lines to handle in one slice of the main loop, so a flood from the server
/// is stored in one transaction per slice and the window still draws every frame between
/// slices. The slice's time comes from the caller (what is left before the window's next
/// frame); the cost of a line is learnt from the slices so far, since it depends on the
/// machine and the build.
public struct IRCInboxPacer: Equatable, Sendable {
  /// The longest a slice may take: one 60 Hz frame.
  public static let longest = 16.0
  public static let minimum = 16
  public static let maximum = 4096

  /// Milliseconds a line takes, slice and storing included; a first guess of 128 lines a frame.
  public private(set) var millisecondsPerLine = longest / 128
  /// Milliseconds showing a stored line takes (the transcript and the sidebar told), learnt
  /// from the batches shown so far; 0 until one is.
  public private(set) var millisecondsPerShownLine = 0.0

  public init() {}

  /// Whether `line` ends a list the server sent in many lines (`323` ends a `LIST`, `366` a
  /// `NAMES`): it is handled in a slice of its own, which its learnt cost is not taken from.
  /// Showing such a list (20,000 channels sorted, their browser's first rows made) costs
  /// more than a frame's share of lines, and after a slice of lines it overran the frame
  /// (issue 32). A cheap look at the command word, before the line is parsed.
  public static func endsList(_ line: [UInt8]) -> Bool {
    var index = line.startIndex
    func skipWord() {
      while index < line.endIndex, line[index] != 0x20 { index += 1 }
      while index < line.endIndex, line[index] == 0x20 { index += 1 }
    }
    // `@tags` and `:source` come before the command.
    if index < line.endIndex, line[index] == UInt8(ascii: "@") { skipWord() }
    if index < line.endIndex, line[index] == UInt8(ascii: ":") { skipWord() }
    let rest = line[index...]
    guard rest.count >= 3, rest.count == 3 || rest[index + 3] == 0x20 else { return false }
    let command = rest.prefix(3)
    return command.elementsEqual("323".utf8) || command.elementsEqual("366".utf8)
  }

  /// Lines for a slice that may take `milliseconds`.
  public func batch(within milliseconds: Double) -> Int {
    Self.lines(costing: millisecondsPerLine, within: min(milliseconds, Self.longest))
  }

  /// Lines to read in a slice that may take `milliseconds` and has already spent `shown` of
  /// them showing a stored batch, when the lines read are stored on the writer's thread and
  /// shown in a later slice. Their reading must fit what showing left: a slice that showed
  /// 653 lines in 8.6 of its 8.3 ms still read 326 more, sized as if it had all its time, and
  /// the frame it delayed was ready 33.8 ms after the one before (issue 32). Never more than
  /// `batch(within:)`, so what a slice reads can be shown in one later.
  public func readBatch(within milliseconds: Double, afterShowing shown: Double) -> Int {
    // A line's learnt cost is its reading here and its showing later.
    let reading = max(millisecondsPerLine - millisecondsPerShownLine, millisecondsPerLine / 8)
    let left = max(0, min(milliseconds, Self.longest) - shown)
    return min(batch(within: milliseconds), Self.lines(costing: reading, within: left))
  }

  /// The lines of `cost` each that fit `milliseconds`, within `minimum` and `maximum`.
  private static func lines(costing cost: Double, within milliseconds: Double) -> Int {
    let fits = (milliseconds / cost).rounded(.down)
    return Int(min(max(fits, Double(minimum)), Double(maximum)))
  }

  /// Whether a stored batch of `lines` is shown in a slice that may take `milliseconds`, when
  /// the first slice after the next frame gets `afterFrame`. A batch stored on the writer's
  /// thread is shown whatever the slice's time: a large one in the little left before a frame
  /// overran it by up to 5 ms (issue 32). It waits for that first slice instead, unless this
  /// slice has as long or the batch fits.
  public func showsNow(_ lines: Int, within milliseconds: Double, afterFrame: Double) -> Bool {
    milliseconds >= afterFrame || Double(lines) * millisecondsPerShownLine <= milliseconds
  }

  /// Showing a stored batch of `lines` took `milliseconds`.
  public mutating func showTook(_ milliseconds: Double, lines: Int) {
    // A short batch says little; the first ones shown in a window pay for its first rows
    // (fonts, styles), so the cost follows an average, not the dearest batch.
    guard lines >= Self.minimum else { return }
    let measured = max(milliseconds, 0) / Double(lines)
    millisecondsPerShownLine =
      millisecondsPerShownLine == 0 ? measured : (3 * millisecondsPerShownLine + measured) / 4
  }

  /// The last slice handled `lines` lines in `milliseconds`.
  public mutating func sliceTook(_ milliseconds: Double, lines: Int) {
    guard lines > 0 else { return }
    let measured = max(milliseconds, 0.0001) / Double(lines)
    // A short tail says nothing about a line's cost unless it was slow.
    guard lines >= Self.minimum || measured > millisecondsPerLine else { return }
    // Dearer at once, cheaper gently (a quarter more lines at a time), so one quick slice
    // does not set up a long one: a slice that overruns delays the frame that falls due.
    millisecondsPerLine = max(measured, millisecondsPerLine * 0.8)
  }
}
