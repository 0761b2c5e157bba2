import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("Object")
@MainActor
struct ObjectTests {
  @Test func wrapperSinksTheFloatingReferenceAndDropsItOnDeinit() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = try #require(gtk_label_new("x"))
    #expect(g_object_is_floating(label) != 0)
    var weakSlot: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(label)
    withUnsafeMutablePointer(to: &weakSlot) { slot in
      g_object_add_weak_pointer(UnsafeMutablePointer(OpaquePointer(label)), slot)
    }
    var wrapper: Widget? = Widget(label)
    #expect(g_object_is_floating(label) == 0)
    #expect(wrapper?.isVisible == true)
    wrapper = nil
    #expect(weakSlot == nil, "the label must be finalized with its only owner")
  }

}
