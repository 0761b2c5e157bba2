import Foundation
import GtkKit

/// Finds files from `Resources/` whether Natter runs from the checkout (`swift run`) or from an
/// installed prefix (`<prefix>/bin/natter` with `<prefix>/share/natter/`).
enum ResourceLocator {
  static func url(for name: String) -> URL? {
    candidates().map { $0.appendingPathComponent(name) }
      .first { FileManager.default.fileExists(atPath: $0.path) }
  }

  /// Where the compiled message catalogues are: `<prefix>/share/locale` when installed,
  /// `.build/locale` in the checkout (run.sh and test.sh compile `po/` there).
  static func localeDirectory() -> String {
    if let override = environmentValue("NATTER_LOCALE_DIR") { return override }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
      .resolvingSymlinksInPath().deletingLastPathComponent()
    let installed = executable.deletingLastPathComponent().appendingPathComponent("share/locale")
    let checkout = executable.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("locale")
    return FileManager.default.fileExists(atPath: checkout.path) ? checkout.path : installed.path
  }

  /// From the checkout, where the icons are not installed in the hicolor theme, puts their
  /// folder on the data path GTK reads its icon theme from, before GTK starts. Added to the
  /// running theme instead (`gtk_icon_theme_add_search_path`), it made GTK drop the theme its
  /// worker thread had loaded, read it again and restyle the whole window: after the first
  /// frame, a 16 ms task and a 32 ms frame that an installed Natter never has (issue 32).
  static func exposeCheckoutIcons() {
    guard let icons = url(for: "icons") else { return }
    let folder = icons.deletingLastPathComponent().path
    // Unset or empty means the XDG default, which must stay on the path.
    let system = environmentValue("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 }
    let path = system ?? "/usr/local/share:/usr/share"
    guard !path.split(separator: ":").contains(Substring(folder)) else { return }
    setenv("XDG_DATA_DIRS", folder + ":" + path, 1)
  }

  private static func candidates() -> [URL] {
    var directories: [URL] = []
    if let override = environmentValue("NATTER_RESOURCES_DIR") {
      directories.append(URL(fileURLWithPath: override))
    }
    let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
      .resolvingSymlinksInPath().deletingLastPathComponent()
    directories.append(
      executable.deletingLastPathComponent().appendingPathComponent("share/natter"))
    // From the checkout: .build/<triple>/debug/natter, three levels under the package root.
    var directory = executable
    for _ in 0..<4 {
      directories.append(directory.appendingPathComponent("Resources"))
      directory.deleteLastPathComponent()
    }
    directories.append(
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Resources").standardizedFileURL)
    return directories
  }
}
