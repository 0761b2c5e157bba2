import CGtk
import NatterCore

/// How bodies with mIRC formatting are drawn, the same in every transcript: shown (in the
/// colours of the light or dark style in use) or stripped, as Preferences say. The rules are
/// `FormattedBody`'s; this turns its spans into Pango attributes on a label whose text is
/// the plain body, so nothing a sender writes is ever read as markup.
@MainActor
enum BodyFormatting {
  /// Preferences' `Show text formatting`.
  static var isShown = true
  /// Whether the dark style is in use, for the colours.
  static var isDark = false

  /// The attributes for `message` shown as `text`, or nil when it is drawn plain. The caller
  /// owns the list (`pango_attr_list_unref`).
  static func attributes(for message: Message, shown text: String) -> OpaquePointer? {
    guard isShown, message.formatted != nil else { return nil }
    let spans = FormattedBody.spans(of: message, shown: text, dark: isDark)
    guard !spans.isEmpty, let list = pango_attr_list_new() else { return nil }
    for span in spans {
      for attribute in attributes(of: span) {
        attribute.pointee.start_index = guint(span.range.lowerBound)
        attribute.pointee.end_index = guint(span.range.upperBound)
        pango_attr_list_insert(list, attribute)
      }
    }
    return list
  }

  private static func attributes(of span: FormattedBody.Span)
    -> [UnsafeMutablePointer<PangoAttribute>]
  {
    var made: [UnsafeMutablePointer<PangoAttribute>?] = []
    if span.traits.contains(.bold) { made.append(pango_attr_weight_new(PANGO_WEIGHT_BOLD)) }
    if span.traits.contains(.italic) { made.append(pango_attr_style_new(PANGO_STYLE_ITALIC)) }
    if span.traits.contains(.underline) {
      made.append(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE))
    }
    if span.traits.contains(.strikethrough) { made.append(pango_attr_strikethrough_new(1)) }
    if span.traits.contains(.monospace) { made.append(pango_attr_family_new("monospace")) }
    if let color = span.foreground {
      made.append(pango_attr_foreground_new(wide(color.red), wide(color.green), wide(color.blue)))
    }
    if let color = span.background {
      made.append(pango_attr_background_new(wide(color.red), wide(color.green), wide(color.blue)))
    }
    return made.compactMap { $0 }
  }

  /// A 0…255 channel as Pango's 0…65535.
  private static func wide(_ channel: Int) -> guint16 { guint16(channel * 257) }
}
