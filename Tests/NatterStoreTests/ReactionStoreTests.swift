import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Reactions (`+draft/react`, SPEC §13): stored once however often they are heard, kept by
/// msgid until their message comes, and read with the page they belong to.
@Suite struct ReactionStoreTests {
  private let channel = "ircs://irc.test/#natter"
  private let base = Date(timeIntervalSince1970: 1_800_000_000)

  private func heard(_ msgid: String, seconds: Double = 0, body: String? = nil) -> Message {
    Message(
      id: "local-\(msgid)", sender: "bob", sentAt: base.addingTimeInterval(seconds),
      body: body ?? "message \(msgid)", conversation: channel, msgid: msgid)
  }

  private func reaction(
    _ sender: String, _ emoji: String, to msgid: String = "m1", seconds: Double = 10,
    own: Bool = false, removed: Bool = false, in conversation: String? = nil
  ) -> Reaction {
    Reaction(
      conversation: conversation ?? channel, msgid: msgid, sender: sender, emoji: emoji,
      sentAt: base.addingTimeInterval(seconds), isOwn: own, removed: removed)
  }

  private func shown(_ store: MessageStore, _ msgid: String = "m1") throws -> [ReactionGroup] {
    try #require(try store.message(msgid: msgid, in: channel)).reactions
  }

  @Test func aReactionHeardAgainIsStoredOnceAndChangesNothing() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1")])
    let first = try store.apply([reaction("carol", "👍")])
    #expect(first.map(\.msgid) == ["m1"])
    #expect(
      first.first?.reactions == [ReactionGroup(emoji: "👍", senders: ["carol"], includesMe: false)])
    // The echo, a playback and a bouncer's replay: the same reaction, some at other times.
    #expect(try store.apply([reaction("carol", "👍")]).isEmpty)
    #expect(try store.apply([reaction("carol", "👍", seconds: 11)]).isEmpty)
    #expect(try store.db.integer("SELECT count(*) FROM reactions") == 1)
    #expect(try shown(store).map(\.count) == [1])
  }

  @Test func groupsFollowEachEmojisFirstReactionAndMarkTheOwnOne() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1")])
    // Given out of order: the times decide.
    let changed = try store.apply([
      reaction("dave", "🎉", seconds: 14),
      reaction("carol", "👍", seconds: 11),
      reaction("alice", "🎉", seconds: 12, own: true),
      reaction("erin", "👍", seconds: 13),
    ])
    #expect(changed.count == 1)
    let expected = [
      ReactionGroup(emoji: "👍", senders: ["carol", "erin"], includesMe: false),
      ReactionGroup(emoji: "🎉", senders: ["alice", "dave"], includesMe: true),
    ]
    #expect(changed.first?.reactions == expected)
    #expect(try shown(store) == expected)
    #expect(expected.map(\.count) == [2, 2])
  }

  @Test func aTakeBackRemovesOnlyThatPersonsEmoji() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1")])
    try store.apply([
      reaction("carol", "👍", seconds: 10), reaction("alice", "👍", seconds: 11, own: true),
      reaction("alice", "🎉", seconds: 12, own: true),
    ])
    let changed = try store.apply([reaction("alice", "👍", seconds: 20, own: true, removed: true)])
    #expect(
      changed.first?.reactions == [
        ReactionGroup(emoji: "👍", senders: ["carol"], includesMe: false),
        ReactionGroup(emoji: "🎉", senders: ["alice"], includesMe: true),
      ])
    // Taking back what is not there changes nothing.
    #expect(try store.apply([reaction("alice", "👍", seconds: 21, removed: true)]).isEmpty)
    #expect(try store.apply([reaction("zed", "🙃", seconds: 21, removed: true)]).isEmpty)
  }

  /// A bouncer replays a reaction after its take-back was heard: it stays taken back; a newer
  /// reaction of the same emoji brings it back.
  @Test func anOlderReactionHeardAfterItsTakeBackStaysTakenBack() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1")])
    try store.apply([reaction("carol", "👍", seconds: 10)])
    try store.apply([reaction("carol", "👍", seconds: 20, removed: true)])
    #expect(try store.apply([reaction("carol", "👍", seconds: 10)]).isEmpty)
    #expect(try shown(store).isEmpty)
    // A take-back heard before the reaction it takes back (a replay out of order) wins too.
    try store.apply([reaction("dave", "👍", seconds: 30, removed: true)])
    #expect(try store.apply([reaction("dave", "👍", seconds: 25)]).isEmpty)
    let again = try store.apply([reaction("carol", "👍", seconds: 40)])
    #expect(again.first?.reactions.first?.senders == ["carol"])
  }

  @Test func aReactionToAnUnknownMessageWaitsForIt() throws {
    let store = try MessageStore.inMemory()
    // A page of other messages in the conversation first: nothing is known to react to.
    try store.insertReceived([heard("m0")])
    #expect(try store.apply([reaction("carol", "👍", to: "m9")]).isEmpty)
    #expect(try store.messages(in: channel, .older, from: nil, limit: 10).first?.reactions == [])
    // The history's playback brings the message: it comes with its reaction.
    let stored = try store.insertReceived([heard("m9", seconds: 5)])
    #expect(stored.first?.reactions.first?.senders == ["carol"])
    #expect(
      try store.messages(in: channel, .older, from: nil, limit: 10).map(\.reactions.count) == [
        1, 0,
      ])
    #expect(try shown(store, "m9").first?.emoji == "👍")
  }

  @Test func everyReadFillsReactions() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1", body: "findable words"), heard("m2", seconds: 1)])
    try store.insert(Fixtures.message(1))
    try store.apply([reaction("carol", "👍"), reaction("dave", "❤️", to: "m2")])
    let want = ["m1": "👍", "m2": "❤️"]
    func check(_ messages: [Message]) {
      for message in messages {
        #expect(message.reactions.first?.emoji == message.msgid.flatMap { want[$0] })
      }
    }
    let page = try store.messages(.older, from: nil, limit: 10)
    #expect(page.count == 3)
    check(page)
    check(try store.messages(.newer, from: nil, limit: 10))
    check(try store.messages(fromPosition: 0, limit: 10))
    check(try store.messages(in: channel, fromPosition: 0, limit: 10))
    let found = try store.search(query: "findable", tags: [], limit: 5)
    #expect(found.map(\.msgid) == ["m1"])
    check(found)
    #expect(try store.message(id: "local-m2")?.reactions.first?.emoji == "❤️")
    #expect(try store.lastOwnMessage(sender: "bob", in: channel)?.reactions.count == 1)
  }

  /// A page of more msgids than one read binds is read in several, none missed.
  @Test func aLongPageIsReadInChunks() throws {
    let store = try MessageStore.inMemory()
    let count = (MessageStore.reactionReadSizes.last ?? 256) + 30
    try store.insertReceived((0..<count).map { heard("m\($0)", seconds: Double($0)) })
    try store.apply((0..<count).map { reaction("carol", "👍", to: "m\($0)", seconds: 1e5) })
    let page = try store.messages(in: channel, .newer, from: nil, limit: count)
    #expect(page.count == count)
    #expect(page.allSatisfy { $0.reactions.first?.senders == ["carol"] })
  }

  /// One indexed read per page: the key's first two columns, never a scan.
  @Test func thePageReadSeeksTheKey() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1")])
    try store.apply([reaction("carol", "👍")])
    let explain = try store.db.prepare(
      """
      EXPLAIN QUERY PLAN SELECT msgid, sender, emoji, is_own FROM reactions
      WHERE conversation_id = 2 AND msgid IN ('a', 'b', NULL) AND removed = 0
      ORDER BY sent_at, sender, emoji
      """)
    var plan: [String] = []
    while try explain.step() { plan.append(explain.text(3)) }
    #expect(plan.contains { $0.contains("PRIMARY KEY (conversation_id=? AND msgid=?)") }, "\(plan)")
  }

  /// SPEC §8's budget holds at any history size because a page costs a fixed number of
  /// queries: one for its reactions, whatever their number, and none where no one reacted.
  @Test func aPageReadsItsReactionsInOneQueryAndNoneWhereNoOneReacted() throws {
    let store = try MessageStore.inMemory()
    let quiet = "ircs://irc.test/#quiet"
    var messages = (0..<200).map { heard("m\($0)", seconds: Double($0)) }
    messages += (0..<50).map {
      var message = heard("q\($0)", seconds: Double($0))
      message.conversation = quiet
      return message
    }
    try store.insertReceived(messages)
    try store.apply((0..<200).map { reaction("u\($0 % 3)", "👍", to: "m\($0)", seconds: 1e4) })
    _ = try store.messages(in: quiet, .older, from: nil, limit: 50)
    func reactionQueries(_ read: () throws -> [Message]) throws -> (Int, [Message]) {
      var page: [Message] = []
      let sql = try store.db.statementsRun { page = try read() }
      return (sql.filter { $0.contains("FROM reactions") }.count, page)
    }
    let (busy, page) = try reactionQueries {
      try store.messages(in: channel, .older, from: nil, limit: 200)
    }
    #expect(busy == 1)
    #expect(page.count == 200 && page.allSatisfy { $0.reactions.count == 1 })
    let (none, quietPage) = try reactionQueries {
      try store.messages(in: quiet, .older, from: nil, limit: 50)
    }
    #expect(none == 0 && quietPage.count == 50)
  }

  @Test func aConversationWithoutReactionsIsNotAskedAgain() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1")])
    _ = try store.messages(in: channel, .older, from: nil, limit: 10)
    let id = try store.conversationRowID(url: channel)
    #expect(store.conversationsWithReactions[id] == false)
    // A reaction stored from here on is seen by the next read.
    try store.apply([reaction("carol", "👍")])
    #expect(store.conversationsWithReactions[id] == true)
    #expect(
      try store.messages(in: channel, .older, from: nil, limit: 10).first?.reactions.count == 1)
  }

  /// What this store knows about a conversation without reactions is forgotten when another
  /// connection (a `natter --import` beside the window) writes.
  @Test func reactionsAnotherConnectionStoredAreReadAfterItsChangeIsNoticed() throws {
    let dir = try TemporaryDirectory()
    let window = try Fixtures.store(in: dir)
    try window.insertReceived([heard("m1")])
    _ = try window.changedByOthers()
    #expect(try window.messages(in: channel, .older, from: nil, limit: 5).first?.reactions == [])
    let other = try Fixtures.store(in: dir)
    try other.apply([reaction("carol", "👍")])
    #expect(try window.changedByOthers())
    #expect(
      try window.messages(in: channel, .older, from: nil, limit: 5).first?.reactions.count == 1)
  }

  @Test func aReactionToALaterLineCountsForItsMessage() throws {
    let store = try MessageStore.inMemory()
    let sent = Message(
      id: "local-1", sender: "alice", sentAt: base, body: "two\nlines", conversation: channel)
    try store.insertPending(
      sent, entry: IRCOutboxEntry(message: IRCOutgoing(id: "local-1", target: "#natter", body: "")))
    try store.confirm(id: "local-1", msgid: "line1", time: base)
    try store.noteLine(msgid: "line2", of: "local-1")
    let changed = try store.apply([reaction("bob", "👀", to: "line2")])
    #expect(changed.map(\.id) == ["local-1"])
    #expect(try store.message(msgid: "line2", in: channel)?.id == "local-1")
    #expect(try store.message(id: "local-1")?.reactions.first?.senders == ["bob"])
  }

  @Test func aMessageByMsgidIsFoundOnlyInItsConversation() throws {
    let store = try MessageStore.inMemory()
    try store.insertReceived([heard("m1")])
    #expect(try store.message(msgid: "m1", in: channel)?.id == "local-m1")
    #expect(try store.message(msgid: "m1", in: "ircs://irc.test/#other") == nil)
    #expect(try store.message(msgid: "nope", in: channel) == nil)
  }

  /// A private chat follows a nickname change with its reactions, also into an earlier chat.
  @Test func renamingAChatMovesItsReactions() throws {
    let bob = "irc://irc.test/bob"
    let robert = "irc://irc.test/robert"
    let store = try MessageStore.inMemory()
    var old = heard("r0")
    old.conversation = robert
    var new = heard("b1", seconds: 5)
    new.conversation = bob
    try store.insertReceived([old, new])
    try store.apply([
      reaction("alice", "👍", to: "r0", own: true, in: robert),
      reaction("bob", "👍", to: "b1", in: bob),
      reaction("bob", "🎉", to: "waiting", in: bob),
    ])
    try store.setOpen(robert, false)
    try store.setOpen(bob, true)
    #expect(try store.renameConversation(from: bob, to: robert))
    #expect(try store.message(msgid: "b1", in: robert)?.reactions.first?.senders == ["bob"])
    #expect(try store.message(msgid: "r0", in: robert)?.reactions.first?.includesMe == true)
    #expect(try store.db.integer("SELECT count(*) FROM reactions") == 3)
    // The one still waiting for its message waits in the renamed chat.
    var late = heard("waiting", seconds: 9)
    late.conversation = robert
    #expect(try store.insertReceived([late]).first?.reactions.first?.emoji == "🎉")
  }
}

/// Anyone can react with any short text to any msgid: what the store keeps stays bounded.
@Suite struct ReactionBoundsTests {
  private let channel = "ircs://irc.test/#natter"

  private func reaction(_ msgid: String, _ sender: String, _ emoji: String) -> Reaction {
    Reaction(
      conversation: channel, msgid: msgid, sender: sender, emoji: emoji,
      sentAt: Date(timeIntervalSince1970: 1_800_000_000))
  }

  @Test func oneMessageShowsAtMostTwentyEmojiAndEightFromOnePerson() throws {
    let store = try MessageStore.inMemory()
    _ = try store.insertReceived([
      Message(
        id: "m1", sender: "bob", sentAt: Date(timeIntervalSince1970: 1_799_999_999),
        body: "hi", conversation: channel, msgid: "m1")
    ])
    _ = try store.apply((0..<30).map { reaction("m1", "p\($0)", "e\($0)") })
    #expect(try store.message(msgid: "m1", in: channel)?.reactions.count == 20)
    // An emoji already shown still takes more people.
    _ = try store.apply([reaction("m1", "late", "e0")])
    #expect(try store.message(msgid: "m1", in: channel)?.reactions.first?.count == 2)
    _ = try store.apply((0..<12).map { reaction("m1", "spam", "e\($0)") })
    let bySpam = try store.message(msgid: "m1", in: channel)?.reactions
      .filter { $0.senders.contains("spam") }.count
    #expect(bySpam == 8)
  }

  @Test func reactionsWaitingForUnknownMessagesAreBounded() throws {
    let store = try MessageStore.inMemory()
    // 600 msgids no one sent: the first 500 wait, the rest are dropped.
    _ = try store.apply((0..<600).map { reaction("ghost\($0)", "bob", "👍") })
    _ = try store.insertReceived(
      ["ghost0", "ghost599"].map { msgid in
        Message(
          id: msgid, sender: "bob", sentAt: Date(timeIntervalSince1970: 1_799_999_999),
          body: msgid, conversation: channel, msgid: msgid)
      })
    #expect(try store.message(msgid: "ghost0", in: channel)?.reactions.count == 1)
    #expect(try store.message(msgid: "ghost599", in: channel)?.reactions.isEmpty == true)
  }
}
