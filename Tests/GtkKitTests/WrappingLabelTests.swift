import CGtk
import GtkKit
import TestSupport
import Testing

@Suite("WrappingLabel")
@MainActor
struct WrappingLabelTests {
  private static let texts = [
    "ok",
    "a chat window coffee natter paint why no tag when lunch meeting fix no later why ok deploy",
    String(repeating: "unbroken", count: 60),
    String(repeating: "e\u{0301}\u{0323} ", count: 120),
    "مرحبا بالعالم " + String(repeating: "word ", count: 50) + "שלום עולם",
  ]

  private func size(
    _ label: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation, for width: Int32 = -1
  ) -> (minimum: Int32, natural: Int32) {
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(label, orientation, width, &minimum, &natural, nil, nil)
    return (minimum, natural)
  }

  @Test func itAsksForTheWidthItIsGivenWhateverItsText() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = WrappingLabel.make(width: 240)
    g_object_ref_sink(label)
    defer { g_object_unref(label) }
    #expect(g_type_check_instance_is_a(cast(label), gtk_label_get_type()) != 0)
    for text in Self.texts + [""] {
      gtk_label_set_text(OpaquePointer(label), text)
      let width = size(label, GTK_ORIENTATION_HORIZONTAL)
      #expect(width.minimum == 240 && width.natural == 240, "\(text.prefix(20))")
    }
    WrappingLabel.setWidth(300, of: label)
    #expect(WrappingLabel.width(of: label) == 300)
    #expect(size(label, GTK_ORIENTATION_HORIZONTAL).minimum == 300)
  }

  /// Only the width is its own: for any width it gets, it is as tall as a GtkLabel that wraps
  /// the same text the same way.
  @Test func itIsAsTallAsAWrappingGtkLabelAtEveryWidth() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let label = WrappingLabel.make(width: 240)
    let plain = try #require(gtk_label_new(nil))
    g_object_ref_sink(label)
    g_object_ref_sink(plain)
    defer {
      g_object_unref(label)
      g_object_unref(plain)
    }
    gtk_label_set_wrap(OpaquePointer(plain), 1)
    gtk_label_set_wrap_mode(OpaquePointer(plain), PANGO_WRAP_WORD_CHAR)
    var wrapped = false
    for text in Self.texts {
      gtk_label_set_text(OpaquePointer(label), text)
      gtk_label_set_text(OpaquePointer(plain), text)
      for width: Int32 in [240, 333, 480, 900, 4_000] {
        let height = size(label, GTK_ORIENTATION_VERTICAL, for: width)
        #expect(
          height == size(plain, GTK_ORIENTATION_VERTICAL, for: width),
          "\(text.prefix(20)) at \(width) px")
        wrapped =
          wrapped || height.minimum > size(label, GTK_ORIENTATION_VERTICAL, for: 4_000).minimum
      }
    }
    #expect(wrapped, "some text takes more lines at a narrower width")
  }
}
