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

  /// The requests a frame costs, on average over `count` frames that each draw a new text.
  private static func requestsPerFrame(
    _ window: TestWindow, _ label: UnsafeMutablePointer<GtkWidget>, count: Int
  ) throws -> Double {
    let start = try requestsMade(by: window.window.widget)
    for frame in 0..<count {
      gtk_label_set_text(OpaquePointer(label), "frame \(frame)")
      Wait.frames(1, of: window.window.widget)
    }
    return Double(try requestsMade(by: window.window.widget) - start) / Double(count)
  }

  @Test func withoutAWindowManagerAFrameAsksTheXServerNothingAboutFrameSync() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    // The tests' Xvfb runs no window manager, as the bench's does not.
    let label = try #require(gtk_label_new("frame"))
    let window = TestWindow(child: label, width: 200, height: 100)
    defer { window.close() }
    let before = try Self.requestsPerFrame(window, label, count: 20)
    let sync = X11FrameSync(window: window.window.widget)
    #expect(sync != nil, "the tests' display is X11")
    let after = try Self.requestsPerFrame(window, label, count: 20)
    // GDK 4.8 asks twice a frame, each an XGetWindowProperty on the root window.
    #expect(after <= before - 1.9, "requests per frame: \(before) before, \(after) after")
    withExtendedLifetime(sync) {}
  }

  @Test func aWindowNotYetRealizedHasNoSurfaceToWatch() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let window = try #require(gtk_window_new())
    defer { gtk_window_destroy(raw(window).assumingMemoryBound(to: GtkWindow.self)) }
    #expect(X11FrameSync(window: window) == nil)
  }
}
