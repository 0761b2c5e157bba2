import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("FrameClock")
@MainActor
struct FrameClockTests {
  @Test func theNextFrameStartsBeforeTheRunningClocksNextTick() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new("frames"))
    let window = TestWindow(child: label, width: 200, height: 100)
    defer { window.close() }
    let widget = window.window.widget
    // A clock that keeps running, as the composer's blinking caret keeps it: one frame a
    // refresh, 16.7 ms apart at 60 Hz.
    let ticking = FrameTicks.each(of: widget) { true }
    defer { FrameTicks.stop(ticking, of: widget) }
    let clock = try #require(gtk_widget_get_frame_clock(widget))
    var frames = 0
    var scheduled = false
    var started: Bool?
    var frameCameFirst: Bool?
    let handler = Signal.connect(raw(clock), "after-paint") {
      frames += 1
      guard frames == 3, !scheduled else { return }
      scheduled = true
      // Just after a frame, so the clock's next tick is most of a refresh away.
      MainLoop.idle {
        gtk_label_set_text(OpaquePointer(label), "changed")
        started = FrameClock.startNextFrameNow(of: widget)
        let before = frames
        // At a lower priority than GDK's redraw: were both due, the frame would go first.
        MainLoop.timeout(milliseconds: 8, priority: G_PRIORITY_DEFAULT_IDLE) {
          frameCameFirst = frames > before
          return false
        }
      }
    }
    defer { Signal.disconnect(raw(clock), handler) }
    #expect(Wait.until { frameCameFirst != nil })
    #expect(started == true, "a frame was waiting for its tick")
    #expect(frameCameFirst == true, "the frame came within 8 ms, not at the tick")
  }

  @Test func aWidgetWithoutAFrameClockHasNoFrameToStart() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new("hidden"))
    g_object_ref_sink(label)
    defer { g_object_unref(label) }
    #expect(!FrameClock.startNextFrameNow(of: label))
  }
}
