import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// Export and import carry a reply's parent and a message's reactions (SPEC §6, §13).
@Suite struct ReactionTransferTests {
  private let channel = "ircs://irc.test/#natter"

  private func filledStore(in dir: TemporaryDirectory) throws -> MessageStore {
    let store = try Fixtures.store(in: dir)
    let parent = Message(
      id: "l1", sender: "bob", sentAt: Fixtures.baseDate, body: "lunch?", conversation: channel,
      msgid: "p1")
    let answer = Message(
      id: "l2", sender: "alice", sentAt: Fixtures.baseDate.addingTimeInterval(1), body: "yes",
      conversation: channel, msgid: "p2", replyTo: "p1")
    try store.insertReceived([parent, answer])
    func at(_ seconds: Double) -> Date { Fixtures.baseDate.addingTimeInterval(seconds) }
    try store.apply([
      Reaction(conversation: channel, msgid: "p1", sender: "carol", emoji: "👍", sentAt: at(2)),
      Reaction(
        conversation: channel, msgid: "p1", sender: "alice", emoji: "🍕", sentAt: at(3.5),
        isOwn: true),
      // Taken back, and waiting for a message that is not stored: neither is exported.
      Reaction(conversation: channel, msgid: "p2", sender: "bob", emoji: "x", sentAt: at(4)),
      Reaction(
        conversation: channel, msgid: "p2", sender: "bob", emoji: "x", sentAt: at(5),
        removed: true),
      Reaction(conversation: channel, msgid: "gone", sender: "bob", emoji: "y", sentAt: at(4)),
    ])
    return store
  }

  private func text(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  @Test func exportWritesTheParentAndTheShownReactions() throws {
    let dir = try TemporaryDirectory()
    let store = try filledStore(in: dir)
    try store.export(to: dir.file("out.jsonl"))
    #expect(
      try text(dir.file("out.jsonl")) == #"""
        {"id":"p1","sender":"bob","sent_at":"2026-11-29T18:55:41Z","body":"lunch?","tags":[],"edited":false,"conversation":"ircs://irc.test/#natter","reactions":[{"sender":"carol","emoji":"👍","sent_at":"2026-11-29T18:55:43Z","own":false},{"sender":"alice","emoji":"🍕","sent_at":"2026-11-29T18:55:44.500Z","own":true}]}
        {"id":"p2","sender":"alice","sent_at":"2026-11-29T18:55:42Z","body":"yes","tags":[],"edited":false,"conversation":"ircs://irc.test/#natter","reply_to":"p1"}

        """#)
  }

  @Test func importGivesThemBackOnceAndExportsTheSameBytes() throws {
    let dir = try TemporaryDirectory()
    try filledStore(in: dir).export(to: dir.file("first.jsonl"))
    let other = try TemporaryDirectory()
    let target = try Fixtures.store(in: other)
    #expect(try target.import(from: dir.file("first.jsonl")).inserted == 2)
    let parent = try #require(try target.message(msgid: "p1", in: channel))
    #expect(
      parent.reactions == [
        ReactionGroup(emoji: "👍", senders: ["carol"], includesMe: false),
        ReactionGroup(emoji: "🍕", senders: ["alice"], includesMe: true),
      ])
    #expect(try target.message(msgid: "p2", in: channel)?.replyTo == "p1")
    // Importing again adds nothing, reactions included.
    #expect(try target.import(from: dir.file("first.jsonl")).skippedDuplicates == 2)
    #expect(try target.db.integer("SELECT count(*) FROM reactions") == 2)
    try target.export(to: other.file("second.jsonl"))
    #expect(try text(other.file("second.jsonl")) == (try text(dir.file("first.jsonl"))))
  }

  /// A line for a message already stored adds what the store lacks: its parent and reactions
  /// (as the server's copy would); one taken back since stays taken back.
  @Test func importingAStoredMessageMergesItsReactions() throws {
    let dir = try TemporaryDirectory()
    let store = try filledStore(in: dir)
    let file = dir.file("in.jsonl")
    try Fixtures.write(
      #"""
      {"id":"p2","sender":"alice","sent_at":"2026-11-29T18:55:42Z","body":"yes","conversation":"ircs://irc.test/#natter","reactions":[{"sender":"dave","emoji":"🎉","sent_at":"2026-11-29T18:56:00Z"},{"sender":"bob","emoji":"x","sent_at":"2026-11-29T18:55:45Z"}]}
      {"id":"p1","sender":"bob","sent_at":"2026-11-29T18:55:41Z","body":"lunch?","conversation":"ircs://irc.test/#natter","reply_to":"p0"}
      """#, to: file)
    #expect(try store.import(from: file) == ImportSummary(inserted: 0, skippedDuplicates: 2))
    let answer = try #require(try store.message(msgid: "p2", in: channel))
    #expect(answer.reactions == [ReactionGroup(emoji: "🎉", senders: ["dave"], includesMe: false)])
    #expect(try store.message(msgid: "p1", in: channel)?.replyTo == "p0")
  }

  @Test func aFileFromBeforeRepliesImportsAsBefore() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let file = dir.file("old.jsonl")
    try Fixtures.write(
      #"{"id":"s1","sender":"bob","sent_at":"2026-11-29T18:55:41Z","body":"hi","tags":[],"edited":false,"conversation":"ircs://irc.test/#natter"}"#
        + "\n", to: file)
    #expect(try store.import(from: file).inserted == 1)
    let message = try #require(try store.message(msgid: "s1", in: channel))
    #expect(message.replyTo == nil && message.reactions.isEmpty)
    try store.export(to: dir.file("again.jsonl"))
    #expect(try text(dir.file("again.jsonl")) == (try text(file)))
  }

  static let prefix =
    #"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b","conversation":"irc://i/#c""#
  static let badLines: [(String, String)] = [
    (prefix + #","reply_to":7}"#, "\"reply_to\" must be a string, found a number"),
    (prefix + #","reply_to":""}"#, "\"reply_to\" is empty"),
    (prefix + #","reactions":{}}"#, "\"reactions\" must be an array of objects"),
    (prefix + #","reactions":["👍"]}"#, "reaction 1: expected a JSON object, found a string"),
    (
      prefix
        + #","reactions":[{"sender":"a","emoji":"e","sent_at":"2026-11-29T18:55:41Z"},{"sender":"a"}]}"#,
      "reaction 2: missing \"emoji\""
    ),
    (
      prefix + #","reactions":[{"sender":"","emoji":"e","sent_at":"2026-11-29T18:55:41Z"}]}"#,
      "reaction 1: \"sender\" is empty"
    ),
    (
      prefix + #","reactions":[{"sender":"a","emoji":"e","sent_at":"soon"}]}"#,
      "reaction 1: \"sent_at\" is not an ISO-8601"
    ),
    (
      prefix
        + #","reactions":[{"sender":"a","emoji":"e","sent_at":"2026-11-29T18:55:41Z","own":1}]}"#,
      "reaction 1: \"own\" must be true or false"
    ),
    (
      prefix + #","reactions":[{"sender":"a","sender":"b","emoji":"e"}]}"#,
      "reaction 1: duplicate key \"sender\""
    ),
    (
      #"{"id":"x","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"b","reactions":[{"sender":"a","emoji":"e","sent_at":"2026-11-29T18:55:41Z"}]}"#,
      "only a message from a server can have \"reactions\""
    ),
  ]

  @Test(arguments: badLines)
  func aWrongReplyOrReactionIsNamedByLineAndNothingIsImported(line: String, reason: String)
    throws
  {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    let good =
      #"{"id":"g","sender":"s","sent_at":"2026-11-29T18:55:41Z","body":"fine","conversation":"irc://i/#c","reactions":[{"sender":"a","emoji":"e","sent_at":"2026-11-29T18:55:41Z"}]}"#
    let file = dir.file("in.jsonl")
    try Fixtures.write(good + "\n" + line + "\n", to: file)
    do {
      _ = try store.import(from: file)
      Issue.record("import of a bad line succeeded")
    } catch .invalidLines(let problems, let total) {
      #expect(total == 1 && problems.map(\.line) == [2])
      #expect(problems.first?.reason.hasPrefix(reason) == true, "\(problems)")
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(try store.count() == 0)
    #expect(try store.db.integer("SELECT count(*) FROM reactions") == 0)
  }
}
