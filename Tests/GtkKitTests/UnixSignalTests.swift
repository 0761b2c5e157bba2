import CGtk
import Foundation
import GtkKit
import TestSupport
import Testing

@Suite("UnixSignal")
@MainActor
struct UnixSignalTests {
  /// SIGUSR1, which nothing else in the test process uses; its default action would end the
  /// process, so the test passing shows the handler took its place.
  @Test func aSignalRunsTheHandlerOnTheMainLoopEachTime() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var runs = 0
    let source = UnixSignal.handle(SIGUSR1) { runs += 1 }
    defer { MainLoop.cancel(source) }
    #expect(source != 0)
    // To the process, as `kill` sends SIGTERM (the test's own thread may block the signal).
    kill(getpid(), SIGUSR1)
    #expect(runs == 0, "not inside the signal handler: on the loop")
    MainLoop.iterate(until: { runs == 1 }, seconds: 5)
    #expect(runs == 1)
    kill(getpid(), SIGUSR1)
    MainLoop.iterate(until: { runs == 2 }, seconds: 5)
    #expect(runs == 2)
  }
}
