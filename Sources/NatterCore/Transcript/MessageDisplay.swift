/// How a stored message reads in the transcript, beyond its body: actions as `* nick text`,
/// and the delivery note under a message on its way out (SPEC §9).
public enum MessageDisplay {
  /// The text of the row's body.
  public static func body(of message: Message) -> String {
    switch message.kind {
    case .action: return "* \(message.sender) \(message.body)"
    case .message, .notice, .status: return message.body
    }
  }

  /// The header's sender line: `bob`, `bob (notice)` for a notice (as irssi and weechat mark
  /// theirs), and with results from every conversation where it is (`bob in #gtk on Libera`).
  public static func senderLine(of message: Message, place: String? = nil) -> String {
    let sender =
      message.kind == .notice
      ? localized("{sender} (notice)", ["sender": message.sender]) : message.sender
    return place.map { localized("{sender} in {place}", ["sender": sender, "place": $0]) }
      ?? sender
  }

  /// `Sending…` while pending (beside a clock), the server's reason when failed (it is a
  /// whole sentence: "Your message could not be sent to #natter (the server says: …)."),
  /// nil once sent.
  public static func deliveryNote(of message: Message) -> String? {
    switch message.delivery {
    case .sent: return nil
    case .pending: return localized("Sending…")
    case .failed: return message.failureReason ?? localized("The server refused this message.")
    }
  }

  /// Whether the row offers `Retry`.
  /// A notification's title: who wrote, and where when it is not a private message; with
  /// several networks, which one (SPEC §11).
  public static func notificationTitle(of message: Message, isPrivate: Bool, network: String?)
    -> String
  {
    switch (isPrivate, network) {
    case (true, nil): return message.sender
    case (true, let network?):
      return localized("{nick} on {network}", ["nick": message.sender, "network": network])
    case (false, nil): return localized("{nick} mentioned you", ["nick": message.sender])
    case (false, let network?):
      return localized(
        "{nick} mentioned you on {network}", ["nick": message.sender, "network": network])
    }
  }

  public static func offersRetry(_ message: Message) -> Bool { message.delivery == .failed }

  /// Whether a message raises a desktop notification: a mention or a private message from
  /// someone else, while the window is not the active one (SPEC §9). The one rule: the host
  /// asks it of every message it receives.
  public static func notifies(
    _ message: Message, isPrivate: Bool, isOwn: Bool, windowActive: Bool
  ) -> Bool {
    guard !windowActive, !isOwn, message.kind != .status, message.delivery == .sent else {
      return false
    }
    return message.mentionsMe || isPrivate
  }
}
