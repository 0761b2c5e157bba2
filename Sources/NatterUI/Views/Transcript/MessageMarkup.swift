import CGtk
import NatterCore

/// Pango markup for a body with clickable links, built only by escaping every piece of user
/// text; nil when the body has no link and is set as plain text instead.
enum MessageMarkup {
  static func markup(for body: String) -> String? {
    let segments = LinkDetector.segments(in: body)
    guard segments.contains(where: { if case .link = $0 { true } else { false } }) else {
      return nil
    }
    var markup = ""
    for segment in segments {
      switch segment {
      case .text(let text):
        markup += escape(text)
      case .link(let url):
        let escaped = escape(url)
        markup += "<a href=\"\(escaped)\">\(escaped)</a>"
      }
    }
    return markup
  }

  /// `g_markup_escape_text`: `<>&'"` become entities, so no user text is ever markup.
  static func escape(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
  }
}
