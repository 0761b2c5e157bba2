import CGtk
import Foundation
import GtkKit

/// The text of the first frame, for the bench's floor: with `NATTER_BENCH_FIRST_TEXT=PATH`,
/// every label and inscription the first frame drew (not the header bar's, which the bare
/// window has its own of) is written to PATH as one Pango markup paragraph each, in the font
/// its style gave it. The bare window draws that file in one layout (`NATTER_BENCH_BARE_TEXT`):
/// what showing the same text costs GTK with no widget of Natter's around it (issue 32).
extension BenchProbe {
  static func writeFirstScreenText() {
    guard let path = environmentValue("NATTER_BENCH_FIRST_TEXT"), let window else { return }
    var paragraphs: [String] = []
    collectShownText(in: window, into: &paragraphs)
    let text = paragraphs.joined(separator: "\n") + "\n"
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      Log.warning("the first screen's text could not be written to \(path): \(error)")
    }
  }

  private static func collectShownText(
    in widget: UnsafeMutablePointer<GtkWidget>, into paragraphs: inout [String]
  ) {
    guard gtk_widget_get_mapped(widget) != 0 else { return }
    let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
    if g_type_check_instance_is_a(instance, gtk_header_bar_get_type()) != 0 { return }
    if let markup = shownMarkup(of: widget), !markup.isEmpty,
      gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()) == nil || isInView(widget)
    {
      // The font the widget's style gave it: family, size and weight, as it was drawn.
      let context = gtk_widget_get_pango_context(widget)
      let font = pango_font_description_to_string(pango_context_get_font_description(context))
      let name = font.map { String(cString: $0) } ?? ""
      g_free(font)
      paragraphs.append("<span font=\"\(Markup.escape(name))\">\(markup)</span>")
    }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      collectShownText(in: current, into: &paragraphs)
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// A label's markup as it was set, or the text of any other label or inscription escaped.
  private static func shownMarkup(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    let instance = UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget))
    if g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0,
      gtk_label_get_use_markup(OpaquePointer(widget)) != 0
    {
      return string(gtk_label_get_label(OpaquePointer(widget))).map(linksAsSpans)
    }
    return shownText(of: widget).map(Markup.escape)
  }

  /// A label's `<a href>`, which only GtkLabel reads, as the underlined link colour it draws.
  private static func linksAsSpans(_ markup: String) -> String {
    markup.replacing(
      /<a href="[^"]*"[^>]*>/, with: "<span underline=\"single\" foreground=\"#1b6acb\">"
    )
    .replacing("</a>", with: "</span>")
  }
}
