/// `draft/multiline` at the connection (SPEC §13): what the composer asks before a long paste
/// goes out (whether it goes as one batch here, and how many lines it would take otherwise),
/// and the server's refusal of a batch.
extension IRCConnection {
  /// What one `draft/multiline` batch may hold on this connection; nil where a multi-line
  /// message goes out line by line (paced), which is when a long paste asks first.
  public var multilineLimits: IRCMultilineLimits? { session.multilineBatches }

  /// The PRIVMSGs `message` takes when it goes out line by line on this connection (for the
  /// `Send N lines` question).
  public func lineCount(of message: IRCOutgoing) -> Int {
    message.texts(maxBytes: session.textBudget(target: message.target)).count
  }

  /// `FAIL BATCH MULTILINE_MAX_BYTES 4096 :…`: the server would not take a batch of ours.
  static func batchRefused(_ message: IRCMessage) -> IRCServerError {
    let text = message.params.count > 2 ? message.params[message.params.count - 1] : ""
    return IRCServerError(
      code: message.command, target: nil, serverText: text,
      sentence: localized(
        "The server refused this multi-line message (the server says: {text}).",
        ["text": text]))
  }
}
