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

  public init() {}

  /// Lines for a slice that may take `milliseconds`.
  public func batch(within milliseconds: Double) -> Int {
    let fits = (min(milliseconds, Self.longest) / millisecondsPerLine).rounded(.down)
    return Int(min(max(fits, Double(Self.minimum)), Double(Self.maximum)))
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
