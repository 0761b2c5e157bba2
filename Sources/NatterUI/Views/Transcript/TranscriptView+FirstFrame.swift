import CGtk
import GtkKit
import NatterCore

/// First-frame staging: the list opens with only the newest rows, and the rest join once the
/// window has painted, so a long history costs start-up nothing.
extension TranscriptView {
  /// How many of the newest messages the list has before the window's first frame: the rows
  /// that fill `screen`, far fewer than the 200 rows GTK 4.8 builds around its anchor, which
  /// cost more than the rest of start-up with a long history. The rest follow right after the
  /// first frame.
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
      model.revealAll()
      onFirstFrame()
    }
  }
}
