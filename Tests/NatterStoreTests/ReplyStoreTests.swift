import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// A reply keeps its parent's msgid (`+draft/reply`, SPEC §13) through every write and read.
@Suite struct ReplyStoreTests {
  private let channel = "ircs://irc.test/#natter"
  private let base = Date(timeIntervalSince1970: 1_800_000_000)

  private func reply(_ msgid: String?, to parent: String?, seconds: Double = 1) -> Message {
    Message(
      id: "local-\(msgid ?? "none")", sender: "bob", sentAt: base.addingTimeInterval(seconds),
      body: "an answer", conversation: channel, msgid: msgid, replyTo: parent)
  }

  @Test func everyReadGivesTheParentBack() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([reply("p", to: nil, seconds: 0), reply("r", to: "p")])
    try store.insert(Message(id: "note", sender: "me", sentAt: base, body: "an answer"))
    #expect(try store.message(id: "local-r")?.replyTo == "p")
    #expect(try store.message(id: "local-p")?.replyTo == nil)
    #expect(try store.message(msgid: "r", in: channel)?.replyTo == "p")
    let pages = [
      try store.messages(.older, from: nil, limit: 10),
      try store.messages(in: channel, .newer, from: nil, limit: 10),
      try store.messages(in: channel, fromPosition: 0, limit: 10),
      try store.search(query: "answer", tags: [], limit: 10, in: channel),
    ]
    for page in pages {
      #expect(page.first { $0.msgid == "r" }?.replyTo == "p")
      #expect(page.first { $0.msgid == "p" }.map { $0.replyTo == nil } == true)
    }
  }

  @Test func aSentReplyKeepsItsParentThroughTheOutboxAndTheEcho() throws {
    let store = try MessageStore.inMemory()
    let sent = Message(
      id: "local-1", sender: "alice", sentAt: base, body: "bob: yes", conversation: channel,
      replyTo: "p")
    try store.insertPending(
      sent,
      entry: IRCOutboxEntry(
        message: IRCOutgoing(id: "local-1", target: "#natter", body: "yes", replyTo: "p")))
    #expect(try store.message(id: "local-1")?.replyTo == "p")
    let confirmed = try store.confirm(id: "local-1", msgid: "s1", time: base).first
    #expect(confirmed?.replyTo == "p" && confirmed?.msgid == "s1")
    // An edit that drops the parent drops it.
    var edited = try #require(confirmed)
    edited.replyTo = nil
    try store.replace(edited)
    #expect(try store.message(id: "local-1")?.replyTo == nil)
  }

  /// The same message heard again (echo, playback): the stored parent stays; one that the
  /// first copy lacked (a server that dropped client tags) is added.
  @Test func mergingByMsgidKeepsOrAddsTheParent() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([reply("r", to: "p"), reply("plain", to: nil, seconds: 2)])
    #expect(try store.insertReceived([reply("r", to: nil)]).isEmpty)
    #expect(try store.insertReceived([reply("r", to: "other")]).isEmpty)
    #expect(try store.message(msgid: "r", in: channel)?.replyTo == "p")
    #expect(try store.insertReceived([reply("plain", to: "q", seconds: 2)]).isEmpty)
    #expect(try store.message(msgid: "plain", in: channel)?.replyTo == "q")
  }
}
