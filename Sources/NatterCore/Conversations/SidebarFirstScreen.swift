/// What the conversations sidebar needs before the window's first frame (issue 32): rows, and
/// their unread counts, for the entries its viewport can show; the others are listed and
/// counted right after that frame. At 100 channels of 1,000 stored messages, reading every
/// count (up to 999 rows each) and making every row took about 50 ms of the main thread's
/// 200 ms before the first frame (perf, issue 32).
///
/// The row height is a lower bound (a row is at least its name's line), so the estimate never
/// leaves the first frame's sidebar short of a row.
public struct SidebarFirstScreen: Equatable, Sendable {
  /// The sidebar's height in pixels, or more.
  public var height: Int
  /// One line of a row's name, in pixels, or less.
  public var lineHeight: Int

  public init(height: Int, lineHeight: Int) {
    self.height = max(0, height)
    self.lineHeight = max(1, lineHeight)
  }

  /// The most rows the viewport can show, a partial one at its bottom included.
  public var mostRows: Int { height / lineHeight + 1 }

  /// Unread counts read after the first frame, this many per main-loop turn: each reads up
  /// to 999 index rows, so a turn stays a few milliseconds and no frame waits for the lot.
  public static let unreadBatch = 8

  /// The conversations of `entries` whose unread counts are read now (those on the first
  /// screen) and later (the rest, in sidebar order), leaving out the open one (which counts
  /// nothing unread) and those `counted` does not pick.
  public func unreadOrder(
    _ entries: [ConversationList.Entry], activeID: String,
    counted: (ConversationList.Entry) -> Bool
  ) -> (now: [String], later: [String]) {
    var order: (now: [String], later: [String]) = ([], [])
    for (position, entry) in entries.enumerated() where entry.id != activeID && counted(entry) {
      if position < mostRows {
        order.now.append(entry.id)
      } else {
        order.later.append(entry.id)
      }
    }
    return order
  }
}
