import CGtk
import Foundation
import GtkKit
import NatterCore

/// Where the preferences live on disk (`$XDG_CONFIG_HOME/natter/settings.ini`, SPEC §6), and
/// their loading and saving. A missing, unreadable or damaged file gives defaults and a log
/// line; it never stops the app.
public struct SettingsFile {
  public let url: URL

  init(url: URL) {
    self.url = url
  }

  /// The file for `environment`: `$XDG_CONFIG_HOME/natter/settings.ini`, or
  /// `~/.config/natter/settings.ini` when that is unset or relative (the XDG spec says to
  /// ignore relative paths).
  public init(environment: [String: String] = processEnvironment("XDG_CONFIG_HOME", "HOME")) {
    let base: URL
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      base = URL(fileURLWithPath: config, isDirectory: true)
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
      base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config")
    }
    url = base.appendingPathComponent("natter").appendingPathComponent("settings.ini")
  }

  /// The saved settings, or defaults where the file is missing or a value is not understood.
  public func load() -> Settings {
    guard FileManager.default.fileExists(atPath: url.path) else { return Settings() }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      Log.warning("could not read \(url.path), using default settings: \(error)")
      return Settings()
    }
    guard let text = String(data: data, encoding: .utf8) else {
      Log.warning("\(url.path) is not UTF-8 text; using default settings")
      return Settings()
    }
    var problems: [String] = []
    let settings = Settings(keyFile: text, problems: &problems)
    for problem in problems {
      Log.warning("\(url.path): \(problem); using the default")
    }
    return settings
  }

  /// Writes `settings` atomically (GLib writes a temporary file, syncs it and renames it over
  /// the old one), so a crash mid-save leaves the old file or the new one, never half of each.
  /// Returns false, after logging why, when the file could not be written.
  @discardableResult
  public func save(_ settings: Settings) -> Bool {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      Log.warning("could not create \(directory.path); settings not saved: \(error)")
      return false
    }
    var error: UnsafeMutablePointer<GError>?
    let text = settings.keyFileText
    let written = g_file_set_contents(url.path, text, gssize(text.utf8.count), &error)
    if written == 0 {
      let reason = GLibError.take(&error) ?? localized("unknown error")
      Log.warning("could not save settings to \(url.path): \(reason)")
      return false
    }
    return true
  }
}
