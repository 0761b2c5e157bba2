import CGtk
import GtkKit
import TestSupport
import Testing

private final class Canary {}

@Suite("Signal")
@MainActor
struct SignalTests {
  @Test func connectedClosureIsReleasedWhenItsObjectIsFinalized() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    weak var weakCanary: Canary?
    let adjustment = try #require(gtk_adjustment_new(0, 0, 100, 1, 10, 10))
    var owner: Object? = Object(sinking: raw(adjustment))
    var changes = 0
    do {
      let canary = Canary()
      weakCanary = canary
      Signal.connect(try #require(owner).pointer, "value-changed") {
        _ = canary
        changes += 1
      }
    }
    #expect(weakCanary != nil, "the handler must keep what it captured alive")
    gtk_adjustment_set_value(adjustment, 42)
    #expect(changes == 1)
    owner = nil
    #expect(weakCanary == nil, "finalizing the adjustment must release the closure")
  }

  @Test func disconnectReleasesTheClosureAtOnce() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    weak var weakCanary: Canary?
    let button = Widget(gtk_button_new())
    var handler: UInt = 0
    do {
      let canary = Canary()
      weakCanary = canary
      handler = Signal.connect(button.pointer, "clicked") { _ = canary }
    }
    #expect(weakCanary != nil)
    Signal.disconnect(button.pointer, handler)
    #expect(weakCanary == nil)
  }

  @Test func booleanHandlerResultReachesTheEmitter() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let window = Widget(gtk_window_new())
    var asked = 0
    Signal.connectReturning(window.pointer, "close-request") {
      asked += 1
      return true
    }
    gtk_window_present(window.typed())
    gtk_window_close(window.typed())
    #expect(asked == 1)
    #expect(window.isVisible, "returning true from close-request keeps the window open")
    gtk_window_destroy(window.typed())
  }
}
