import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("Widget.setTransient")
@MainActor
struct TransientWindowTests {
  /// A window destroyed with its parent and let go of after it (a Swift owner that goes later)
  /// must not reach into the freed parent as it is disposed of.
  @Test func aWindowHeldPastItsParentLetsGoOfItCleanly() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let parent = try #require(gtk_window_new())
    let typedParent: UnsafeMutablePointer<GtkWindow> = try #require(cast(parent))
    var child: Widget? = Widget(gtk_window_new())
    let childWindow: UnsafeMutablePointer<GtkWindow> = try #require(child?.typed())
    child?.setTransient(destroyedWith: typedParent)
    #expect(gtk_window_get_transient_for(childWindow) == typedParent)
    gtk_window_present(typedParent)
    gtk_window_present(childWindow)
    Wait.frames(2, of: childWindow.withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 })
    let complaints = GObjectComplaints {
      $0.contains("invalid (NULL) class pointer") || $0.contains("G_TYPE_CHECK_INSTANCE")
    }
    defer { complaints.stop() }
    gtk_window_destroy(typedParent)
    MainLoop.iterate()
    #expect(gtk_widget_get_realized(cast(childWindow)) == 0, "destroyed with its parent")
    #expect(gtk_window_get_transient_for(childWindow) == nil, "let go of the parent first")
    child = nil
    MainLoop.iterate()
    #expect(complaints.messages.isEmpty, "\(complaints.messages)")
  }

  /// Closed on its own but still held when the parent goes, it must not reach the parent
  /// either: the parent's destroy finds it already destroyed and leaves it be.
  @Test func aWindowClosedOnItsOwnAndHeldPastItsParentLetsGoOfItToo() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let parent = try #require(gtk_window_new())
    let typedParent: UnsafeMutablePointer<GtkWindow> = try #require(cast(parent))
    var child: Widget? = Widget(gtk_window_new())
    let childWindow: UnsafeMutablePointer<GtkWindow> = try #require(child?.typed())
    child?.setTransient(destroyedWith: typedParent)
    gtk_window_present(typedParent)
    gtk_window_present(childWindow)
    Wait.frames(1, of: childWindow.withMemoryRebound(to: GtkWidget.self, capacity: 1) { $0 })
    let complaints = GObjectComplaints {
      $0.contains("invalid (NULL) class pointer") || $0.contains("G_TYPE_CHECK_INSTANCE")
    }
    defer { complaints.stop() }
    gtk_window_destroy(childWindow)
    #expect(gtk_window_get_transient_for(childWindow) == nil, "let go of the parent as it went")
    #expect(gtk_widget_get_realized(parent) != 0, "the parent stays")
    gtk_window_destroy(typedParent)
    MainLoop.iterate()
    child = nil
    MainLoop.iterate()
    #expect(complaints.messages.isEmpty, "\(complaints.messages)")
  }
}
