import Foundation

/// Delivery: pending messages in order, each line written once per connection, confirmed by
/// the server's echo (by `label` with `labeled-response`, else the next echo of the same
/// target and text), written again after a reconnect only while unconfirmed, and failed with
/// the server's reason when it refuses one.
struct IRCOutbox: Equatable, Sendable {
  /// Pending messages in the order they were sent; the store may keep and restore them.
  private(set) var entries: [IRCOutboxEntry]
  /// Lines of each entry written on this connection (by message id).
  private var written: [String: Int] = [:]
  /// One written line: the message it belongs to and its index.
  private struct LineRef: Equatable, Sendable {
    let id: String
    let line: Int
  }

  /// `label` → the line it was written with, for this connection.
  private var labels: [String: LineRef] = [:]
  /// Never reused, so a late echo cannot confirm the wrong line.
  private var nextLabel = 1
  /// The reference of our next `draft/multiline` batch.
  private var nextBatch = 1

  /// The client tag carrying the message's local id on every line, so played-back history
  /// shows which of our messages reached the server.
  static let idTag = "+natter.org/id"
  /// The client tag numbering the lines of a message sent as several (from 1), so played-back
  /// history shows each line as a part of the one message, not as a message of its own.
  static let partTag = "+natter.org/part"

  /// Messages that may have reached the server without its echo reaching us (written before
  /// a crash or before the connection dropped): held, with every later message to the same
  /// target, until a history says whether they arrived. Never written again on a guess.
  private var doubts: Set<String>

  /// Flood protection for message lines.
  private var budget: IRCSendBudget
  /// When the budget lets the next waiting line go; nil when nothing waits for it.
  private(set) var resumeAt: Date?

  init(entries: [IRCOutboxEntry] = [], budget: IRCSendBudget = .standard) {
    self.entries = entries
    self.budget = budget
    doubts = Set(
      entries.filter { entry in entry.texts.map { entry.confirmedLines < $0.count } ?? false }
        .map(\.message.id))
  }

  var hasDoubts: Bool { !doubts.isEmpty }

  /// The targets of messages in doubt, in the order they were sent.
  var doubtfulTargets: [String] {
    var seen: [String] = []
    for entry in entries where doubts.contains(entry.message.id) {
      if !seen.contains(entry.message.target) { seen.append(entry.message.target) }
    }
    return seen
  }

  /// Nothing can tell whether these reached the server: each fails with a sentence that says
  /// so, and `Retry` is the user's choice. Sending again on a guess could deliver it twice.
  mutating func failDoubts(where include: (String) -> Bool) -> [IRCEffect] {
    var effects: [IRCEffect] = []
    for entry in entries where doubts.contains(entry.message.id) && include(entry.message.target) {
      doubts.remove(entry.message.id)
      entries.removeAll { $0.message.id == entry.message.id }
      written[entry.message.id] = nil
      let reason = localized(
        "The connection dropped before the server confirmed this message, and the server "
          + "keeps no history that shows whether it reached {target}. It was not sent again.",
        ["target": entry.message.target])
      effects.append(.event(.messageFailed(id: entry.message.id, reason: reason)))
    }
    return effects
  }

  /// Confirms the in-doubt messages to `target` whose lines are in `history` and releases the
  /// others; then writes what may go.
  mutating func reconcile(
    target: String, history: [IRCIncomingMessage], session: IRCSession, at now: Date
  ) -> [IRCEffect] {
    let map = session.support.casemapping
    var effects: [IRCEffect] = []
    for entry in entries
    where doubts.contains(entry.message.id) && map.equal(entry.message.target, target) {
      doubts.remove(entry.message.id)
      // By the id alone: after a drop the server may still hold our old nickname, so the
      // new connection runs as `nick_` and the history shows the line under the old one.
      let seen = history.filter { $0.clientID == entry.message.id }
      guard let first = seen.first, var current = entries.first(where: { $0 == entry }) else {
        continue
      }
      current.confirmedLines = max(current.confirmedLines, Self.linesShown(seen))
      if current.msgid == nil {
        current.msgid = first.msgid
        current.time = first.time
      }
      if current.confirmedLines >= (current.texts?.count ?? 0) {
        entries.removeAll { $0.message.id == entry.message.id }
        effects.append(
          .event(.echoConfirmed(id: entry.message.id, msgid: current.msgid, time: current.time)))
      } else if let index = entries.firstIndex(where: { $0.message.id == entry.message.id }) {
        entries[index] = current
        effects.append(
          .event(
            .deliveryProgress(id: entry.message.id, confirmedLines: current.confirmedLines)))
      }
    }
    return effects + (session.registered ? flush(session: session, at: now) : [])
  }

  /// How many lines, from the first, a history shows of one message: by their part numbers,
  /// or by their count for lines a Natter without them wrote.
  private static func linesShown(_ lines: [IRCIncomingMessage]) -> Int {
    let parts = Set(lines.compactMap(\.clientPart))
    guard !parts.isEmpty else { return lines.count }
    var shown = 0
    while parts.contains(shown + 1) { shown += 1 }
    return shown
  }

  var footprint: Int { entries.count + written.count + labels.count }

  /// The connection ended: what was written and not echoed is in doubt, and nothing is
  /// written on the next one yet.
  mutating func reset() {
    for entry in entries where (written[entry.message.id] ?? 0) > entry.confirmedLines {
      doubts.insert(entry.message.id)
    }
    written = [:]
    labels = [:]
    resumeAt = nil
    budget.refill()
  }

  mutating func enqueue(_ message: IRCOutgoing, session: IRCSession, at now: Date)
    -> [IRCEffect]
  {
    guard !entries.contains(where: { $0.message.id == message.id }) else { return [] }
    entries.append(IRCOutboxEntry(message: message))
    return session.registered ? flush(session: session, at: now) : []
  }

  /// Writes the lines not yet written on this connection, in order, as fast as the budget
  /// allows; the rest wait for `resumeAt`.
  mutating func flush(session: IRCSession, at now: Date) -> [IRCEffect] {
    resumeAt = nil
    var effects: [IRCEffect] = []
    var fixed = false
    var index = 0
    let map = session.support.casemapping
    let held = entries.filter { doubts.contains($0.message.id) }.map(\.message.target)
    while index < entries.count {
      var entry = entries[index]
      // Order within a target holds: nothing overtakes a message still in doubt.
      if held.contains(where: { map.equal($0, entry.message.target) }) {
        index += 1
        continue
      }
      var wasFixed = entry.texts != nil
      if wasFixed, entry.batched == true, session.multilineBatches == nil {
        // A server without `draft/multiline` now: a batch cannot go as one PRIVMSG. One
        // written here waits for its echo as it is (planned again, it would come back as
        // lines that match none of the new ones); a reconnect puts it in doubt.
        if (written[entry.message.id] ?? 0) > entry.confirmedLines {
          index += 1
          continue
        }
        guard entry.confirmedLines == 0 else {
          entries.remove(at: index)
          written[entry.message.id] = nil
          fixed = true
          effects.append(.event(.messageFailed(id: entry.message.id, reason: Self.noBatches)))
          continue
        }
        (entry.texts, entry.batched, wasFixed) = (nil, nil, false)
      }
      let maxBytes = session.textBudget(target: entry.message.target)
      if entry.texts == nil {
        let batches = session.multilineBatches.flatMap {
          IRCMultilinePlan.batches(entry.message, maxBytes: maxBytes, limits: $0)
        }
        entry.batched = batches == nil ? nil : true
        entry.texts = batches ?? entry.message.texts(maxBytes: maxBytes)
      }
      let texts = entry.texts ?? []
      var line = max(entry.confirmedLines, written[entry.message.id] ?? 0)
      var waitingLines = 1
      while line < texts.count {
        if entry.batched == true {
          // The whole batch or nothing: a batch left open would hold everything after it.
          waitingLines = IRCMultilinePlan.pieces(texts[line], maxBytes: maxBytes).count
          guard budget.take(waitingLines, at: now) else { break }
          effects += batch(entry, line: line, maxBytes: maxBytes, session: session).map {
            .write($0)
          }
        } else {
          guard budget.take(at: now) else { break }
          effects.append(.write(privmsg(entry, line: line, session: session)))
        }
        line += 1
      }
      // The lines are fixed once one is written (a restart re-sends the same ones, and a
      // message with fixed lines counts as possibly sent), not while it only waits.
      if wasFixed || line > 0 { entries[index] = entry }
      if !wasFixed, line > 0 { fixed = true }
      written[entry.message.id] = max(line, written[entry.message.id] ?? 0)
      if line < texts.count {
        // Spent: this line and everything after it wait, so order holds.
        resumeAt = budget.next(lines: waitingLines, at: now)
        break
      }
      if !session.has("echo-message") {
        // Nothing will come back: written is as confirmed as it gets.
        entries.remove(at: index)
        effects.append(.event(.echoConfirmed(id: entry.message.id, msgid: nil, time: nil)))
        continue
      }
      index += 1
    }
    // Kept before the writes: a crash after them finds the lines they wrote.
    return fixed ? [.outboxChanged] + effects : effects
  }

  /// Why a message kept as batches fails on a server that no longer takes them.
  static var noBatches: String {
    localized(
      "The server no longer takes multi-line messages, and part of this one had gone out "
        + "already. The rest was not sent.")
  }

  /// The lines of batch `line` of `entry`, the message's tags on its opening line.
  private mutating func batch(
    _ entry: IRCOutboxEntry, line: Int, maxBytes: Int, session: IRCSession
  ) -> [String] {
    let reference = "natter\(nextBatch)"
    nextBatch += 1
    return IRCMultilinePlan.lines(
      entry.texts?[line] ?? "", target: entry.message.target, reference: reference,
      tags: tags(entry, line: line, session: session), maxBytes: maxBytes)
  }

  private mutating func privmsg(_ entry: IRCOutboxEntry, line: Int, session: IRCSession) -> String {
    let text = entry.texts?[line] ?? ""
    return IRCMessage(
      tags: tags(entry, line: line, session: session), command: "PRIVMSG",
      params: [entry.message.target, text]
    )
    .serialized
  }

  /// The tags of line (or batch) `line` of `entry`; a label when the echo will carry it.
  private mutating func tags(_ entry: IRCOutboxEntry, line: Int, session: IRCSession)
    -> [String: String]
  {
    var tags: [String: String] = [:]
    if session.has("message-tags"), !entry.message.tags.isEmpty {
      tags[IRCTagConvention.clientTag] = IRCTagConvention.tagValue(entry.message.tags)
    }
    if session.has("message-tags") {
      tags[Self.idTag] = entry.message.id
      if (entry.texts?.count ?? 0) > 1 { tags[Self.partTag] = String(line + 1) }
    }
    if let reply = entry.message.replyTo, session.allowsClientTag(IRCClientTags.reply) {
      tags[IRCClientTags.reply] = reply
    }
    if session.has("labeled-response"), session.has("echo-message") {
      let label = "n\(nextLabel)"
      nextLabel += 1
      labels[label] = LineRef(id: entry.message.id, line: line)
      tags["label"] = label
    }
    return tags
  }

  /// Our own PRIVMSG or NOTICE came back: the effects of confirming it, or nil when it matches
  /// nothing pending (sent by another client of ours).
  mutating func echo(_ message: IRCMessage, session: IRCSession) -> [IRCEffect]? {
    guard message.params.count >= 2 else { return nil }
    let target = message.params[0]
    let text = message.params[1]
    var match: (index: Int, line: Int)?
    if let label = message.tags["label"], let known = labels.removeValue(forKey: label) {
      if let index = entries.firstIndex(where: { $0.message.id == known.id }) {
        match = (index, known.line)
      }
    } else {
      let map = session.support.casemapping
      for (index, entry) in entries.enumerated() {
        let line = entry.confirmedLines
        guard line < (written[entry.message.id] ?? 0), let texts = entry.texts else { continue }
        if map.equal(entry.message.target, target), texts[line] == text {
          match = (index, line)
          break
        }
      }
    }
    guard let match else { return nil }
    var entry = entries[match.index]
    guard match.line == entry.confirmedLines else { return [] }  // an echo out of order
    var effects: [IRCEffect] = []
    if entry.confirmedLines == 0 {
      entry.msgid = message.tags["msgid"]
      entry.time = message.tags["time"].flatMap(IRCServerTime.parse)
    } else if let msgid = message.tags["msgid"] {
      // A history played back later shows this line under its own msgid.
      effects.append(.event(.lineEchoed(id: entry.message.id, msgid: msgid)))
    }
    entry.confirmedLines += 1
    if entry.confirmedLines >= (entry.texts?.count ?? 0) {
      entries.remove(at: match.index)
      written[entry.message.id] = nil
      return effects + [
        .event(.echoConfirmed(id: entry.message.id, msgid: entry.msgid, time: entry.time))
      ]
    }
    entries[match.index] = entry
    return effects + [
      .event(.deliveryProgress(id: entry.message.id, confirmedLines: entry.confirmedLines))
    ]
  }

  /// A refusal (404, 489, …): the message it is about fails with the server's reason. Found by
  /// `label`, else the oldest written, unconfirmed message to that target.
  /// - Parameter batchesOnly: a `FAIL BATCH`, which names no target, is about a batch.
  mutating func refuse(
    _ message: IRCMessage, error: IRCServerError, session: IRCSession, batchesOnly: Bool = false
  ) -> [IRCEffect]? {
    var index: Int?
    func awaiting(_ entry: IRCOutboxEntry) -> Bool {
      entry.confirmedLines < (written[entry.message.id] ?? 0)
        && (!batchesOnly || entry.batched == true)
    }
    if let label = message.tags["label"], let known = labels.removeValue(forKey: label) {
      index = entries.firstIndex { $0.message.id == known.id }
    } else if let target = error.target {
      let map = session.support.casemapping
      index = entries.firstIndex { entry in
        map.equal(entry.message.target, target) && awaiting(entry)
      }
    } else {
      index = entries.firstIndex(where: awaiting)
    }
    guard let index else { return nil }
    let entry = entries.remove(at: index)
    written[entry.message.id] = nil
    labels = labels.filter { $0.value.id != entry.message.id }
    return [.event(.messageFailed(id: entry.message.id, reason: error.sentence))]
  }
}
