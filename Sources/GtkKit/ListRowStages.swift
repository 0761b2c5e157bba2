/// How many of a list's rows to put in its model now, so that GTK makes its row widgets a few a
/// frame: the rule behind `StagedListFill`, on plain counts so it can be tested without GTK.
///
/// GTK 4.8's list view keeps 200 row widgets whatever shows (`GTK_LIST_VIEW_MAX_LIST_ITEMS`), and
/// makes, binds and measures every one it lacks in the frame the model grows. A 20,000-channel
/// `/list` (or one of 500) made all 200 rows of the new channel browser at once: a frame 80 to 115
/// ms late (issue 32). Rows it has made are only bound again, so a list that has them is filled
/// whole at once.
struct ListRowStages: Equatable {
  /// The rows GTK 4.8's list view keeps made.
  static let rowsKept = 200

  /// Rows made in one frame at most, beyond the first screen.
  var step: Int
  /// Rows the list has made so far: the most it has listed, up to `rowsKept`.
  private(set) var made = 0

  init(step: Int) { self.step = max(1, step) }

  /// How many of `wanted` rows to list now, when `screen` rows fill what shows: all once the
  /// list has the rows for them; else a screenful, then `step` rows more each frame.
  mutating func listed(wanting wanted: Int, screen: Int) -> Int {
    let needed = min(wanted, Self.rowsKept)
    let now = needed <= made ? wanted : min(max(made + step, screen), needed)
    // Listing every row GTK will make is listing them all: the rest have no widgets.
    let listed = now >= needed ? wanted : now
    made = max(made, min(listed, Self.rowsKept))
    return listed
  }
}
