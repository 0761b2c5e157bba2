import CGtk
import GtkKit
import NatterCore

/// Rows GTK binds far from the screen are filled between frames, nearest first, and any that
/// a layout shows before then is filled before its frame is painted (`RowFilling`, issue 32).
extension TranscriptView {
  /// The longest one idle fills rows, in microseconds; less when the next frame is due sooner.
  static let fillMicroseconds = 4_000

  /// After each layout of the list's frame clock the rows on screen go to `filling`.
  func connectFilling() {
    Signal.connect(list.pointer, "realize") { [weak self] in
      guard let self, let clock = gtk_widget_get_frame_clock(list.widget) else { return }
      // After GTK's own handler, which lays the window out.
      let handler = Signal.connect(raw(clock), "layout", after: true) { [weak self] in
        self?.listLaidOut()
      }
      fillingLayout = (raw(clock), handler)
    }
    Signal.connect(list.pointer, "unrealize") { [weak self] in
      guard let self, let (clock, handler) = fillingLayout else { return }
      Signal.disconnect(clock, handler)
      fillingLayout = nil
    }
  }

  /// A layout placed the rows: waiting rows it put on screen, or near it, are filled now, and
  /// GDK lays the frame out again before painting it (`AfterLayout`).
  private func listLaidOut() {
    guard let shown = shownPositions(), let clock = gtk_widget_get_frame_clock(list.widget)
    else { return }
    let frame = gdk_frame_clock_get_frame_counter(clock)
    let due = filling.laidOut(showing: shown, again: frame == lastLaidOutFrame)
    lastLaidOutFrame = frame
    fill(due)
    if filling.isDue { fillWaitingRowsSoon() }
  }

  /// Asks for idles that fill waiting rows, nearest to the screen first, until shortly before
  /// each next frame. Rows off screen are filled only ahead of need: during a burst the
  /// inbox's slices come first, and the rows they push off screen are given up unfilled.
  func fillWaitingRowsSoon() { fillingIdle.schedule() }

  /// One step of `fillingIdle`: the waiting row nearest the screen.
  func fillNearestWaitingRow() { fill(filling.next(1), measure: true) }

  /// Leaves `row` empty for now, as tall as the rows filled last, so that GTK's estimate of
  /// the rows it has not measured (the median of those it has) stays what it was.
  func leaveWaiting(_ row: TranscriptRow, at position: Int) {
    row.clear(at: position)
    // A recycled row still carries the name of the message it showed.
    row.setAccessibleLabel("")
    gtk_widget_set_size_request(row.widget, -1, Int32(typicalRowHeight))
  }

  /// Binds the rows at `positions` to their messages; with `measure`, lays each out at the
  /// list's width now, so the next frame's layout finds its size measured.
  private func fill(_ positions: [Int], measure: Bool = false) {
    guard !positions.isEmpty else { return }
    let wanted = Set(positions)
    let width = gtk_widget_get_width(list.widget)
    for row in rows.values where wanted.contains(row.position) {
      gtk_widget_set_size_request(row.widget, -1, -1)
      bind(row, at: row.position)
      // The list measures its item widget, the row's parent, at its own width.
      guard measure, width > 0, let item = gtk_widget_get_parent(row.widget) else { continue }
      var height: Int32 = 0
      gtk_widget_measure(item, GTK_ORIENTATION_VERTICAL, width, &height, nil, nil, nil)
      typicalRowHeight = (3 * typicalRowHeight + Int(height)) / 4
    }
  }

  /// The positions of the rows the last layout put inside the view, nil when none.
  private func shownPositions() -> Range<Int>? {
    let height = gtk_widget_get_height(list.widget)
    var lowest = Int.max
    var highest = Int.min
    for row in rows.values where row.position >= 0 {
      // The list places the item widgets, the rows' parents, in its own coordinates; one far
      // outside the view it hides and leaves where it was (`gtk_list_base_size_allocate_child`).
      guard let item = gtk_widget_get_parent(row.widget), gtk_widget_get_child_visible(item) != 0
      else { continue }
      var place = GtkAllocation()
      gtk_widget_get_allocation(item, &place)
      guard place.height > 0, place.y < height, place.y + place.height > 0 else { continue }
      lowest = min(lowest, row.position)
      highest = max(highest, row.position)
    }
    return lowest <= highest ? lowest..<(highest + 1) : nil
  }
}
