/// What a screen reader hears for a selected row (SPEC §13): sender, text and time, so the
/// focused row is the whole message and not only its first label.
public enum MessageReading {
  /// The most characters of a body put in the name.
  public static let maxRead = 500

  /// `bob: hello there, 14:05`; a status line without a sender: `alice joined, 14:05`.
  public static func accessibleName(of message: Message, time: String) -> String {
    // A 100,000-character body is not read out whole; the row's own text is there for that.
    let body = MessageDisplay.body(of: message)
    // Counting only as far as the cut: every bind of a row names it.
    let head = body.prefix(maxRead + 1)
    let text = head.count > maxRead ? String(head.prefix(maxRead)) + "…" : body
    if message.kind == .status || message.kind == .action {
      return localized("{text}, {time}", ["text": text, "time": time])
    }
    return localized(
      "{sender}: {text}, {time}", ["sender": message.sender, "text": text, "time": time])
  }
}
