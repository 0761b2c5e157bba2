/// How many received lines to handle in one slice of the main loop, so a flood from the server
/// is stored in one transaction per slice and the window still draws every frame between
/// slices (SPEC §8: never more than 50 ms without reacting). Grows while slices are quick and
/// shrinks when one runs long, since the cost per line depends on the machine and the build.
public struct IRCInboxPacer: Equatable, Sendable {
  /// The time one slice should take: one 60 Hz frame, then GTK draws. natter-bench's burst
  /// took 3.4 s with 8 ms slices and 2.1 s with 16 ms, the longest time without a frame
  /// about the same (85 and 67 ms).
  public static let target = 16.0
  public static let minimum = 16
  public static let maximum = 4096

  /// Lines for the next slice.
  public private(set) var batch = 128

  public init() {}

  /// The last slice handled `lines` lines in `milliseconds`.
  public mutating func sliceTook(_ milliseconds: Double, lines: Int) {
    // Only a full slice says how fast lines go; a short tail says nothing.
    guard lines >= batch || milliseconds > Self.target else { return }
    let perLine = max(milliseconds, 0.001) / Double(max(lines, 1))
    let fits = Int(Self.target / perLine)
    // Shrink at once, grow gently, so one fast slice does not set up a long one.
    let next = fits < batch ? fits : min(fits, batch * 2)
    batch = min(max(next, Self.minimum), Self.maximum)
  }
}
