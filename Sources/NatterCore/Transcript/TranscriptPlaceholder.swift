/// What the transcript says in the middle of an empty list, so that an empty window reads as
/// "nothing here yet" rather than as broken.
public enum TranscriptPlaceholder {
  /// No message has been sent or received yet.
  public static let noMessages = localized("No messages yet")
  /// A search found nothing.
  public static let noMatches = localized("No messages match")

  /// The text to show over a list of `rowCount` rows, or nil while there are rows.
  public static func text(rowCount: Int, searching: Bool) -> String? {
    guard rowCount == 0 else { return nil }
    return searching ? noMatches : noMessages
  }
}
