import CGtk
import Foundation
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// SPEC §2's composer reads as a message field (issue 11): a rounded frame with the theme's
/// entry colours and a focus ring, in the light and the dark style, with the Add-tag and Send
/// buttons on the text's last line however many lines it has. Read off rendered pixels and the
/// laid-out widgets, with Natter's own stylesheet loaded as the app loads it.
@Suite("Composer field", .serialized)
@MainActor
struct ComposerFieldTests {
  /// The composer under a GtkEntry: the entry is the theme's own idea of a text field.
  private struct Harness {
    let composer: ComposerView
    let entry: UnsafeMutablePointer<GtkWidget>
    let window: TestWindow
  }

  private func makeHarness() throws -> Harness {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    try GtkTestEnvironment.useAppStylesheet()
    let composer = ComposerView(controller: ComposerController(sender: "me"))
    let entry = try #require(gtk_entry_new())
    let box = try #require(gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
    let filler = gtk_label_new("transcript")
    gtk_widget_set_vexpand(filler, 1)
    gtk_box_append(cast(box), entry)
    gtk_box_append(cast(box), filler)
    gtk_box_append(cast(box), composer.widget)
    return Harness(
      composer: composer, entry: entry, window: TestWindow(child: box, width: 720, height: 400))
  }

  /// Switches GTK to the dark or light variant of its theme, as the style preference does.
  private func withStyle<T>(dark: Bool, _ body: () throws -> T) throws -> T {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let settings = try #require(gtk_settings_get_default())
    let property = "gtk-application-prefer-dark-theme"
    let before = natter_object_get_boolean(UnsafeMutableRawPointer(settings), property)
    defer { natter_object_set_boolean(UnsafeMutableRawPointer(settings), property, before) }
    natter_object_set_boolean(UnsafeMutableRawPointer(settings), property, dark ? 1 : 0)
    return try body()
  }

  // MARK: Pixels

  private struct Colour: Equatable, CustomStringConvertible {
    var red, green, blue, alpha: Int
    var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    var luminance: Int { (red * 3 + green * 6 + blue) / 10 }
    func distance(to other: Colour) -> Int {
      abs(red - other.red) + abs(green - other.green) + abs(blue - other.blue)
    }
  }

  /// One widget as GTK draws it, in its own coordinates (logical pixels).
  private struct Rendering {
    let width: Int
    let height: Int
    let stride: Int
    let bytes: [UInt8]

    func at(_ x: Int, _ y: Int) -> Colour {
      // GDK_MEMORY_DEFAULT: premultiplied B, G, R, A on a little-endian machine.
      let offset = y * stride + x * 4
      return Colour(
        red: Int(bytes[offset + 2]), green: Int(bytes[offset + 1]), blue: Int(bytes[offset]),
        alpha: Int(bytes[offset + 3]))
    }
  }

  /// `widget` as GTK draws it, its border box's top-left corner at (0, 0).
  private func render(
    _ widget: UnsafeMutablePointer<GtkWidget>, in window: TestWindow
  ) throws -> Rendering {
    // A widget paintable shows what the widget drew after it was made: let it draw.
    let paintable = try #require(gtk_widget_paintable_new(widget))
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    gtk_widget_queue_draw(widget)
    window.settle()
    let width = Int(gdk_paintable_get_intrinsic_width(paintable))
    let height = Int(gdk_paintable_get_intrinsic_height(paintable))
    let snapshot = try #require(gtk_snapshot_new())
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    let node = try #require(gtk_snapshot_free_to_node(snapshot), "\(width)x\(height) drew nothing")
    defer { gsk_render_node_unref(node) }
    let native = try #require(gtk_widget_get_native(window.window.widget))
    let renderer = try #require(gtk_native_get_renderer(native))
    var viewport = graphene_rect_t()
    graphene_rect_init(&viewport, 0, 0, Float(width), Float(height))
    let texture = try #require(gsk_renderer_render_texture(renderer, node, &viewport))
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    let textureWidth = Int(gdk_texture_get_width(texture))
    let textureHeight = Int(gdk_texture_get_height(texture))
    #expect(textureWidth == width && textureHeight == height, "rendered at 1 texel per pixel")
    let stride = textureWidth * 4
    var bytes = [UInt8](repeating: 0, count: stride * textureHeight)
    bytes.withUnsafeMutableBufferPointer {
      gdk_texture_download(texture, $0.baseAddress, gsize(stride))
    }
    return Rendering(width: textureWidth, height: textureHeight, stride: stride, bytes: bytes)
  }

  /// The vertical extent of `widget`'s border box in `ancestor`'s coordinates.
  private func verticalBounds(
    of widget: UnsafeMutablePointer<GtkWidget>, in ancestor: UnsafeMutablePointer<GtkWidget>
  ) -> ClosedRange<Double> {
    var bounds = graphene_rect_t()
    _ = gtk_widget_compute_bounds(widget, ancestor, &bounds)
    return Double(bounds.origin.y)...Double(bounds.origin.y + bounds.size.height)
  }

  private func selectionColour(_ widget: UnsafeMutablePointer<GtkWidget>) -> Colour {
    var rgba = GdkRGBA()
    gtk_style_context_lookup_color(
      gtk_widget_get_style_context(widget), "theme_selected_bg_color", &rgba)
    return Colour(
      red: Int(rgba.red * 255), green: Int(rgba.green * 255), blue: Int(rgba.blue * 255),
      alpha: 255)
  }

  // MARK: Tests

  @Test(arguments: [false, true])
  func isARoundedFieldWithTheEntrysColoursAndAFocusRing(dark: Bool) throws {
    try withStyle(dark: dark) {
      let harness = try makeHarness()
      defer { harness.window.close() }
      let composer = harness.composer
      let field = composer.field.widget
      let entry = harness.entry

      gtk_widget_grab_focus(entry)
      #expect(Wait.until { !composer.textHasFocus })
      let entryLook = try render(entry, in: harness.window)
      var look = try render(field, in: harness.window)
      let middle = look.height / 2
      // Right of the placeholder, left of the end: the field's own background.
      let inside = look.at(look.width - 30, middle)
      let entryInside = entryLook.at(entryLook.width - 30, entryLook.height / 2)
      #expect(inside == entryInside, "the field has the entry's background: \(inside)")
      #expect(inside.alpha == 255)
      #expect(dark ? inside.luminance < 100 : inside.luminance > 200, "\(inside)")

      // Rounded: the corner pixel lies outside a 15 px curve, the top edge's middle does not.
      let corner = look.at(2, 2)
      #expect(corner.alpha < 128, "a rounded corner, not a square one: \(corner)")
      #expect(look.at(look.width / 2, 2) == inside)
      // A frame: the border differs from the inside.
      let edge = look.at(look.width / 2, 0)
      #expect(edge.distance(to: inside) > 20, "a visible border: \(edge) on \(inside)")

      // The focus ring: the text focused paints the field's outer pixels in the selection
      // colour, as a focused entry's are.
      let selection = selectionColour(field)
      let unfocusedRing = look.at(look.width / 2, 1)
      composer.focusText()
      #expect(Wait.until { composer.textHasFocus })
      var ring = unfocusedRing
      // The ring fades in (a CSS transition): wait until it is drawn.
      Wait.until(timeout: 3) {
        guard let drawn = try? render(field, in: harness.window) else { return false }
        look = drawn
        ring = look.at(look.width / 2, 1)
        return ring.distance(to: selection) + 40 < unfocusedRing.distance(to: selection)
      }
      #expect(
        ring.distance(to: selection) + 40 < unfocusedRing.distance(to: selection),
        "a focus ring: \(ring) focused, \(unfocusedRing) not, selection \(selection)")
      #expect(look.at(look.width - 30, middle) == inside, "focus keeps the entry's background")
    }
  }

  @Test(arguments: [false, true])
  func addTagAndSendSitOnTheTextsLastLineAsItGrows(withChips: Bool) throws {
    let harness = try makeHarness()
    defer { harness.window.close() }
    let composer = harness.composer
    let view: UnsafeMutablePointer<GtkTextView> = composer.textView.typed()
    if withChips { composer.restore(Draft(text: "", chips: ["swift", "gtk"])) }
    for count in 1...6 {
      let text = (1...count).map { "line \($0) with Ågj" }.joined(separator: "\n")
      composer.buffer.setText(text)
      composer.buffer.placeCaret(at: text.unicodeScalars.count)
      // The last display line, in the composer's coordinates, once laid out and scrolled.
      func lastLine() -> ClosedRange<Double> {
        var iter = GtkTextIter()
        gtk_text_buffer_get_end_iter(composer.buffer.buffer, &iter)
        gtk_text_view_backward_display_line_start(view, &iter)
        var rect = GdkRectangle()
        gtk_text_view_get_iter_location(view, &iter, &rect)
        var x: gint = 0
        var y: gint = 0
        gtk_text_view_buffer_to_window_coords(view, GTK_TEXT_WINDOW_WIDGET, rect.x, rect.y, &x, &y)
        var top = 0.0
        var left = 0.0
        gtk_widget_translate_coordinates(
          composer.textView.widget, composer.widget, Double(x), Double(y), &left, &top)
        return top...(top + Double(rect.height))
      }
      func middle(of button: Widget) -> Double {
        let bounds = verticalBounds(of: button.widget, in: composer.widget)
        return (bounds.lowerBound + bounds.upperBound) / 2
      }
      func onLastLine() -> Bool {
        let line = lastLine()
        return line.contains(middle(of: composer.addTagButton))
          && line.contains(middle(of: composer.sendButton))
      }
      Wait.until(timeout: 2) {
        harness.window.settle()
        return onLastLine()
      }
      let seen =
        "\(count) lines: last line \(lastLine()), Add tag's middle at "
        + "\(middle(of: composer.addTagButton)), Send's at \(middle(of: composer.sendButton))"
      #expect(onLastLine(), "\(seen)")
    }
    #expect(composer.chipTags == (withChips ? ["swift", "gtk"] : []))
  }
}
