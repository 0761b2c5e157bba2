import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Conversations, messages from a server and the outbox (SPEC §6, §9).
@Suite struct ConversationStoreTests {
  private let channel = "ircs://irc.test/#natter"

  private func received(_ n: Int, msgid: String?, body: String? = nil) -> Message {
    var message = Fixtures.message(n, sender: "bob", body: body)
    message.conversation = channel
    message.msgid = msgid
    return message
  }

  private func outgoing(_ message: Message) -> IRCOutboxEntry {
    IRCOutboxEntry(
      message: IRCOutgoing(id: message.id, target: "#natter", body: message.body))
  }

  @Test func conversationsPageSeparately() throws {
    let store = try MessageStore.inMemory()
    try store.insert(Fixtures.message(1))
    try store.insertReceived([received(2, msgid: "a"), received(3, msgid: "b")])
    #expect(try store.count(conversation: Message.notes) == 1)
    #expect(try store.count(conversation: channel) == 2)
    #expect(try store.count() == 3)
    let newest = try store.messages(in: channel, .older, from: nil, limit: 10)
    #expect(newest.map(\.msgid) == ["b", "a"])
    #expect(newest.allSatisfy { $0.conversation == channel })
    let older = try store.messages(in: channel, .older, from: MessageCursor(newest[0]), limit: 10)
    #expect(older.map(\.msgid) == ["a"])
    let newer = try store.messages(in: channel, .newer, from: MessageCursor(older[0]), limit: 10)
    #expect(newer.map(\.msgid) == ["b"])
    #expect(try store.messages(in: channel, .newer, from: nil, limit: 1).map(\.msgid) == ["a"])
    #expect(try store.messages(in: channel, fromPosition: 1, limit: 5).map(\.msgid) == ["b"])
    // A search result's place in its own conversation, not in the whole history.
    #expect(try store.position(of: MessageCursor(newest[0]), in: channel) == 1)
    #expect(try store.position(of: MessageCursor(newest[1]), in: channel) == 0)
    #expect(try store.position(of: MessageCursor(newest[0]), in: Message.notes) == 1)
    #expect(try store.messages(in: Message.notes, .older, from: nil, limit: 10).count == 1)
  }

  @Test func receivedMessagesAreDeduplicatedByMsgidElseByTimeSenderAndText() throws {
    let store = try MessageStore.inMemory()
    let first = try store.insertReceived([received(1, msgid: "x"), received(2, msgid: nil)])
    #expect(first.count == 2)
    // The same again, as a history playback would give them, under new local ids.
    var replayed = received(1, msgid: "x")
    replayed = Message(
      id: "other", sender: replayed.sender, sentAt: replayed.sentAt, body: replayed.body,
      conversation: channel, msgid: "x")
    var again = received(2, msgid: nil)
    again = Message(
      id: "another", sender: again.sender, sentAt: again.sentAt, body: again.body,
      conversation: channel)
    #expect(try store.insertReceived([replayed, again, received(3, msgid: "y")]).count == 1)
    #expect(try store.count(conversation: channel) == 3)
  }

  @Test func theOutboxIsThePendingRowsUntilConfirmed() throws {
    let dir = try TemporaryDirectory()
    var message = Fixtures.message(1, body: "hello")
    message.conversation = channel
    do {
      let store = try Fixtures.store(in: dir)
      try store.insertPending(message, entry: outgoing(message))
      #expect(try store.message(id: message.id)?.delivery == .pending)
    }
    // A new process finds the outbox where the old one left it.
    let store = try Fixtures.store(in: dir)
    var entries = try store.pendingOutbox()
    #expect(entries.map(\.message.id) == [message.id])
    entries[0].texts = ["hello"]
    try store.updateOutbox(entries[0])
    #expect(try store.pendingOutbox().first?.texts == ["hello"])
    let time = Fixtures.baseDate.addingTimeInterval(100)
    let confirmed = try #require(try store.confirm(id: message.id, msgid: "srv1", time: time).first)
    #expect(confirmed.delivery == .sent && confirmed.msgid == "srv1" && confirmed.sentAt == time)
    #expect(try store.pendingOutbox().isEmpty)
    // The server's playback of our own message is now a duplicate.
    #expect(try store.insertReceived([received(5, msgid: "srv1")]).isEmpty)
  }

  @Test func messagesTypedAfterAnEchoedOneStayAfterItWhileTheyWait() throws {
    let store = try MessageStore.inMemory()
    func typed(_ n: Int, at seconds: Double, in conversation: String? = nil) throws -> Message {
      var message = Fixtures.message(n, sender: "alice", secondsAfterBase: seconds)
      message.conversation = conversation ?? channel
      message.delivery = .pending
      try store.insertPending(message, entry: outgoing(message))
      return message
    }
    // The first was refused and retried, so it waits behind the second in the outbox.
    let first = try typed(1, at: 0.1)
    let second = try typed(2, at: 0.2)
    let third = try typed(3, at: 0.3)
    var heard = Fixtures.message(4, sender: "bob", secondsAfterBase: 0.4)
    heard.conversation = channel
    heard.msgid = "b4"
    try store.insertReceived([heard])
    let elsewhere = try typed(5, at: 0.5, in: "ircs://irc.test/#other")
    let fifth = try typed(6, at: 3.0)
    // The second's echo, two seconds after it was typed.
    let echoed = Fixtures.baseDate.addingTimeInterval(2.2)
    let changed = try store.confirm(id: second.id, msgid: "s2", time: echoed)
    // Only what was typed after it in its conversation, still waiting and earlier, moves.
    #expect(changed.map(\.id) == [second.id, third.id])
    let order = try store.messages(in: channel, .newer, from: nil, limit: 10)
    #expect(order.map(\.id) == [first.id, heard.id, second.id, third.id, fifth.id])
    // (Compared to the millisecond, as the store keeps times.)
    let ms = { (time: Date?) in time.map { Int(($0.timeIntervalSince1970 * 1000).rounded()) } }
    #expect(
      order.map { ms($0.sentAt) }
        == [first.sentAt, heard.sentAt, echoed, echoed, fifth.sentAt].map(ms))
    #expect(ms(changed.last?.sentAt) == ms(echoed), "the row shows its new time")
    #expect(ms(try store.message(id: elsewhere.id)?.sentAt) == ms(elsewhere.sentAt))
    // Its own echo gives the third the server's time, and moves the last one typed after it.
    let later = echoed.addingTimeInterval(2)
    let next = try store.confirm(id: third.id, msgid: "s3", time: later)
    #expect(next.map(\.id) == [third.id, fifth.id])
    #expect(ms(try store.message(id: third.id)?.sentAt) == ms(later))
  }

  @Test func aRefusedMessageFailsWithTheReasonAndRetryMakesItPendingAgain() throws {
    let store = try MessageStore.inMemory()
    var message = Fixtures.message(1, body: "hello")
    message.conversation = channel
    try store.insertPending(message, entry: outgoing(message))
    let failed = try #require(try store.fail(id: message.id, reason: "Cannot send to #natter."))
    #expect(failed.delivery == .failed && failed.failureReason == "Cannot send to #natter.")
    #expect(try store.pendingOutbox().isEmpty)
    let retried = try #require(try store.retry(id: message.id, entry: outgoing(message)))
    #expect(retried.delivery == .pending && retried.failureReason == nil)
    #expect(try store.pendingOutbox().count == 1)
    #expect(try store.retry(id: message.id, entry: outgoing(message)) == nil, "pending already")
  }

  @Test func exportCarriesTheConversationAndImportKeepsIt() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    try store.insert(Fixtures.message(1, body: "a note"))
    try store.insertReceived([received(2, msgid: "srv2", body: "from the channel")])
    var status = received(3, msgid: nil, body: "You joined #natter")
    status.kind = .status
    try store.insertReceived([status])
    let file = dir.file("out.jsonl")
    #expect(try store.export(to: file) == 3)
    let text = try String(contentsOf: file, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(!lines[0].contains("conversation"))
    // A server's message is exported under its msgid, with its conversation's URL.
    #expect(lines[1].contains(#""id":"srv2""#))
    #expect(lines[1].hasSuffix(#","conversation":"ircs://irc.test/#natter"}"#))
    #expect(lines[2].hasSuffix(#","conversation":"ircs://irc.test/#natter","kind":"status"}"#))

    let other = try MessageStore.inMemory()
    let summary = try other.import(from: file)
    #expect(summary.inserted == 3)
    #expect(try other.count(conversation: channel) == 2)
    #expect(try other.count(conversation: Message.notes) == 1)
    // Importing again, and the server playing it back, add nothing.
    #expect(try other.import(from: file).skippedDuplicates == 3)
    #expect(try other.insertReceived([received(9, msgid: "srv2")]).isEmpty)
  }

  @Test func exportKeepsTheKindSoAnImportRoundTrips() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    var messages: [Message] = []
    for (n, kind) in Message.Kind.allCases.enumerated() {
      var message = received(n, msgid: kind == .status ? nil : "k\(n)", body: "a \(kind)")
      message.kind = kind
      messages.append(message)
    }
    try store.insertReceived(messages)
    let file = dir.file("out.jsonl")
    #expect(try store.export(to: file) == Message.Kind.allCases.count)
    let other = try MessageStore.inMemory()
    #expect(try other.import(from: file).inserted == Message.Kind.allCases.count)
    let kinds = try other.messages(in: channel, fromPosition: 0, limit: 10).map(\.kind)
    #expect(kinds == Message.Kind.allCases)
    let again = dir.file("again.jsonl")
    try other.export(to: again)
    #expect(try Data(contentsOf: again) == Data(contentsOf: file))
    // A kind this version does not know is named, and nothing is imported.
    let bad = dir.file("bad.jsonl")
    try Data(
      (#"{"id":"x","sender":"a","sent_at":"2026-11-29T18:55:41Z","body":"b","kind":"shout"}"#
        + "\n").utf8
    ).write(to: bad)
    #expect(throws: ImportError.self) { try other.import(from: bad) }
  }
}
