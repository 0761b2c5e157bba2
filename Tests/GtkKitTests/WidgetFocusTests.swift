import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("Widget.hasFocusWithin")
@MainActor
struct WidgetFocusTests {
  @Test func theFocusIsFoundOnAWidgetAndInsideIt() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let column = Widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    let inner = Widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    let entry = Widget(gtk_entry_new())
    let other = Widget(gtk_entry_new())
    gtk_box_append(column.typed(), inner.widget)
    gtk_box_append(inner.typed(), entry.widget)
    gtk_box_append(column.typed(), other.widget)
    let window = TestWindow(child: column.widget, width: 200, height: 100)
    defer { window.close() }
    #expect(entry.grabFocus())
    #expect(inner.hasFocusWithin && column.hasFocusWithin)
    #expect(!other.hasFocusWithin)
    #expect(other.grabFocus())
    #expect(!inner.hasFocusWithin && other.hasFocusWithin && column.hasFocusWithin)
  }

  @Test func aWidgetInNoWindowHasNoFocus() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let entry = Widget(gtk_entry_new())
    #expect(!entry.hasFocusWithin)
  }
}
