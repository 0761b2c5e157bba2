import CGtk

/// GLib structured logging in the `natter` domain; `G_MESSAGES_DEBUG=natter` shows debug lines.
public enum Log {
  /// The message is only made when it will be shown: interpolating values (an IRC account, each
  /// line sent) cost half a million instructions of a start with an account (issue 19).
  public static func debug(_ message: @autoclosure () -> String) {
    guard g_log_writer_default_would_drop(G_LOG_LEVEL_DEBUG, "natter") == 0 else { return }
    natter_log(G_LOG_LEVEL_DEBUG, message())
  }
  public static func info(_ message: String) { natter_log(G_LOG_LEVEL_INFO, message) }
  public static func warning(_ message: String) { natter_log(G_LOG_LEVEL_WARNING, message) }
}
