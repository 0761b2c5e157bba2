import CGtk
import Foundation
import GtkKit
import TestSupport
import Testing

private final class Canary {}

@Suite("MainLoop")
@MainActor
struct MainLoopTests {
  @Test func idleCallbackRunsOnceAndIsReleased() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    weak var weakCanary: Canary?
    var runs = 0
    do {
      let canary = Canary()
      weakCanary = canary
      MainLoop.idle {
        _ = canary
        runs += 1
      }
    }
    #expect(weakCanary != nil, "a pending idle keeps its closure")
    // Released only once the source is gone: an idle that ran again would never release it.
    Wait.until(timeout: 2) { runs > 0 && weakCanary == nil }
    #expect(runs == 1)
    #expect(weakCanary == nil, "the destroy notify releases the closure after its one run")
  }

  /// Work done on another thread reports back through `post`, which runs on the thread that
  /// runs the GTK loop (here the test's), never on the poster's.
  @Test func postFromAnotherThreadRunsOnTheLoopsThread() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    nonisolated(unsafe) var ranOn: pthread_t?
    nonisolated(unsafe) var postedFrom: pthread_t?
    let thread = Thread {
      postedFrom = pthread_self()
      MainLoop.post { ranOn = pthread_self() }
    }
    thread.start()
    MainLoop.iterate(until: { ranOn != nil }, seconds: 5)
    let loop = pthread_self()
    #expect(ranOn.map { pthread_equal($0, loop) != 0 } == true)
    #expect(postedFrom.map { pthread_equal($0, loop) == 0 } == true)
  }

  @Test func cancelledIdleNeverRunsAndIsReleased() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    weak var weakCanary: Canary?
    var runs = 0
    do {
      let canary = Canary()
      weakCanary = canary
      let id = MainLoop.idle {
        _ = canary
        runs += 1
      }
      MainLoop.cancel(id)
    }
    MainLoop.iterate()  // whatever is pending runs now; a cancelled idle is not among it
    #expect(runs == 0)
    #expect(weakCanary == nil)
  }

  @Test func timeoutRepeatsWhileItReturnsTrue() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var ticks = 0
    weak var weakCanary: Canary?
    do {
      let canary = Canary()
      weakCanary = canary
      MainLoop.timeout(milliseconds: 1) {
        _ = canary
        ticks += 1
        return ticks < 3
      }
    }
    // The closure is released when the source ends; a timeout that kept going never would.
    Wait.until(timeout: 2) { weakCanary == nil }
    #expect(ticks == 3)
    #expect(weakCanary == nil)
  }
}
