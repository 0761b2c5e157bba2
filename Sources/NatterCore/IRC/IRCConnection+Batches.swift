/// What the composer asks before a long paste goes out (SPEC §13): whether it goes as one
/// `draft/multiline` batch here, and how many lines it would take otherwise.
extension IRCConnection {
  /// What one `draft/multiline` batch may hold on this connection; nil where a multi-line
  /// message goes out line by line (paced), which is when a long paste asks first.
  public var multilineLimits: IRCMultilineLimits? { session.multilineBatches }

  /// The PRIVMSGs `message` takes when it goes out line by line on this connection (for the
  /// `Send N lines` question).
  public func lineCount(of message: IRCOutgoing) -> Int {
    message.texts(maxBytes: session.textBudget(target: message.target)).count
  }
}
