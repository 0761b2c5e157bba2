import CGtk

/// Work done a step at a time in idles, each idle ending before the window's next frame is due
/// (`FrameBudget`): when the frame is due, the work waits for it.
@MainActor
public final class BudgetedIdle {
  private let priority: Int32
  private let microseconds: Int
  private let hasWork: () -> Bool
  private let step: () -> Void
  /// The idle, or the wait for a frame, that is pending; 0 when none.
  private var source: UInt32 = 0

  /// Steps taken at `priority`, for at most `microseconds` an idle, while `hasWork`.
  public init(
    priority: Int32, microseconds: Int, hasWork: @escaping () -> Bool,
    step: @escaping () -> Void
  ) {
    self.priority = priority
    self.microseconds = microseconds
    self.hasWork = hasWork
    self.step = step
  }

  /// Asks for an idle that takes steps, unless one is pending or there is no work.
  public func schedule() {
    guard source == 0, hasWork() else { return }
    source = MainLoop.idle(priority: priority) { [weak self] in self?.run() }
  }

  private func run() {
    source = 0
    guard hasWork() else { return }
    let budget = FrameBudget.microsecondsLeft(limit: microseconds)
    guard budget > 0 else {
      // The frame is due; it comes first, and the work after it.
      source = MainLoop.timeout(milliseconds: FrameBudget.waitMilliseconds) { [weak self] in
        self?.source = 0
        self?.schedule()
        return false
      }
      return
    }
    let start = g_get_monotonic_time()
    while hasWork(), g_get_monotonic_time() - start < gint64(budget) { step() }
    schedule()
  }
}
