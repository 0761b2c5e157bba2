import CGtk

/// GLib structured logging in the `natter` domain; `G_MESSAGES_DEBUG=natter` shows debug lines.
public enum Log {
  public static func debug(_ message: String) { natter_log(G_LOG_LEVEL_DEBUG, message) }
  public static func info(_ message: String) { natter_log(G_LOG_LEVEL_INFO, message) }
  public static func warning(_ message: String) { natter_log(G_LOG_LEVEL_WARNING, message) }
}
