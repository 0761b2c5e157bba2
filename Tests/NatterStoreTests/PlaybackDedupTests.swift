import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// A history played back on join gives every line of a message sent as several lines (or a
/// long line split) under its own msgid and a time rounded to the second (issue 25): none of
/// them may come back as a message of its own.
@Suite struct PlaybackDedupTests {
  private let channel = "irc://irc.test/#natter"
  private let sent = Date(timeIntervalSince1970: 1_800_000_000.789)
  /// The second the server plays back for `sent`.
  private var rounded: Date { Date(timeIntervalSince1970: 1_800_000_000) }

  /// Our message of two lines, stored pending and confirmed by the first line's echo.
  private func storeSent(_ store: MessageStore, body: String = "two\nlines", msgid: String? = "m1")
    throws
  {
    let message = Message(
      id: "local-1", sender: "alice", sentAt: sent, body: body, conversation: channel)
    try store.insertPending(
      message,
      entry: IRCOutboxEntry(message: IRCOutgoing(id: "local-1", target: "#natter", body: body)))
    try store.confirm(id: "local-1", msgid: msgid, time: sent)
  }

  private func line(
    _ body: String, msgid: String?, sender: String = "alice", at time: Date? = nil,
    clientID: String? = nil
  ) -> Message {
    var message = Message(
      id: msgid ?? UUID().uuidString, sender: sender, sentAt: time ?? rounded, body: body,
      conversation: channel, msgid: msgid)
    message.clientID = clientID
    return message
  }

  @Test func everyLineOfOurMessageIsKnownByItsClientIDInThePlayback() throws {
    let store = try MessageStore.inMemory()
    try storeSent(store)
    let stored = try store.insertReceived([
      line("two", msgid: "m1", clientID: "local-1"),
      line("lines", msgid: "m2", clientID: "local-1"),
    ])
    #expect(stored.isEmpty)
    #expect(try store.count(conversation: channel) == 1)
    // The second line's msgid is kept: a later playback without the client tag knows it too.
    #expect(try store.insertReceived([line("lines", msgid: "m2")]).isEmpty)
  }

  @Test func aLineEchoedWithItsOwnMsgidIsKnownByThatMsgid() throws {
    let store = try MessageStore.inMemory()
    try storeSent(store)
    try store.noteLine(msgid: "m2", of: "local-1")
    #expect(try store.insertReceived([line("lines", msgid: "m2")]).isEmpty)
    #expect(try store.count(conversation: channel) == 1)
  }

  @Test func someoneElseCarryingOurClientIDIsStillStored() throws {
    // The tag is on the wire for all to see; only our own nickname's line is ours.
    let store = try MessageStore.inMemory()
    try storeSent(store)
    let spoofed = line("lines", msgid: "b1", sender: "mallory", clientID: "local-1")
    #expect(try store.insertReceived([spoofed]).count == 1)
  }

  @Test func withoutMsgidsATimeRoundedToTheSecondIsTheSameMessage() throws {
    let store = try MessageStore.inMemory()
    try storeSent(store, body: "one line", msgid: nil)
    #expect(try store.insertReceived([line("one line", msgid: nil)]).isEmpty)
    let later = rounded.addingTimeInterval(2)
    #expect(try store.insertReceived([line("one line", msgid: nil, at: later)]).count == 1)
  }

  @Test func aBouncerThatDroppedOurTagsPlaysOurMessageBackWithThemInItsText() throws {
    // ZNC 1.8 has no client tags: the tags ride on the text, and come back only there.
    let store = try MessageStore.inMemory()
    try storeSent(store, body: "through the bouncer", msgid: nil)
    #expect(try store.insertReceived([line("through the bouncer #ops #x", msgid: nil)]).isEmpty)
    #expect(try store.count(conversation: channel) == 1)
    // Someone else's words with a hashtag are theirs, and other words are not ours.
    #expect(
      try store.insertReceived([line("through the bouncer #ops", msgid: nil, sender: "bob")])
        .count == 1)
    #expect(try store.insertReceived([line("through the #ops bouncer", msgid: nil)]).count == 1)
    #expect(IRCTagConvention.withoutTrailingTags("#only #tags") == "#only")
    #expect(IRCTagConvention.withoutTrailingTags("a # b") == "a # b")
  }

  @Test func withoutMsgidsOrTagsALaterLineOfOurMessageIsKnownByItsText() throws {
    let store = try MessageStore.inMemory()
    try storeSent(store, msgid: nil)
    let paced = rounded.addingTimeInterval(4)  // lines are paced: the second came later
    #expect(try store.insertReceived([line("lines", msgid: nil, at: paced)]).isEmpty)
    // A part of a line is not a line.
    #expect(try store.insertReceived([line("line", msgid: nil, at: paced)]).count == 1)
    // Someone else saying the same is their own message.
    #expect(try store.insertReceived([line("lines", msgid: nil, sender: "bob")]).count == 1)
  }

  @Test func aNewMsgidOnlyMatchesARowWithoutOne() throws {
    // Two people may say `ok` in the same second; with msgids they are two messages.
    let store = try MessageStore.inMemory()
    #expect(try store.insertReceived([line("ok", msgid: "b1", sender: "bob")]).count == 1)
    #expect(try store.insertReceived([line("ok", msgid: "b2", sender: "bob")]).count == 1)
    // A row without a msgid (confirmed by a server that gave none) and its playback with one.
    try storeSent(store, body: "hi", msgid: nil)
    #expect(try store.insertReceived([line("hi", msgid: "s1")]).isEmpty)
  }

  @Test func aFloodFromOneSenderInOneSecondIsStoredWholeAndItsReplayNotAgain() throws {
    // Texts alike in their first 24 characters and more, and one whose copy differs only in
    // trailing tags: each is its own message, and hearing the flood again stores nothing.
    let store = try MessageStore.inMemory()
    let texts =
      (0..<300).map { "burst message from the same bot, number \($0)" } + ["short", "tagged #a"]
    let flood = texts.map { line($0, msgid: nil, sender: "bot") }
    #expect(try store.insertReceived(flood).count == texts.count)
    #expect(try store.insertReceived(texts.map { line($0, msgid: nil, sender: "bot") }).isEmpty)
    #expect(try store.insertReceived([line("tagged", msgid: nil, sender: "bot")]).count == 1)
    #expect(try store.count(conversation: channel) == texts.count + 1)
  }

  @Test func notesAreNeverTakenForAPlayback() throws {
    let store = try MessageStore.inMemory()
    try store.insert(
      Message(id: "n1", sender: "alice", sentAt: sent, body: "two\nlines"))
    #expect(try store.insertReceived([line("lines", msgid: nil)]).count == 1)
  }
}

/// A private chat follows its person's nickname (issue 25).
@Suite struct ConversationRenameTests {
  private let bob = "irc://irc.test/bob"
  private let robert = "irc://irc.test/robert"

  private func message(_ id: String, in conversation: String, seconds: Double) -> Message {
    Message(
      id: id, sender: "bob", sentAt: Date(timeIntervalSince1970: 1_800_000_000 + seconds),
      body: "hello \(id)", conversation: conversation, msgid: id)
  }

  @Test func theChatItsMessagesAndDraftMoveToTheNewNickname() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([message("a", in: bob, seconds: 1)])
    try store.setOpen(bob, true)
    try store.saveDraft(StoredDraft(text: "half a reply", chips: []), for: bob)
    #expect(try store.renameConversation(from: bob, to: robert))
    #expect(try store.count(conversation: robert) == 1)
    #expect(try store.messages(in: robert, .older, from: nil, limit: 5).map(\.id) == ["a"])
    #expect(try store.loadDraft(for: robert)?.text == "half a reply")
    #expect(try store.loadDraft(for: bob) == nil)
    #expect(try store.openConversations().contains(robert))
    #expect(try !store.openConversations().contains(bob))
  }

  @Test func intoAnEarlierChatWithThatNicknameTheTwoBecomeOne() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([message("old", in: robert, seconds: 0)])
    try store.setOpen(robert, false)
    try store.insertReceived([message("new", in: bob, seconds: 5)])
    try store.setOpen(bob, true)
    #expect(try store.renameConversation(from: bob, to: robert))
    #expect(try store.count(conversation: robert) == 2)
    #expect(try store.count(conversation: bob) == 0)
    #expect(try store.openConversations().contains(robert))
  }

  @Test func aClosedOrUnknownChatIsNotRenamed() throws {
    let store = try MessageStore.inMemory()
    #expect(try !store.renameConversation(from: bob, to: robert))
    try store.insertReceived([message("a", in: bob, seconds: 1)])
    try store.setOpen(bob, false)
    #expect(try !store.renameConversation(from: bob, to: robert))
    #expect(try store.count(conversation: bob) == 1)
  }
}
