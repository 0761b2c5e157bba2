import CGtk

/// Application-wide CSS.
@MainActor
public enum Style {
  /// Loads `css` for every widget on the default display. GTK 4.8 lacks
  /// `gtk_css_provider_load_from_string` (4.12), so this uses `load_from_data`.
  public static func apply(
    css: String, priority: UInt32 = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)
  ) {
    guard let display = gdk_display_get_default() else { return }
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, css, -1)
    gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), priority)
    g_object_unref(provider)  // the display keeps its own reference
  }
}
