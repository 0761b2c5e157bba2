import CGtk

/// Tooltips without a round trip to the X server.
///
/// GTK 4.8's `gtk_widget_set_tooltip_text` ends by asking the display where the pointer is
/// (`gdk_device_get_surface_at_position`: a synchronous `XQueryPointer`) on any visible widget,
/// even one in no window, whose tooltip cannot be showing. Filling 200 list rows that way was
/// four fifths of the time a 20,000-member NAMES or a `/list` kept the window from drawing
/// (issue 32).
@MainActor
public enum Tooltip {
  /// Sets `widget`'s tooltip (`nil` or empty: none), which is also its accessible description,
  /// as `gtk_widget_set_tooltip_text` does; nothing at all when it says that already. Only a
  /// widget in a window asks where the pointer is, so a tooltip under it updates at once.
  public static func set(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String?) {
    let wanted = text?.isEmpty == false ? text : nil
    guard string(gtk_widget_get_tooltip_text(widget)) != wanted else { return }
    let quiet = gtk_widget_get_root(widget) == nil && gtk_widget_get_visible(widget) != 0
    if quiet { gtk_widget_set_visible(widget, 0) }
    gtk_widget_set_tooltip_text(widget, wanted)
    if quiet { gtk_widget_set_visible(widget, 1) }
  }

  /// For a widget refilled often (a list row): `text` (`nil` or empty: none) is kept and given
  /// to GTK only when it asks, as the pointer rests there. Unlike `set`, it is not the
  /// accessible description, and a tooltip already showing keeps its text until asked again.
  public static func setAsked(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String?) {
    natter_widget_set_asked_tooltip(widget, text)
  }

  /// What `setAsked` keeps for `widget`, nil when none.
  public static func asked(_ widget: UnsafeMutablePointer<GtkWidget>) -> String? {
    string(natter_widget_get_asked_tooltip(widget))
  }
}
