import CGtk

/// Text for GMarkup: Pango markup and GtkBuilder XML.
public enum Markup {
  /// `text` escaped by GLib's `g_markup_escape_text`: `&`, `<`, `>`, both quotes, and control
  /// characters as character references GMarkup accepts. Text stops at a NUL, as any C string.
  public static func escape(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
  }
}
