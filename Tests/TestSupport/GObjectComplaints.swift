import CGtk
import Synchronization

/// The warnings and criticals GObject logs (a handler disconnected that is not there, an
/// instance already freed) from now until `stop`, those `relevant` keeps: the tests share one
/// process, and another test's idle may log meanwhile.
@MainActor
public final class GObjectComplaints {
  private final class Log: Sendable {
    let relevant: @Sendable (String) -> Bool
    let messages = Mutex<[String]>([])
    init(_ relevant: @escaping @Sendable (String) -> Bool) { self.relevant = relevant }
  }

  private let log: Log
  private var handler: guint = 0

  public init(relevant: @escaping @Sendable (String) -> Bool) {
    log = Log(relevant)
    let levels = GLogLevelFlags(
      rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue)
    // GLib calls it on whichever thread logs, hence the mutex.
    let record: GLogFunc = { _, _, message, data in
      let log = Unmanaged<Log>.fromOpaque(data!).takeUnretainedValue()
      let text = message.map { String(cString: $0) } ?? ""
      guard log.relevant(text) else { return }
      log.messages.withLock { $0.append(text) }
    }
    // Retained until `stop`, which removes the handler first.
    handler = g_log_set_handler(
      "GLib-GObject", levels, record, Unmanaged.passRetained(log).toOpaque())
  }

  public var messages: [String] { log.messages.withLock { $0 } }

  public func stop() {
    guard handler != 0 else { return }
    g_log_remove_handler("GLib-GObject", handler)
    handler = 0
    Unmanaged.passUnretained(log).release()
  }

  isolated deinit { stop() }
}
