import CGtk
import GtkKit
import NatterCore

/// First-frame staging: the list opens with only the newest rows, and the rest join between
/// the frames after the first, so a long history costs start-up and a switch nothing.
extension TranscriptView {
  /// How many of the newest messages the list has before the window's first frame: the rows
  /// that fill `screen`, far fewer than the 200 rows GTK 4.8 builds around its anchor, which
  /// cost more than the rest of start-up with a long history. The rest follow after the first
  /// frame (`revealIdle`).
  static func rowsBeforeFirstFrame(_ history: TranscriptPager, screen: FirstScreen) -> Int {
    let count = history.count
    // An empty history needs no formatter (nor ICU's calendar) before its first frame.
    guard count > 0 else { return 0 }
    let newest = (0..<min(count, screen.mostRows)).compactMap { offset in
      history.row(at: count - 1 - offset)
    }
    return screen.rowCount(newestFirst: newest, formatter: sharedFormatter)
  }

  /// The first frame shows the newest message at the bottom, as every later one does while
  /// sticky. GTK 4.8's `list.scroll-to-item` does nothing for a row not laid out yet
  /// (`gtk_list_base_scroll_to_item` asks for its allocation first), so asked before the first
  /// layout it was lost, and the first frame showed the oldest of its rows at the top with the
  /// newest below the fold, until the idle scroll after it. Placed as an appended row is, once
  /// the first layout has placed the rows, the list lays out again before that frame is
  /// painted. Only the first realize: a list realized again keeps wherever the reader left it.
  func placeNewestInFirstFrame() {
    var placed = false
    Signal.connect(list.pointer, "realize") { [weak self] in
      guard let self, !placed else { return }
      placed = true
      placeNewestAfterLayout()
    }
  }

  /// Once the first frame with the transcript has been painted, puts the older messages into
  /// the list, and logs under `G_MESSAGES_DEBUG=natter` the wall-clock time of that frame, for
  /// measuring start-up from outside.
  func logFirstFrame() {
    afterFirstFrame.watch(list.widget)
    afterFirstFrame.run { [weak self] in
      guard let self else { return }
      Log.debug("first frame painted by \(g_get_real_time()) us (unix), \(model.count) messages")
      // Between frames: each message GTK places near its anchor gets a row made as it joins,
      // and all at once the 200 or so rows held the main loop 12–17 ms right after the frame
      // that showed a conversation just switched to (issue 32).
      revealIdle.schedule()
      DayWatch.shared.follow(self)
      onFirstFrame()
    }
  }

  /// Older messages join the list this many at a time.
  static let revealStep = 40
  /// Behind a stream of input handled in slices, ahead of filling rows: rows are filled once
  /// they exist. Not the filling's own priority: GLib runs every ready source of the highest
  /// ready priority in one turn of the loop, so a slice of each ran back to back, 8 ms with
  /// no turn between for a frame that fell due.
  static let revealPriority = MainLoop.aheadOfNeed - 5
  /// The longest one idle reveals older messages, in microseconds; the frame after it lays
  /// out and styles the rows made.
  static let revealMicroseconds = 4_000

  /// One step of `revealIdle`. Once a step makes no row, GTK has every row it keeps around
  /// its anchor, and the rest join at once: rows it does not show cost it nothing.
  func revealOlderStep() {
    let made = rows.count
    model.reveal(Self.revealStep)
    if rows.count == made { model.revealAll() }
  }
}
