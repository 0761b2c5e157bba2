import CGtk

/// One environment variable: `ProcessInfo.processInfo.environment` copies every variable into
/// a dictionary at each call, which a dozen calls at start-up paid for (issue 19).
public func environmentValue(_ name: String) -> String? {
  g_getenv(name).map { String(cString: $0) }
}
