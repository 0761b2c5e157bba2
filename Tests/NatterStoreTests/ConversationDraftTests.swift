import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Per-conversation drafts and the sidebar's open conversations (SPEC §10, schema 7).
@Suite struct ConversationDraftTests {
  private let channel = "ircs://irc.test/#natter"
  private let chat = "ircs://irc.test/bob"

  @Test func eachConversationKeepsItsOwnDraft() throws {
    let store = try MessageStore.inMemory()
    try store.saveDraft(StoredDraft(text: "notes text", chips: ["a"]))
    try store.saveDraft(StoredDraft(text: "channel text", chips: ["b", "c"]), for: channel)
    try store.saveDraft(StoredDraft(text: "to bob", chips: []), for: chat)
    #expect(try store.loadDraft() == StoredDraft(text: "notes text", chips: ["a"]))
    #expect(
      try store.loadDraft(for: channel) == StoredDraft(text: "channel text", chips: ["b", "c"]))
    #expect(try store.loadDraft(for: chat)?.text == "to bob")
    try store.clearDraft(for: channel)
    #expect(try store.loadDraft(for: channel) == nil)
    #expect(try store.loadDraft()?.text == "notes text")
  }

  @Test func openConversationsSurviveReopening() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("natter-open-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let store = try MessageStore.openFile(directory.appendingPathComponent("natter.sqlite3"))
      try store.setOpen(channel, true)
      try store.setOpen(chat, true)
      try store.setOpen("ircs://irc.test/#gone", true)
      try store.setOpen("ircs://irc.test/#gone", false)
      try store.saveDraft(StoredDraft(text: "kept", chips: []), for: chat)
      #expect(try store.lastOpenedConversation() == nil)
      try store.noteOpened(channel, at: Date(timeIntervalSince1970: 10))
      try store.noteOpened(chat, at: Date(timeIntervalSince1970: 20))
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let store = try MessageStore.openFile(directory.appendingPathComponent("natter.sqlite3"))
    #expect(try store.openConversations() == [channel, chat])
    #expect(try store.lastOpenedConversation() == chat)
    #expect(try store.closedConversations() == ["ircs://irc.test/#gone"])
    #expect(try store.loadDraft(for: chat)?.text == "kept")
  }

  @Test func readMarkersCountWhatOthersSentSince() throws {
    let store = try MessageStore.inMemory()
    func message(_ n: Int, from sender: String, mention: Bool = false, status: Bool = false)
      -> Message
    {
      Fixtures.channelMessage(n, in: channel, from: sender, mention: mention, status: status)
    }
    try store.insertReceived([message(1, from: "bob")])
    // New to the store, it was seen up to nothing: bob's first message is unread (as a
    // bouncer's playback into a new private chat is).
    #expect(try store.unread(in: channel, me: "alice").count == 1)
    // A conversation from before read markers (none kept) is read up to now from here on.
    try store.db.execute("UPDATE conversations SET read_sent_at = NULL, read_id = NULL")
    #expect(try store.unread(in: channel, me: "alice").count == 0)
    try store.insertReceived([
      message(2, from: "bob"), message(3, from: "Alice"), message(4, from: "", status: true),
      message(5, from: "carol", mention: true),
    ])
    let unread = try store.unread(in: channel, me: "alice")
    #expect(unread.count == 2)
    #expect(unread.mentioned)
    let second = try store.messages(in: channel, .older, from: nil, limit: 10).first {
      $0.msgid == "m2"
    }
    #expect(unread.firstID == second?.id)
    // Counting stops at the limit: carol's mention is past it.
    let first = try store.unread(in: channel, me: "alice", limit: 1)
    #expect(first.count == 1)
    #expect(!first.mentioned)
    #expect(first.firstID == second?.id)
    try store.markRead(channel)
    #expect(try store.unread(in: channel, me: "alice").count == 0)
    // A status line stamped after a message does not move the marker past what follows it
    // in the server's clock.
    try store.insertReceived([message(20, from: "", status: true)])
    try store.markRead(channel)
    try store.insertReceived([message(10, from: "bob")])
    #expect(try store.unread(in: channel, me: "alice").count == 1)
  }

  /// A switch takes the marker when the conversation is left and writes it a frame later:
  /// what arrives in between is still unread.
  @Test func aMarkerTakenBeforeAMessageArrivesLeavesThatMessageUnread() throws {
    let store = try MessageStore.inMemory()
    func message(_ n: Int) -> Message {
      var message = Fixtures.message(n, sender: "bob")
      message.conversation = channel
      message.msgid = "m\(n)"
      return message
    }
    #expect(try store.readCursor(of: channel) == nil)
    try store.insertReceived([message(1), message(2)])
    let cursor = try #require(try store.readCursor(of: channel))
    try store.insertReceived([message(3)])
    try store.markRead(channel, upTo: cursor)
    let unread = try store.unread(in: channel, me: "alice")
    #expect(unread.count == 1)
    #expect(unread.firstID == (try store.message(msgid: "m3", in: channel))?.id)
  }

  @Test func writesInOneTransactionAreKeptAllOrNone() throws {
    let store = try MessageStore.inMemory()
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try store.inOneTransaction {
        try store.noteOpened(channel, at: Date(timeIntervalSince1970: 10))
        throw Refused()
      }
    }
    #expect(try store.lastOpenedConversation() == nil)
    try store.inOneTransaction {
      try store.noteOpened(channel, at: Date(timeIntervalSince1970: 10))
      try store.noteOpened("ircs://irc.test/#other", at: Date(timeIntervalSince1970: 20))
    }
    #expect(try store.lastOpenedConversation() == "ircs://irc.test/#other")
  }
}
