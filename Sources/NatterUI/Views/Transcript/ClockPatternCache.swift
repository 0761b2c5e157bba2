import CGtk
import Foundation
import GtkKit
import NatterCore

/// The locale's time pattern kept between starts in `$XDG_CACHE_HOME/natter/clock-pattern`:
/// asking ICU for it costs milliseconds before the first frame of any history (issue 19). A
/// missing, unreadable or other locale's file means asking ICU, and writing the answer.
enum ClockPatternCache {
  static var file: URL {
    URL(fileURLWithPath: string(g_get_user_cache_dir()) ?? NSTemporaryDirectory())
      .appendingPathComponent("natter").appendingPathComponent("clock-pattern")
  }

  static func load(for locale: String, from file: URL = file) -> ClockPattern? {
    guard let line = try? String(contentsOf: file, encoding: .utf8) else { return nil }
    return ClockPattern(cacheLine: line.trimmingCharacters(in: .newlines), for: locale)
  }

  /// Keeps `pattern` in place of what the file held; a cache that cannot be written only costs
  /// the next start its ICU call.
  static func save(_ pattern: ClockPattern, for locale: String, to file: URL = file) {
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try (pattern.cacheLine(for: locale) + "\n").write(to: file, atomically: true, encoding: .utf8)
    } catch {
      Log.debug("could not keep the clock pattern in \(file.path): \(error)")
    }
  }
}
