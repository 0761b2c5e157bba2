/// How a multi-line message goes out as `draft/multiline` batches (SPEC §13): which text each
/// batch carries, and the PRIVMSG pieces it is written as.
///
/// A batch's text is its lines joined by `\n`, as the receiver will join them, so the
/// outbox keeps one text per batch and matches echoes and history by it exactly as it does a
/// PRIVMSG's. The pieces are read from that text when the batch is written.
enum IRCMultilinePlan {
  /// Planning leaves this many bytes a piece to spare, so a nickname that grew by a few
  /// characters on a reconnect does not make a kept batch need more lines than allowed.
  static let margin = 16

  /// The texts of the batches for `message` when a PRIVMSG may carry `maxBytes`, each
  /// within `limits`; nil when it is one PRIVMSG anyway (or an action, which stays CTCP).
  static func batches(
    _ message: IRCOutgoing, maxBytes: Int, limits: IRCMultilineLimits
  ) -> [String]? {
    guard !message.isAction, message.texts(maxBytes: maxBytes).count > 1 else { return nil }
    var lines = message.bodyLines
    // Blank lines at either end say nothing; the spec forbids a message of only blank ones.
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
    guard !lines.isEmpty else { return nil }
    if !message.tags.isEmpty { lines[lines.count - 1] += IRCTagConvention.suffix(message.tags) }
    // A piece never takes more than a whole batch may.
    let budget = max(IRCLineSplitter.minimumBytes, min(maxBytes - margin, limits.maxBytes))
    var batches: [String] = []
    var current: [IRCMultilinePiece] = []
    var bytes = 0
    for line in lines {
      let split = IRCLineSplitter.split(line, maxBytes: budget, keepsSpaces: true)
      for (index, text) in (split.isEmpty ? [""] : split).enumerated() {
        var piece = index == 0 ? IRCMultilinePiece.line(text) : .concat(text)
        let separator = current.isEmpty || index > 0 ? 0 : 1
        if !current.isEmpty,
          current.count >= limits.maxLines || bytes + separator + text.utf8.count > limits.maxBytes
        {
          batches.append(joined(current))
          current = []
          bytes = 0
          // A batch never starts with a continuation: the piece starts a line of its own.
          piece = .line(text)
        }
        bytes += (current.isEmpty || index > 0 ? 0 : 1) + text.utf8.count
        current.append(piece)
      }
    }
    if !current.isEmpty { batches.append(joined(current)) }
    return batches
  }

  /// A batch's text: its pieces joined as the receiver joins them.
  static func joined(_ pieces: [IRCMultilinePiece]) -> String {
    var text = ""
    for (index, piece) in pieces.enumerated() {
      if index > 0, case .line = piece { text += "\n" }
      text += piece.text
    }
    return text
  }

  /// The pieces of a batch's text when a PRIVMSG may carry `maxBytes`: a line each, long
  /// lines split at a space (kept at the end of the piece) with the rest as continuations.
  static func pieces(_ text: String, maxBytes: Int) -> [IRCMultilinePiece] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
      let split = IRCLineSplitter.split(String(line), maxBytes: maxBytes, keepsSpaces: true)
      guard let first = split.first else { return [IRCMultilinePiece.line("")] }
      return [.line(first)] + split.dropFirst().map { .concat($0) }
    }
  }

  /// The lines that write one batch: `BATCH +reference draft/multiline target` with `tags`
  /// (the client tags and label of the whole message, as the spec puts them there), each
  /// piece as a PRIVMSG tagged only with the batch (and the concat tag), and `BATCH -reference`.
  static func lines(
    _ text: String, target: String, reference: String, tags: [String: String], maxBytes: Int
  ) -> [String] {
    let open = IRCMessage(
      tags: tags, command: "BATCH", params: ["+" + reference, IRCMultilineLimits.batchType, target])
    let body = pieces(text, maxBytes: maxBytes).map { piece in
      var lineTags = ["batch": reference]
      if case .concat = piece { lineTags[IRCMultilineLimits.concatTag] = "" }
      return IRCMessage(tags: lineTags, command: "PRIVMSG", params: [target, piece.text])
        .serialized
    }
    return [open.serialized] + body + ["BATCH -" + reference]
  }
}
