import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("Tooltip")
@MainActor
struct TooltipTests {
  /// A label showing `text` in a window that has drawn.
  private func labelInAWindow(
    _ text: String
  ) throws -> (UnsafeMutablePointer<GtkWidget>, TestWindow) {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new(text))
    let window = TestWindow(child: label, width: 200, height: 60)
    Wait.frames(2, of: window.window.widget)
    return (label, window)
  }

  @Test func setGivesTextAndDescriptionAndLeavesAWidgetInNoWindowVisible() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new("topic"))
    g_object_ref_sink(label)
    defer { g_object_unref(label) }
    var notified = 0
    Signal.connect(raw(label), "notify::tooltip-text") { _ in notified += 1 }
    Tooltip.set(label, "The whole topic")
    #expect(string(gtk_widget_get_tooltip_text(label)) == "The whole topic")
    #expect(natter_test_accessible_description_is(opaque(label), "The whole topic") != 0)
    #expect(gtk_widget_get_visible(label) != 0, "hidden only while the tooltip was set")
    #expect(notified == 1)
    Tooltip.set(label, "The whole topic")
    #expect(notified == 1, "the same text again changes nothing")
    Tooltip.set(label, "")
    #expect(gtk_widget_get_tooltip_text(label) == nil, "empty is none")
    #expect(gtk_widget_get_has_tooltip(label) == 0)
    #expect(notified == 2)
  }

  @Test func aWidgetInAWindowKeepsItsVisibilityAndItsTooltip() throws {
    let (label, window) = try labelInAWindow("topic")
    defer { window.close() }
    Tooltip.set(label, "Shown on hover")
    #expect(string(gtk_widget_get_tooltip_text(label)) == "Shown on hover")
    #expect(gtk_widget_get_mapped(label) != 0)
  }

  @Test func anAskedTooltipShowsOnlyWhenItSaysSomething() throws {
    let (label, window) = try labelInAWindow("alice")
    defer { window.close() }
    #expect(natter_test_query_tooltip(label) == 0, "no tooltip before one is set")
    Tooltip.setAsked(label, "Away\nSigned in as alice")
    #expect(Tooltip.asked(label) == "Away\nSigned in as alice")
    #expect(natter_test_query_tooltip(label) != 0, "GTK is given the text when it asks")
    #expect(gtk_widget_get_tooltip_text(label) == nil, "GTK's own tooltip stays unset")
    Tooltip.setAsked(label, "")
    #expect(Tooltip.asked(label) == nil)
    #expect(natter_test_query_tooltip(label) == 0, "an empty tooltip does not show")
    Tooltip.setAsked(label, "Signed in as alice")
    #expect(natter_test_query_tooltip(label) != 0)
  }
}
