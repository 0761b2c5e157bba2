import CGtk
import Foundation
import GtkKit

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

  private static var stylesheetLoaded = false

  /// Natter's own stylesheet (Resources/natter.css) and whole-pixel lines, as the app sets them
  /// up at start, for tests whose figures depend on the app's padding and fonts. Once per run:
  /// it stays for the tests that follow.
  public static func useAppStylesheet() throws {
    Style.useWholePixelLines()
    guard !stylesheetLoaded else { return }
    let css = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Resources/natter.css").standardizedFileURL
    Style.apply(css: try String(contentsOf: css, encoding: .utf8))
    stylesheetLoaded = true
  }
}
