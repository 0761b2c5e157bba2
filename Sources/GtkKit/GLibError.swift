import CGtk

/// A GError a GLib call handed back: its message read, and the error freed exactly once.
public enum GLibError {
  /// The message of `error`, which is freed and set to nil; nil when there is no error.
  public static func take(_ error: inout UnsafeMutablePointer<GError>?) -> String? {
    guard let failure = error else { return nil }
    let message = string(failure.pointee.message) ?? ""
    g_clear_error(&error)
    return message
  }
}
