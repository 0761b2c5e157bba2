import CGtk
import Foundation
import GtkKit
import TestSupport
import Testing

@Suite("X11FrameSync")
@MainActor
struct X11FrameSyncTests {
  /// The X requests the window's connection has made so far (Xlib's `XNextRequest`), looked
  /// up at run time: GDK's X11 header would bring Xlib's names into the tests.
  private static func requestsMade(by window: UnsafeMutablePointer<GtkWidget>) throws -> UInt {
    typealias XDisplayOf = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias NextRequest = @convention(c) (OpaquePointer?) -> UInt
    let all = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
    let displayOf = try #require(dlsym(all, "gdk_x11_display_get_xdisplay"))
    let next = try #require(dlsym(all, "XNextRequest"))
    let display = gtk_widget_get_display(window).map { OpaquePointer(UnsafeMutableRawPointer($0)) }
    let xdisplay = unsafeBitCast(displayOf, to: XDisplayOf.self)(display)
    return unsafeBitCast(next, to: NextRequest.self)(xdisplay)
  }

  /// The requests made at the end of each of `count` frames that draw a new text, from the
  /// frame's paint to its after-paint, where GDK ends the frame. Counted inside the window's
  /// own frames: the tests share the X connection, and other suites' windows draw meanwhile.
  private static func requestsEndingFrames(
    _ window: TestWindow, _ label: UnsafeMutablePointer<GtkWidget>, count: Int
  ) throws -> Int {
    let widget = window.window.widget
    let clock = try #require(gtk_widget_get_frame_clock(widget))
    var painted: UInt = 0
    var requests = 0
    let paint = Signal.connect(raw(clock), "paint", after: true) {
      painted = (try? requestsMade(by: widget)) ?? 0
    }
    let end = Signal.connect(raw(clock), "after-paint", after: true) {
      guard painted != 0, let now = try? requestsMade(by: widget) else { return }
      requests += Int(now - painted)
      painted = 0
    }
    defer {
      Signal.disconnect(raw(clock), paint)
      Signal.disconnect(raw(clock), end)
    }
    for frame in 0..<count {
      gtk_label_set_text(OpaquePointer(label), "frame \(frame)")
      Wait.frames(1, of: widget)
    }
    return requests
  }

  @Test func withoutAWindowManagerAFrameAsksTheXServerNothingAboutFrameSync() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new("frame"))
    let window = TestWindow(child: label, width: 200, height: 100)
    defer { window.close() }
    let before = try Self.requestsEndingFrames(window, label, count: 20)
    try #require(
      X11FrameSync.turnOffWhereUnsupported(for: window.window.widget),
      "the tests' X server runs no window manager that supports frame sync, as the bench's")
    let after = try Self.requestsEndingFrames(window, label, count: 20)
    // GDK 4.8 asks twice a frame, each an XGetWindowProperty on the root window.
    #expect(after <= before - 2 * 20, "requests ending 20 frames: \(before) before, \(after) after")

    // Every window shown once the watch began, from the idle after its first frame (in this
    // test, not one of its own: the first window's `before` must be counted without it).
    X11FrameSync.turnOffWhereUnsupportedForEveryWindow()
    let text = try #require(gtk_label_new("frame"))
    let later = TestWindow(child: text, width: 200, height: 100)
    defer { later.close() }
    let watched = try Self.requestsEndingFrames(later, text, count: 20)
    #expect(watched <= before - 2 * 20, "\(before) without the watch, \(watched) with it")
  }

  @Test func aWindowNotYetRealizedIsLeftAlone() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let window = try #require(gtk_window_new())
    defer { gtk_window_destroy(raw(window).assumingMemoryBound(to: GtkWindow.self)) }
    #expect(!X11FrameSync.turnOffWhereUnsupported(for: window))
  }
}
