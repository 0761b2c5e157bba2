/// Which way a keyset page reads from its cursor, in transcript order.
public enum PageDirection: Sendable {
  /// Older messages, newest first (scrolling up; from the newest without a cursor).
  case older
  /// Newer messages, oldest first (scrolling down; from the oldest without a cursor).
  case newer
}
