import CGtk

/// One GTK initialisation per test process: `gtk_init_check` must not be called again after a
/// failure, and creating a widget after a failed init crashes.
@MainActor
public enum GtkTestEnvironment {
  private static var initialized: Bool?

  /// True when GTK could open a display. GTK tests `#require` this; they run under Xvfb in CI
  /// and fail, rather than skip, without a display.
  public static func start() -> Bool {
    if let initialized { return initialized }
    let result = gtk_init_check() != 0
    initialized = result
    return result
  }
}
