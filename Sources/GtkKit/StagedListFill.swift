import CGtk

/// Fills an `IndexListModel` shown by a GTK list view so that no frame waits for more than a
/// screenful of new row widgets (`ListRowStages`): the rows that show come in the first frame,
/// the ones below a frame at a time after it.
@MainActor
public final class StagedListFill {
  /// The smallest row height assumed when counting the rows that fill the list's height.
  static let shortestRow: Int32 = 20

  private let model: IndexListModel
  private let list: UnsafeMutablePointer<GtkWidget>
  private var stages: ListRowStages
  private var wanted = 0
  private var growing = false

  /// `list` is the list view showing `model`; it must outlive this.
  public init(model: IndexListModel, list: UnsafeMutablePointer<GtkWidget>, step: Int = 24) {
    self.model = model
    self.list = list
    stages = ListRowStages(step: step)
  }

  /// Every row changed and there are `count` now (a new list, a new filter): those the list has
  /// widgets for at once, the others over the next frames.
  public func reset(count: Int) {
    wanted = count
    model.reset(count: stages.listed(wanting: count, screen: screenRows))
    growLater()
  }

  private var screenRows: Int { Int(max(gtk_widget_get_height(list), 0) / Self.shortestRow) + 2 }

  private func growLater() {
    guard model.count < wanted, !growing else { return }
    growing = true
    AfterNextFrame.run(of: list) { [weak self] in
      guard let self else { return }
      growing = false
      let now = stages.listed(wanting: wanted, screen: screenRows)
      if now > model.count { model.append(now - model.count) }
      growLater()
    }
  }
}
