/// Received `draft/multiline` batches, collected until they end (SPEC §13): each becomes one
/// PRIVMSG whose text is its lines joined by `\n` (a `draft/multiline-concat` line joined
/// with no break), with the tags and source of the opening `BATCH` line, where the `msgid`,
/// `time`, `label` and client tags of the whole message travel. The connection reads that
/// PRIVMSG as it reads any, so an echo of ours confirms the outbox entry and a batch inside
/// a `chathistory` batch joins the history.
struct IRCMultilineInbox: Equatable, Sendable {
  /// Bounds, so a broken or hostile server cannot make the state grow without end: what a
  /// batch holds beyond them is dropped, and the oldest open batch ends when too many are.
  static let maxOpen = 8
  static let maxLines = IRCMultilineLimits.maxLinesBound * 2
  static let maxBytes = IRCMultilineLimits.maxBytesBound

  private struct Open: Equatable, Sendable {
    var start: IRCMessage
    var target: String
    var command: String?
    var source: String?
    var lines: [String] = []
    var bytes = 0
  }

  private var open: [String: Open] = [:]
  private var order: [String] = []
  /// Open `labeled-response` batches and their labels: a server may wrap the echo of our
  /// batch in one, with the label there rather than on the batch itself.
  private var labelled: [String: String] = [:]

  var footprint: Int {
    open.values.reduce(open.count) { $0 + $1.lines.count } + labelled.count
  }

  /// Takes `message` when it opens, continues or closes a multi-line batch: the messages
  /// that completed (none while one is collecting); nil when it is not one of those lines.
  mutating func receive(_ message: IRCMessage, casemapping: IRCCasemapping) -> [IRCMessage]? {
    if message.command == "BATCH" { return batch(message) }
    guard message.command == "PRIVMSG" || message.command == "NOTICE",
      let reference = message.tags["batch"], var batch = open[reference]
    else { return nil }
    // Every line has the batch's target and one command; another is not part of it.
    guard message.params.count >= 2, casemapping.equal(message.params[0], batch.target),
      batch.command == nil || batch.command == message.command
    else { return [] }
    batch.command = message.command
    batch.source = batch.source ?? message.source
    let text = message.params[1]
    let concat = message.tags[IRCMultilineLimits.concatTag] != nil && !batch.lines.isEmpty
    let added = text.utf8.count + (concat || batch.lines.isEmpty ? 0 : 1)
    guard batch.bytes + added <= Self.maxBytes, concat || batch.lines.count < Self.maxLines
    else { return [] }
    if concat {
      batch.lines[batch.lines.count - 1] += text
    } else {
      batch.lines.append(text)
    }
    batch.bytes += added
    open[reference] = batch
    return []
  }

  /// Every open batch as far as it came, oldest first (the connection ended): what arrived
  /// is real.
  mutating func flush() -> [IRCMessage] {
    defer {
      open = [:]
      order = []
      labelled = [:]
    }
    return order.compactMap { open[$0].flatMap(Self.cutShort) }
  }

  /// What arrived of a batch that never ended, without the ids of the whole message: stored
  /// under its `msgid`, it would make the whole message a duplicate when a history brings it.
  private static func cutShort(_ batch: Open) -> IRCMessage? {
    guard var message = message(batch) else { return nil }
    for tag in ["msgid", "label", IRCOutbox.idTag, IRCOutbox.partTag] {
      message.tags[tag] = nil
    }
    return message
  }

  private mutating func batch(_ message: IRCMessage) -> [IRCMessage]? {
    guard let reference = message.params.first, reference.count > 1 else { return nil }
    let id = String(reference.dropFirst())
    if reference.hasPrefix("+"), message.params.count >= 2,
      message.params[1] == "labeled-response", let label = message.tags["label"]
    {
      if labelled.count < Self.maxOpen { labelled[id] = label }
      return nil  // the channels' batch bookkeeping sees it too
    }
    if reference.hasPrefix("-"), labelled.removeValue(forKey: id) != nil { return nil }
    if reference.hasPrefix("+") {
      guard message.params.count >= 3, message.params[1] == IRCMultilineLimits.batchType,
        !message.params[2].isEmpty
      else { return nil }
      var start = message
      if start.tags["label"] == nil, let outer = start.tags["batch"],
        let label = labelled[outer]
      {
        start.tags["label"] = label
      }
      var completed: [IRCMessage] = []
      if let old = open.removeValue(forKey: id) {
        // The same reference again: the first one is over.
        order.removeAll { $0 == id }
        completed += Self.message(old).map { [$0] } ?? []
      }
      if order.count >= Self.maxOpen {
        let oldest = order.removeFirst()
        completed += open.removeValue(forKey: oldest).flatMap(Self.cutShort).map { [$0] } ?? []
      }
      open[id] = Open(start: start, target: message.params[2], source: message.source)
      order.append(id)
      return completed
    }
    guard reference.hasPrefix("-"), let batch = open.removeValue(forKey: id) else { return nil }
    order.removeAll { $0 == id }
    return Self.message(batch).map { [$0] } ?? []
  }

  /// The one message a batch makes; nil for a batch with no line.
  private static func message(_ batch: Open) -> IRCMessage? {
    guard !batch.lines.isEmpty else { return nil }
    return IRCMessage(
      tags: batch.start.tags, source: batch.source, command: batch.command ?? "PRIVMSG",
      params: [batch.target, batch.lines.joined(separator: "\n")])
  }
}
