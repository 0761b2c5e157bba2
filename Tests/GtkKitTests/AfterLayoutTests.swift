import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("AfterLayout")
@MainActor
struct AfterLayoutTests {
  @Test func runsOnceBeforeThePaintAndWhatItChangesIsInThatFrame() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new("short"))
    gtk_widget_set_halign(label, GTK_ALIGN_START)
    let window = TestWindow(child: label, width: 400, height: 100)
    defer { window.close() }
    Wait.frames(2, of: window.window.widget)
    let clock = try #require(gtk_widget_get_frame_clock(window.window.widget))
    var painted = 0
    var widthsPainted: [Int32] = []
    let handler = Signal.connect(raw(clock), "after-paint") {
      painted += 1
      widthsPainted.append(gtk_widget_get_width(label))
    }
    defer { Signal.disconnect(raw(clock), handler) }
    let before = gtk_widget_get_width(label)
    var paintedWhenRun: Int?
    var runs = 0
    let scheduled = AfterLayout.once(of: label) {
      runs += 1
      paintedWhenRun = painted
      // A new size asked for after the layout: it must still be laid out before the paint.
      gtk_label_set_text(OpaquePointer(label), "a much longer text than before")
    }
    #expect(scheduled)
    #expect(runs == 0, "nothing runs before a layout")
    gtk_widget_queue_resize(label)
    #expect(Wait.until { painted > 0 })
    #expect(runs == 1)
    #expect(paintedWhenRun == 0, "it ran before the frame's paint")
    #expect(widthsPainted.first.map { $0 > before } == true, "the first frame drew the new size")
    gtk_widget_queue_resize(label)
    Wait.frames(2, of: window.window.widget)
    #expect(runs == 1)
  }

  @Test func aWidgetWithoutAFrameClockNeverRunsIt() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new("hidden"))
    g_object_ref_sink(label)
    defer { g_object_unref(label) }
    var runs = 0
    #expect(!AfterLayout.once(of: label) { runs += 1 })
    #expect(runs == 0)
  }
}
