import Foundation
import GtkKit
import NatterCore
import NatterStore
import TestSupport
import Testing

@testable import NatterSession

/// A connection that writes into a list and is fed what a server would say.
@MainActor
final class FakeTransport: LineTransport {
  var written: [String] = []
  var isClosed = false
  var rejectedFingerprint: String?
  var onEvent: (any LineTransport, LineConnection.Event) -> Void = { _, _ in }

  func write(_ line: String) { written.append(line) }
  func close() { isClosed = true }

  func deliver(_ event: LineConnection.Event) { onEvent(self, event) }
  func server(_ lines: String...) { deliver(.lines(lines.map { Array($0.utf8) })) }
}

/// `IRCClient`, the glue between the connection's state machine, the socket and the store,
/// driven headlessly through a fake transport (issue 26). The store is a file, as the app's
/// is, so received messages are stored by the store's writer thread (issue 32).
@MainActor
@Suite final class IRCClientTests {
  private let url = IRCServerURL(
    tls: false, nick: "alice", host: "irc.test", port: 6667, channels: ["#natter"])
  private let session: ChatSession
  private let store: MessageStore
  private let client: IRCClient
  private let transports: Transports

  /// Every transport the client opened, newest last.
  @MainActor private final class Transports {
    var opened: [FakeTransport] = []
    /// Where each was opened to: the port and whether with TLS.
    var routes: [(port: UInt16, tls: Bool)] = []
    var last: FakeTransport { opened[opened.count - 1] }

    /// Opens a fake transport, kept here, where a client would open a socket.
    var factory: IRCClient.TransportFactory {
      { [self] _, port, tls, _, _, _, onEvent in
        let transport = FakeTransport()
        transport.onEvent = onEvent
        opened.append(transport)
        routes.append((port, tls))
        return transport
      }
    }
  }

  private let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("natter-irc-\(UUID().uuidString)")

  init() throws {
    // A history as the app opens it, whose ids the composer and the client share.
    session = ChatSession(dataDirectory: directory, sender: "me")
    // Opened as a file, not one of the fallbacks, whose banner would say so.
    if let banner = session.banner { throw StoreError.readOnly(detail: banner) }
    store = session.store
    let transports = Transports()
    self.transports = transports
    client = IRCClient(
      url: url, saslAccount: nil, password: nil, store: store, pins: [],
      budget: IRCSendBudget(burst: 100, interval: 0), arrivalIDs: session.arrivalIDs,
      makeTransport: transports.factory)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  private var wire: FakeTransport { transports.last }

  /// Connected and welcomed with message tags and echoes, in #natter.
  private func registered(starting: Bool = true) {
    if starting { client.start() }
    wire.deliver(.connected)
    wire.server(
      ":irc.test CAP * LS :message-tags echo-message batch server-time",
      ":irc.test CAP * ACK :message-tags echo-message batch server-time",
      ":irc.test 001 alice :Welcome", ":alice!a@h JOIN #natter")
    #expect(Wait.until { client.state == .ready })
    // The join's line in the channel is stored: what the test does next is done at once.
    #expect(Wait.until { client.inboxIsEmpty })
  }

  /// The connection drops; `Reconnect` opens a second one, which registers.
  private func droppedAndBack() {
    wire.deliver(.closed(reason: "gone"))
    client.reconnect()
    #expect(Wait.until { transports.opened.count == 2 })
    registered(starting: false)
  }

  private func rows(_ conversation: String) throws -> [Message] {
    try store.messages(in: conversation, .newer, from: nil, limit: 100)
  }

  @Test func aSentMessageIsStoredPendingWrittenOnceAndConfirmedByItsEcho() throws {
    registered()
    let typed = Message(sender: "me", sentAt: Date(), body: "hello")
    let stored = try client.send(typed, to: "#natter")
    #expect(stored.delivery == .pending)
    let line = try #require(wire.written.last)
    #expect(line.hasSuffix("PRIVMSG #natter hello") && line.contains("+natter.org/id="))
    // The outbox was kept before the write: a restart writes the same line.
    #expect(try store.pendingOutbox().first?.texts == ["hello"])
    wire.server("@msgid=s1 :alice!a@h PRIVMSG #natter hello")
    #expect(Wait.until { (try? store.message(id: stored.id))??.delivery == .sent })
    #expect(try store.message(id: stored.id)?.msgid == "s1")
    #expect(wire.written.filter { $0.contains("PRIVMSG") }.count == 1)
  }

  @Test func aReplayOfOurTwoLineMessageAddsNoLineOfIt() throws {
    registered()
    let stored = try client.send(
      Message(sender: "me", sentAt: Date(), body: "two\nlines"), to: "#natter")
    wire.server(
      "@msgid=s1;+natter.org/id=\(stored.id);+natter.org/part=1 :alice!a@h PRIVMSG #natter two",
      "@msgid=s2;+natter.org/id=\(stored.id);+natter.org/part=2 :alice!a@h PRIVMSG #natter lines")
    #expect(Wait.until { (try? store.message(id: stored.id))??.delivery == .sent })
    // The rejoin's playback, times cut to the second.
    wire.server(
      ":irc.test BATCH +h chathistory #natter",
      "@batch=h;time=2026-12-01T10:00:00.000Z;msgid=s1 :alice!a@h PRIVMSG #natter two",
      "@batch=h;time=2026-12-01T10:00:00.000Z;msgid=s2 :alice!a@h PRIVMSG #natter lines",
      ":irc.test BATCH -h", ":bob!b@h PRIVMSG #natter :after")
    let channel = url.conversation("#natter")
    #expect(Wait.until { (try? rows(channel))?.contains { $0.body == "after" } == true })
    // (Sorted: the two can be stored in one millisecond, and then their order is the ids'.)
    let bodies = try rows(channel).filter { $0.kind != .status }.map(\.body)
    #expect(bodies.sorted() == ["after", "two\nlines"], "\(bodies)")
  }

  @Test func linesOfOneMillisecondComeBackFromTheStoreInTheOrderTheyArrived() throws {
    registered()
    let channel = url.conversation("#natter")
    // One read of a flood: its lines are stored to the same millisecond or few.
    let flood = (0..<60).map { ":bob!b@h PRIVMSG #natter :flood \($0)" }
    // A bouncer's playback, every line stamped with the same second, its msgids falling.
    let playback = (0..<30).map {
      "@time=2026-12-01T10:00:00.000Z;msgid=m\(99 - $0) :carol!c@h PRIVMSG #natter :played \($0)"
    }
    // A join among them shows as a status line, which keeps its place too.
    let lines = playback + flood[..<30] + [":dave!d@h JOIN #natter"] + flood[30...]
    wire.deliver(.lines(lines.map { Array($0.utf8) }))
    #expect(Wait.until { (try? rows(channel))?.contains { $0.body == "flood 59" } == true })
    let stored = try store.messages(in: channel, .newer, from: nil, limit: 200)
    let bodies = stored.filter { $0.kind != .status }.map(\.body)
    #expect(bodies == (0..<30).map { "played \($0)" } + (0..<60).map { "flood \($0)" })
    let order = stored.map(\.body)
    let join = try #require(order.firstIndex { $0.contains("dave") })
    #expect(order[join - 1] == "flood 29" && order[join + 1] == "flood 30", "\(order)")
  }

  @Test func ourMessageKeepsItsPlaceAmongTheLinesOfItsEchosMillisecond() throws {
    registered()
    let channel = url.conversation("#natter")
    let time = "@time=2026-12-01T10:00:00.000Z"
    wire.server("\(time) :bob!b@h PRIVMSG #natter :before")
    #expect(Wait.until { client.inboxIsEmpty })
    var composer = session.newComposer()
    composer.textInserted("mine", at: 0)
    let typed = try #require(
      composer.send(text: "mine").lazy.compactMap { effect -> Message? in
        if case .send(let message) = effect { return message }
        return nil
      }.first)
    let stored = try client.send(typed, to: "#natter")
    // The echo and the answer to it, stamped with the millisecond of the line before.
    wire.server(
      "\(time);msgid=s1 :alice!a@h PRIVMSG #natter :mine",
      "\(time) :bob!b@h PRIVMSG #natter :after")
    #expect(Wait.until { (try? rows(channel))?.contains { $0.body == "after" } == true })
    #expect(try store.message(id: stored.id)?.delivery == .sent)
    let bodies = try rows(channel).filter { $0.kind != .status }.map(\.body)
    #expect(bodies == ["before", "mine", "after"])
  }

  @Test func aKickIsReportedAndAnsweredWithNothing() {
    registered()
    var events: [IRCEvent] = []
    client.onEvent = { events.append($0) }
    let before = wire.written.count
    wire.server(":bob!b@h KICK #natter alice :enough")
    #expect(
      Wait.until { events.contains(.kicked(channel: "#natter", by: "bob", reason: "enough")) })
    #expect(wire.written.count == before)
  }

  @Test func aPrivateChatFollowsItsPersonsNewNickname() throws {
    registered()
    var renamed: [String] = []
    client.onRenamed = { from, to, name in renamed = [from, to, name] }
    wire.server(":bob!b@h PRIVMSG alice :hello")
    let bob = url.conversation("bob")
    #expect(Wait.until { (try? store.count(conversation: bob)) == 1 })
    try store.setOpen(bob, true)  // as the window keeps a chat that opened itself
    wire.server(":bob!b@h NICK robert")
    let robert = url.conversation("robert")
    #expect(Wait.until { renamed == [bob, robert, "robert"] })
    #expect(Wait.until { (try? rows(robert))?.count == 2 })
    // Both may fall in one millisecond, which the store orders by id: compared as a set.
    #expect(Set(try rows(robert).map(\.body)) == ["hello", "bob is now known as robert"])
    #expect(try rows(robert).count == 2)
    #expect(client.conversation(for: "ROBERT") == robert)
  }

  @Test func bobAndBOBWriteToOneConversation() throws {
    registered()
    wire.server(":Bob!b@h PRIVMSG alice :one", ":BOB!b@h PRIVMSG alice :two")
    let chat = url.conversation("Bob")
    #expect(Wait.until { (try? store.count(conversation: chat)) == 2 })
    #expect(try store.count(conversation: url.conversation("BOB")) == 0)
  }

  @Test func everyReceivedMessageIsReportedWithWhetherItIsPrivateAndOurs() {
    registered()
    var reported: [(String, Bool, Bool)] = []
    client.onReceived = { message, isPrivate, isOwn in
      reported.append((message.body, isPrivate, isOwn))
    }
    wire.server(
      ":bob!b@h PRIVMSG #natter :in the channel", ":bob!b@h PRIVMSG alice :to me",
      ":alice!a@h PRIVMSG #natter :from my phone")
    #expect(Wait.until { reported.count == 3 })
    #expect(reported.map(\.0) == ["in the channel", "to me", "from my phone"])
    #expect(reported.map(\.1) == [false, true, false])
    #expect(reported.map(\.2) == [false, false, true])
  }

  @Test func quittingSaysQuitAndEndsWhenTheServerCloses() {
    registered()
    var done = false
    client.quit(reason: "see you\nRESTART") { done = true }
    #expect(wire.written.last == "QUIT :see you")
    #expect(!done)
    wire.deliver(.closed(reason: nil))
    #expect(done)
    #expect(transports.opened.count == 1, "no reconnect after a quit")
  }

  @Test func aDroppedConnectionReconnectsAndSendsWhatWaitedOnce() throws {
    registered()
    wire.deliver(.closed(reason: "gone"))
    #expect(Wait.until { client.state != .ready })
    let typed = try client.send(
      Message(sender: "me", sentAt: Date(), body: "typed offline"), to: "#natter")
    #expect(client.waiting == 1)
    client.reconnect()
    #expect(Wait.until { transports.opened.count == 2 })
    registered(starting: false)
    #expect(wire.written.filter { $0.hasSuffix("PRIVMSG #natter :typed offline") }.count == 1)
    #expect(try store.message(id: typed.id)?.delivery == .pending)
  }

  @Test func aRefusedMessageFailsWithTheReasonAndRetrySendsItOnceMore() throws {
    registered()
    var changed: [Message] = []
    client.onChanged = { changed.append($0) }
    let stored = try client.send(Message(sender: "me", sentAt: Date(), body: "hi"), to: "#natter")
    wire.server(":irc.test 404 alice #natter :Cannot send to channel (+m)")
    #expect(Wait.until { changed.last?.delivery == .failed })
    let failed = try #require(try store.message(id: stored.id))
    #expect(failed.failureReason?.contains("Cannot send to channel (+m)") == true)
    client.retry(failed)
    #expect(try store.message(id: stored.id)?.delivery == .pending)
    #expect(wire.written.filter { $0.hasSuffix("PRIVMSG #natter hi") }.count == 2)
    // Retry again with the row still showing it failed (pressed twice): sent once only.
    client.retry(failed)
    #expect(wire.written.filter { $0.hasSuffix("PRIVMSG #natter hi") }.count == 2)
  }

  @Test func aMessageInDoubtIsConfirmedByTheChannelsHistoryAndNotSentAgain() throws {
    registered()
    let stored = try client.send(
      Message(sender: "me", sentAt: Date(), body: "did it arrive"), to: "#natter")
    // Written, and the connection dropped before the echo.
    droppedAndBack()
    #expect(!wire.written.contains { $0.contains("did it arrive") }, "held for the history")
    wire.server(
      ":irc.test BATCH +h chathistory #natter",
      "@batch=h;msgid=s9;+natter.org/id=\(stored.id) :alice!a@h PRIVMSG #natter :did it arrive",
      ":irc.test BATCH -h")
    #expect(Wait.until { (try? store.message(id: stored.id))??.delivery == .sent })
    #expect(!wire.written.contains { $0.contains("did it arrive") })
    #expect(try store.count(conversation: url.conversation("#natter")) >= 1)
    #expect(
      try rows(url.conversation("#natter")).filter { $0.body == "did it arrive" }.count == 1)
  }

  @Test func aPrivateMessageInDoubtWithoutHistoryFailsRatherThanGoTwice() throws {
    registered()
    let stored = try client.send(
      Message(sender: "me", sentAt: Date(), body: "psst"), to: "bob")
    droppedAndBack()
    #expect(Wait.until { (try? store.message(id: stored.id))??.delivery == .failed })
    #expect(!wire.written.contains { $0.contains("psst") })
  }

  @Test func aRestartedClientSendsWhatTheStoreKeptPendingOnce() throws {
    let waiting = Message(
      id: "kept-1", sender: "alice", sentAt: Date(), body: "from before",
      conversation: url.conversation("#natter"))
    try store.insertPending(
      waiting,
      entry: IRCOutboxEntry(
        message: IRCOutgoing(id: "kept-1", target: "#natter", body: "from before")))
    let restarted = IRCClient(
      url: url, saslAccount: nil, password: nil, store: store, pins: [],
      makeTransport: transports.factory)
    #expect(restarted.waiting == 1)
    restarted.start()
    wire.deliver(.connected)
    wire.server(
      ":irc.test CAP * LS :message-tags echo-message",
      ":irc.test CAP * ACK :message-tags echo-message",
      ":irc.test 001 alice :Welcome")
    #expect(Wait.until { restarted.state == .ready })
    #expect(wire.written.filter { $0.hasSuffix("PRIVMSG #natter :from before") }.count == 1)
  }

  @Test func statusLinesGoToTheirChannelOrTheConversationOnScreen() throws {
    registered()
    client.statusConversation = url.conversation("bob")
    wire.server(
      ":carol!c@h JOIN #natter", ":irc.test 474 alice #secret :Cannot join channel (+b)")
    let channel = url.conversation("#natter")
    #expect(Wait.until { (try? rows(channel))?.contains { $0.body == "carol joined" } == true })
    #expect(Wait.until { (try? store.count(conversation: url.conversation("bob"))) == 1 })
    let error = try rows(url.conversation("bob")).first
    #expect(error?.kind == .status && error?.body.contains("Cannot join channel (+b)") == true)
  }

  @Test func ourOwnNickChangeIsSaidInEveryChannelAndOpenChat() throws {
    registered()
    wire.server(":alice!a@h JOIN #gtk", ":bob!b@h PRIVMSG alice :hi")
    let chat = url.conversation("bob")
    #expect(Wait.until { (try? store.count(conversation: chat)) == 1 })
    try store.setOpen(chat, true)
    wire.server(":alice!a@h NICK natty")
    for conversation in ["#natter", "#gtk", "bob"].map(url.conversation) {
      #expect(
        Wait.until {
          (try? rows(conversation))?.contains { $0.body == "You are now known as natty" } == true
        }, "in \(conversation)")
    }
    #expect(client.nick == "natty")
  }

  @Test func aPlayedBackHistoryIsMergedAndSaysSo() {
    registered()
    var merged: [String] = []
    client.onMerged = { merged.append($0) }
    wire.server(
      ":irc.test BATCH +h chathistory #natter",
      "@batch=h;msgid=o1;time=2026-01-01T10:00:00.000Z :bob!b@h PRIVMSG #natter :old news",
      ":irc.test BATCH -h")
    #expect(Wait.until { merged == [url.conversation("#natter")] })
  }

  @Test func aRefusedCertificateIsReportedWithItsFingerprint() {
    client.start()
    var refused: [IRCCertificateTrust] = []
    client.onCertificateRefused = { refused.append($0) }
    wire.rejectedFingerprint = "ab:cd"
    wire.deliver(.closed(reason: "The certificate was refused"))
    #expect(refused.count == 1)
    #expect(client.state.offersReconnect)
  }

  // MARK: Routing what arrives

  @Test func aPrivateMessageOpensItsChatAndAChannelMessageStaysInItsChannel() throws {
    registered()
    wire.server(":bob!b@h PRIVMSG alice :just us", ":bob!b@h PRIVMSG #natter :everyone")
    #expect(Wait.until { (try? store.count(conversation: url.conversation("bob"))) == 1 })
    #expect(try rows(url.conversation("bob")).first?.body == "just us")
    #expect(
      try rows(url.conversation("#natter")).filter { $0.kind == .message }.map(\.body)
        == ["everyone"])
  }

  @Test func actionsAndNoticesAreStoredAsWhatTheyAre() throws {
    registered()
    wire.server(
      ":bob!b@h PRIVMSG #natter :\u{1}ACTION waves\u{1}", ":bob!b@h NOTICE #natter :heads up")
    let channel = url.conversation("#natter")
    #expect(Wait.until { (try? rows(channel))?.count { $0.kind != .status } == 2 })
    // Both may fall in one millisecond, which the store orders by id: compared by body.
    let kinds = Dictionary(
      uniqueKeysWithValues: try rows(channel).filter { $0.kind != .status }.map {
        ($0.body, $0.kind)
      })
    #expect(kinds == ["waves": .action, "heads up": .notice])
  }

  @Test func aMessageNamingUsIsMarkedAsAMention() throws {
    registered()
    wire.server(":bob!b@h PRIVMSG #natter :alice: look", ":bob!b@h PRIVMSG #natter :no one")
    let channel = url.conversation("#natter")
    #expect(Wait.until { (try? rows(channel))?.count { $0.kind == .message } == 2 })
    let mentions = Dictionary(
      uniqueKeysWithValues: try rows(channel).filter { $0.kind == .message }.map {
        ($0.body, $0.mentionsMe)
      })
    #expect(mentions == ["alice: look": true, "no one": false])
  }

  @Test func theSameMessageReceivedTwiceIsStoredAndReportedOnce() throws {
    registered()
    var reported = 0
    client.onReceived = { _, _, _ in reported += 1 }
    wire.server("@msgid=dup1 :bob!b@h PRIVMSG #natter :once")
    wire.server("@msgid=dup1 :bob!b@h PRIVMSG #natter :once")
    wire.server(":bob!b@h PRIVMSG #natter :marker")
    let channel = url.conversation("#natter")
    // Stored, then shown: the store can hold the marker before the window hears of it.
    #expect(Wait.until { reported >= 2 && client.inboxIsEmpty })
    #expect(try rows(channel).filter { $0.body == "once" }.count == 1)
    #expect(reported == 2)
  }

  @Test func aFloodIsShownInOrderOnceStoredAndARenameAfterItWaitsForIt() throws {
    registered()
    let bob = url.conversation("bob")
    wire.server(":bob!b@h PRIVMSG alice :hello")
    #expect(Wait.until { (try? store.count(conversation: bob)) == 1 })
    try store.setOpen(bob, true)  // as the window keeps a chat that opened itself
    #expect(Wait.until { client.inboxIsEmpty })
    var shown: [String] = []
    var allStoredWhenShown = true
    var shownWhenRenamed: Int?
    client.onStored = { [store] messages in
      shown += messages.filter { $0.kind == .message }.map(\.body)
      allStoredWhenShown =
        allStoredWhenShown && messages.allSatisfy { (try? store.message(id: $0.id)) != nil }
    }
    client.onRenamed = { _, _, _ in shownWhenRenamed = shown.count }
    let flood = (0..<3000).map { "flood \($0)" }
    let lines =
      flood.map { ":bob!b@h PRIVMSG alice :\($0)" } + [
        ":bob!b@h NICK robert", ":robert!b@h PRIVMSG alice :after the rename",
      ]
    wire.deliver(.lines(lines.map { Array($0.utf8) }))
    #expect(Wait.until { shown.last == "after the rename" })
    #expect(shown.count == 3001)
    #expect(shown.elementsEqual(flood + ["after the rename"]), "in the order received")
    #expect(allStoredWhenShown)
    // Every message before the NICK was stored and shown before the chat was renamed.
    #expect(shownWhenRenamed == 3000)
    #expect(try store.count(conversation: url.conversation("robert")) == 3003, "hello, NICK")
    #expect(try store.count(conversation: bob) == 0)
  }

  @Test func whatTheWindowAsksWhenToldOfStoredMessagesComesAfterTheEffectThatStoredThem()
    throws
  {
    // In memory there is no writer: the messages before a NICK are stored, and the window
    // told, in the middle of performing the NICK.
    let memory = try MessageStore.inMemory()
    let transports = Transports()
    let local = IRCClient(
      url: url, saslAccount: nil, password: nil, store: memory, pins: [],
      budget: IRCSendBudget(burst: 100, interval: 0), makeTransport: transports.factory)
    local.start()
    transports.last.deliver(.connected)
    transports.last.server(":irc.test 001 alice :Welcome", ":alice!a@h JOIN #natter")
    #expect(Wait.until { local.state == .ready })
    let bob = url.conversation("bob")
    transports.last.server(":bob!b@h PRIVMSG alice :hello")
    #expect(Wait.until { (try? memory.count(conversation: bob)) == 1 })
    try memory.setOpen(bob, true)
    var asked = false
    local.onStored = { _ in
      guard !asked else { return }
      asked = true
      local.write(IRCMessage(command: "PING", params: ["asked"]))
    }
    transports.last.server(":bob!b@h PRIVMSG alice :again", ":bob!b@h NICK robert")
    let robert = url.conversation("robert")
    #expect(Wait.until { (try? memory.count(conversation: robert)) == 3 })
    #expect(transports.last.written.contains("PING asked"))
    let lines = try memory.messages(in: robert, .newer, from: nil, limit: 10).map(\.body)
    #expect(lines.filter { $0.contains("now known as") }.count == 1, "the NICK once: \(lines)")
  }

  @Test func quittingEndsOnlyOnceWhatWasReceivedIsStored() throws {
    registered()
    let lines = (0..<2000).map { ":bob!b@h PRIVMSG #natter :line \($0)" }
    wire.deliver(.lines(lines.map { Array($0.utf8) }))
    var storedAtTheEnd: Int?
    client.quit(reason: "bye") { [store, url] in
      storedAtTheEnd = try? store.count(conversation: url.conversation("#natter"))
    }
    wire.deliver(.closed(reason: nil))
    #expect(Wait.until { storedAtTheEnd != nil })
    // The join's line and every one received before the server closed.
    #expect(storedAtTheEnd == 2001)
  }

  @Test func receivedMessagesAreStoredBeforeTheWindowHearsOfThem() throws {
    registered()
    var storedWhenHeard: [Bool] = []
    client.onStored = { [store] messages in
      storedWhenHeard += messages.map { (try? store.message(id: $0.id)) != nil }
    }
    wire.server(":bob!b@h PRIVMSG #natter :one", ":carol!c@h PRIVMSG #natter :two")
    #expect(Wait.until { storedWhenHeard.count >= 2 })
    #expect(storedWhenHeard.allSatisfy { $0 })
  }

  @Test func ourJoinSaysSoInTheChannelAndReportsTheEvent() throws {
    registered()
    var events: [IRCEvent] = []
    client.onEvent = { events.append($0) }
    client.join("#gtk")
    #expect(wire.written.last == "JOIN #gtk")
    wire.server(":alice!a@h JOIN #gtk")
    #expect(Wait.until { events.contains(.joined(channel: "#gtk")) })
    #expect(
      Wait.until { (try? rows(url.conversation("#gtk")))?.map(\.body) == ["You joined #gtk"] })
  }

  @Test func partingWritesPartWithItsReasonAndIsNotJoinedAgainAfterAReconnect() {
    registered()
    client.part("#natter", reason: "see you")
    #expect(wire.written.last == "PART #natter :see you")
    wire.server(":alice!a@h PART #natter :see you")
    droppedAndBack()
    #expect(!wire.written.contains { $0.hasPrefix("JOIN") && $0.contains("#natter") })
  }

  @Test func aRawCommandCannotCarryASecondLine() {
    registered()
    client.write(IRCMessage(command: "TOPIC", params: ["#natter", "a\r\nQUIT :x"]))
    #expect(wire.written.last == "TOPIC #natter :aQUIT :x")
    #expect(!wire.written.contains { $0.hasPrefix("QUIT") })
  }

  @Test func aTimeWithTwentyThreeFractionDigitsIsStoredNotFatal() throws {
    registered()
    wire.server("@time=2026-12-01T10:00:00.12345678901234567890123Z :bob!u@h PRIVMSG #natter :x")
    let channel = url.conversation("#natter")
    #expect(Wait.until { (try? rows(channel))?.contains { $0.body == "x" } == true })
    let stored = try #require(try rows(channel).first { $0.body == "x" })
    #expect(abs(stored.sentAt.timeIntervalSince1970 - 1_796_119_200.123) < 0.001)
  }

  // MARK: Delivery and the connection

  @Test func aMessageTypedWhileConnectingWaitsAndGoesOutOnceRegistered() throws {
    client.start()
    wire.deliver(.connected)
    let typed = try client.send(Message(sender: "me", sentAt: Date(), body: "early"), to: "#natter")
    #expect(typed.delivery == .pending)
    #expect(client.waiting == 1)
    #expect(!wire.written.contains { $0.contains("PRIVMSG") })
    registered(starting: false)
    #expect(wire.written.filter { $0.hasSuffix("PRIVMSG #natter early") }.count == 1)
  }

  @Test func aSentMessageIsStoredUnderOurNickAndItsConversation() throws {
    registered()
    let stored = try client.send(Message(sender: "me", sentAt: Date(), body: "hi"), to: "Bob")
    #expect(stored.sender == "alice")
    #expect(stored.conversation == url.conversation("Bob"))
    #expect(try store.message(id: stored.id)?.conversation == url.conversation("Bob"))
  }

  @Test func anActionGoesOutAsCTCPAction() throws {
    registered()
    var action = Message(sender: "me", sentAt: Date(), body: "waves")
    action.kind = .action
    _ = try client.send(action, to: "#natter")
    #expect(wire.written.last?.hasSuffix("PRIVMSG #natter :\u{1}ACTION waves\u{1}") == true)
  }

  @Test func reconnectWhileConnectedClosesTheOldSocketAndIgnoresItsLateLines() throws {
    registered()
    let old = wire
    client.reconnect()
    #expect(old.isClosed)
    #expect(Wait.until { transports.opened.count == 2 })
    old.server(":bob!b@h PRIVMSG #natter :from the old socket")
    registered(starting: false)
    wire.server(":bob!b@h PRIVMSG #natter :from the new one")
    let channel = url.conversation("#natter")
    #expect(Wait.until { (try? rows(channel))?.contains { $0.body == "from the new one" } == true })
    #expect(try !rows(channel).contains { $0.body == "from the old socket" })
  }

  @Test func linesReadBeforeTheServerClosedAreHandledBeforeTheDisconnect() throws {
    registered()
    var states: [IRCConnectionState] = []
    client.onEvent = { event in
      if case .stateChanged(let state) = event { states.append(state) }
    }
    wire.server(":bob!b@h PRIVMSG #natter :last words")
    wire.deliver(.closed(reason: "gone"))
    let channel = url.conversation("#natter")
    #expect(Wait.until { (try? rows(channel))?.contains { $0.body == "last words" } == true })
    #expect(Wait.until { client.state != .ready })
  }

  @Test func listsEndingAmidOtherLinesLoseAndReorderNothing() throws {
    registered()
    var seen: [String] = []
    client.onEvent = { event in
      switch event {
      case .channelList(let channels, _): seen.append("list \(channels.count)")
      case .members(let channel, let members): seen.append("\(channel) \(members.count)")
      default: break
      }
    }
    client.onReceived = { message, _, _ in seen.append(message.body) }
    client.listChannels()
    var lines = (0..<300).map { ":irc.test 322 alice #c\($0) 3 :topic \($0)" }
    lines += [
      ":irc.test 323 alice :End of /LIST", ":bob!b@h PRIVMSG #natter :after the list",
      ":irc.test 353 alice = #natter :alice bob carol",
      ":irc.test 366 alice #natter :End of /NAMES list.",
      ":irc.test 366 alice #natter :End of /NAMES list.",
      ":bob!b@h PRIVMSG #natter :after the names",
    ]
    wire.deliver(.lines(lines.map { Array($0.utf8) }))
    #expect(Wait.until { seen.last == "after the names" }, "\(seen)")
    #expect(seen == ["list 300", "after the list", "#natter 3", "after the names"])
    let stored = try rows(url.conversation("#natter")).map(\.body).filter { $0.hasPrefix("after") }
    #expect(stored.sorted() == ["after the list", "after the names"], "each stored once")
  }

  @Test func trustingACertificatePinsItAndConnectsWithIt() {
    var pinnedSeen: [Set<String>] = []
    let pinning = IRCClient(
      url: url, saslAccount: nil, password: nil, store: store, pins: ["AA:BB"],
      makeTransport: { _, _, _, pinned, _, _, onEvent in
        pinnedSeen.append(pinned)
        let transport = FakeTransport()
        transport.onEvent = onEvent
        return transport
      })
    pinning.start()
    pinning.trust("CC:DD", replacing: true)
    #expect(pinning.pins == ["ccdd"])
    #expect(pinnedSeen.first == ["aabb"])
    #expect(pinnedSeen.last == ["ccdd"])
  }

  @Test func aPasswordSignsInWithSASLPlainOnTheNextConnection() {
    client.usePassword("s3cret")
    client.start()
    wire.deliver(.connected)
    wire.server(":irc.test CAP * LS :sasl message-tags")
    #expect(Wait.until { wire.written.contains { $0.hasPrefix("CAP REQ") && $0.contains("sasl") } })
    wire.server(":irc.test CAP * ACK :sasl message-tags")
    #expect(Wait.until { wire.written.contains("AUTHENTICATE PLAIN") })
    wire.server("AUTHENTICATE +")
    let expected = Data("alice\0alice\0s3cret".utf8).base64EncodedString()
    #expect(Wait.until { wire.written.contains("AUTHENTICATE \(expected)") })
  }

  @Test func quittingWhileOfflineEndsAtOnce() {
    var done = false
    client.quit(reason: "bye") { done = true }
    #expect(done)
    #expect(transports.opened.isEmpty)
  }

  @Test func aServerThatNeverClosesAfterQuitIsClosedAfterTheWait() {
    registered()
    var done = false
    client.quit(reason: "bye", milliseconds: 50) { done = true }
    #expect(!done)
    #expect(Wait.until { done })
    #expect(wire.isClosed)
  }

  @Test func afterStopNothingReachesTheWindow() {
    registered()
    var heard = 0
    client.onStored = { _ in heard += 1 }
    let open = wire
    client.stop()
    #expect(open.isClosed)
    open.server(":bob!b@h PRIVMSG #natter :too late")
    MainLoop.iterate()
    #expect(heard == 0)
  }

  @Test func stsUpgradesToTLSAndTheKeptPolicySkipsPlaintextNextTime() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-sts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let transports = Transports()
    let first = IRCClient(
      url: url, saslAccount: nil, password: nil,
      sts: STSPolicyFile(dataDirectory: folder), store: store, pins: [],
      makeTransport: transports.factory)
    first.start()
    transports.last.deliver(.connected)
    transports.last.server(":irc.test CAP * LS :sts=port=6697,duration=300")
    #expect(Wait.until { transports.opened.count == 2 })
    // The plaintext connection said no more than CAP LS, NICK and USER: no CAP END.
    #expect(!transports.opened[0].written.contains("CAP END"))
    #expect(transports.routes[1] == (6697, true))
    transports.last.deliver(.connected)
    transports.last.server(":irc.test CAP * LS :sts=port=6697,duration=300")
    #expect(Wait.until { transports.last.written.contains("CAP END") })
    // TLS failing is never a reason to try plaintext: the retry is TLS again.
    transports.last.deliver(.closed(reason: "The secure connection failed"))
    #expect(Wait.until(timeout: 5) { transports.opened.count == 3 })
    #expect(transports.routes.last.map { $0 == (6697, true) } == true)
    first.stop()

    let again = Transports()
    let second = IRCClient(
      url: url, saslAccount: nil, password: nil,
      sts: STSPolicyFile(dataDirectory: folder), store: store, pins: [],
      makeTransport: again.factory)
    second.start()
    #expect(again.routes.count == 1 && again.routes[0] == (6697, true))
    second.stop()
  }
}
