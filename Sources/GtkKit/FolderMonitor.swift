import CGtk

/// Tells when a file in a folder changes, through GIO's file monitor (inotify on Linux): a
/// window waiting for another process's writes sleeps until one comes, rather than waking to
/// look twice a second for as long as it is open.
@MainActor
public final class FolderMonitor {
  private let monitor: UnsafeMutablePointer<GFileMonitor>

  /// Watches `folder`; `onChange` gets the name of the file of each event in it, at most once
  /// per `rateLimit` milliseconds for a file that keeps changing. Every kind of event is
  /// passed on, so the one GIO sends after a file's last change (the rate limit's trailing
  /// `CHANGED`, or `CHANGES_DONE_HINT`) is too: a reader told of a write that has not quite
  /// landed hears of it again. Nil when GIO cannot watch it.
  public init?(
    folder: String, rateLimit: Int32 = 500,
    onChange: @escaping @MainActor (_ name: String) -> Void
  ) {
    guard let file = g_file_new_for_path(folder) else { return nil }
    defer { g_object_unref(raw(file)) }
    var error: UnsafeMutablePointer<GError>?
    guard let monitor = g_file_monitor_directory(file, G_FILE_MONITOR_NONE, nil, &error) else {
      Log.warning("cannot watch \(folder): \(error.flatMap { string($0.pointee.message) } ?? "")")
      g_clear_error(&error)
      return nil
    }
    self.monitor = monitor
    g_file_monitor_set_rate_limit(monitor, rateLimit)
    Signal.connectFileChanged(raw(monitor)) { changed in
      guard let changed, let name = g_file_get_basename(OpaquePointer(changed)) else { return }
      defer { g_free(name) }
      onChange(String(cString: name))
    }
  }

  isolated deinit {
    g_file_monitor_cancel(monitor)
    g_object_unref(raw(monitor))
  }
}
