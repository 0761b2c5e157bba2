import CGtk

/// Accessible properties, over the variadic `gtk_accessible_update_property`.
@MainActor
public enum Accessible {
  public static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
    natter_accessible_set_label(opaque(widget), label)
  }

  public static func setDescription(
    _ widget: UnsafeMutablePointer<GtkWidget>, _ description: String
  ) {
    natter_accessible_set_description(opaque(widget), description)
  }

  /// Hides a purely decorative widget (a placeholder repeating a name) from screen readers.
  public static func setHidden(_ widget: UnsafeMutablePointer<GtkWidget>, _ hidden: Bool) {
    natter_accessible_set_hidden(opaque(widget), hidden.gboolean)
  }
}
