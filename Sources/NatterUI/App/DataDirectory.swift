import Foundation

/// Where the history lives: `--data-dir`, else `$XDG_DATA_HOME/natter`, else
/// `~/.local/share/natter` (SPEC §6).
enum DataDirectory {
  static func resolve(
    _ override: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> URL {
    if let override { return URL(fileURLWithPath: override, isDirectory: true) }
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("natter")
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share/natter")
  }
}
