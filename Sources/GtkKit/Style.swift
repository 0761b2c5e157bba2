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

  /// A stylesheet whose rules are replaced while the app runs: colours that follow the light
  /// or dark style.
  @MainActor
  public final class Sheet {
    private let provider = gtk_css_provider_new()

    public init(priority: UInt32 = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)) {
      guard let display = gdk_display_get_default(), let provider else { return }
      gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), priority)
    }

    /// Its rules become `css`, for every widget at once.
    public func load(_ css: String) {
      gtk_css_provider_load_from_data(provider, css, -1)
    }
  }

  /// Hints font metrics, so that every line of text is a whole number of pixels tall. GTK 4.6+
  /// leaves them unhinted by default, and then the lines of one wrapped paragraph sit at
  /// fractional offsets: a composer of three whole lines cannot be three whole pitches tall.
  public static func useWholePixelLines() {
    guard let settings = gtk_settings_get_default() else { return }
    natter_object_set_boolean(UnsafeMutableRawPointer(settings), "gtk-hint-font-metrics", 1)
  }
}
