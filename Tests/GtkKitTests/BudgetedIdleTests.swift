import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("BudgetedIdle")
@MainActor
struct BudgetedIdleTests {
  @Test func theWorkRunsInSlicesWithTheLoopTurningBetweenAndEachStepOnce() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var left = 5_000
    var steps = 0
    let work = BudgetedIdle(
      priority: G_PRIORITY_DEFAULT_IDLE, microseconds: 200, hasWork: { left > 0 },
      step: {
        // Slow enough that the 5,000 steps (10 ms or more) cannot fit one 200 µs slice.
        let start = g_get_monotonic_time()
        while g_get_monotonic_time() - start < 2 {}
        left -= 1
        steps += 1
      })
    var turnsDuringWork = 0
    MainLoop.timeout(milliseconds: 1, priority: G_PRIORITY_HIGH) {
      if left > 0 { turnsDuringWork += 1 }
      return left > 0
    }
    work.schedule()
    work.schedule()
    #expect(Wait.until { left == 0 }, "the work ran to its end")
    #expect(steps == 5_000, "each step once, however often it was scheduled")
    #expect(turnsDuringWork > 1, "the main loop turned between slices")
  }

  @Test func withNoWorkNothingRuns() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var steps = 0
    let work = BudgetedIdle(
      priority: G_PRIORITY_DEFAULT_IDLE, microseconds: 200, hasWork: { false },
      step: { steps += 1 })
    work.schedule()
    // An idle below the work's priority runs only after any idle the work asked for.
    var later = false
    MainLoop.idle(priority: G_PRIORITY_LOW) { later = true }
    #expect(Wait.until { later })
    #expect(steps == 0)
  }
}
