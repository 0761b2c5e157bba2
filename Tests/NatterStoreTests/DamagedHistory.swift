import Foundation
import NatterCore
import SeededRandom

@testable import NatterStore

/// A history of messages with unique random ids and bodies (some long enough to overflow a
/// page, some tagged, in several conversations), and what a damaged copy of it still holds
/// physically, worked out from the bytes alone and not by the reader under test.
struct DamagedHistory {
  static let count = 2000
  static let channels = [
    "ircs://irc.test/#natter", "ircs://irc.test/#swift", "irc://other.test/#gtk",
  ]

  let originals: [Message]
  let byID: [String: Message]

  init(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    // Capitals only: the search index keeps its words folded to lower case, so no window of
    // a body can be found on one of its pages.
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    func text(_ length: Int) -> String {
      String(
        decoding: (0..<length).map { _ in letters[Int.random(in: 0..<26, using: &random)] },
        as: UTF8.self)
    }
    var messages: [Message] = []
    for n in 0..<Self.count {
      let hex = (0..<16).map { _ in
        String(format: "%02x", UInt8.random(in: 0...255, using: &random))
      }
      .joined()
      let id = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
        String(hex.dropFirst(range.lowerBound).prefix(range.count))
      }.joined(separator: "-")
      let length =
        n % 100 == 0
        ? Int.random(in: 4500...9000, using: &random)
        : Int.random(in: 20...120, using: &random)
      var tags: [String] = []
      if n % 3 == 0 { tags.append("t\(n % 7)") }
      if n % 9 == 0 { tags.append("Topic\(n % 5)") }
      messages.append(
        Message(
          id: id, sender: ["alice", "bob", "carol"][n % 3],
          sentAt: Fixtures.baseDate.addingTimeInterval(Double(n)), body: "m\(n) " + text(length),
          tags: tags, conversation: n % 4 == 0 ? Message.notes : Self.channels[n % 3]))
    }
    originals = messages
    byID = Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) })
  }

  /// Stores `messages` in a new history in `dir`, each in its own transaction.
  static func store(_ messages: ArraySlice<Message>, into store: MessageStore) throws {
    try store.db.execute("PRAGMA synchronous = OFF")
    for message in messages { try store.insert(message) }
  }

  /// What of a damaged copy is still as it was: the pages that differ from the pristine file
  /// (or are missing from it) are lost, and with them every message that had a byte on one
  /// of them that was the messages table's (SQLite's `dbstat` says which: its indexes hold
  /// the ids too, and losing one of theirs loses no message).
  struct Damage {
    /// Every 8-byte window of the lost pages' original bytes.
    private var windows = Set<UInt64>()
    /// A hash of every 36-byte window (an id's length) of them.
    private var idWindows = Set<UInt64>()
    private var lostBytes: [[UInt8]] = []
    private(set) var lostPages = 0

    init(pristine: [UInt8], damaged: [UInt8], messagePages: Set<Int>, pageSize: Int = 4096) {
      for start in stride(from: 0, to: pristine.count, by: pageSize) {
        let end = min(start + pageSize, pristine.count)
        let page = Array(pristine[start..<end])
        guard end > damaged.count || !page.elementsEqual(damaged[start..<end]) else { continue }
        lostPages += 1
        lostBytes.append(page)
        guard messagePages.contains(start / pageSize + 1) else { continue }
        for index in 0..<max(0, page.count - 7) { windows.insert(Self.word(page, index)) }
        for index in 0..<max(0, page.count - 35) {
          idWindows.insert(Self.hash(page[index..<(index + 36)]))
        }
      }
    }

    /// Whether none of the message's id and body bytes lay on a lost page.
    func isIntact(_ message: Message) -> Bool {
      let body = Array(message.body.utf8)
      guard !idWindows.contains(Self.hash(Array(message.id.utf8)[...])) else { return false }
      var index = 0
      while index + 8 <= body.count {
        if windows.contains(Self.word(body, index)) { return false }
        index += 4
      }
      return body.count < 8 || !windows.contains(Self.word(body, body.count - 8))
    }

    /// Whether `text` was on a lost page (a conversation's URL: its row may be lost).
    func lost(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      return lostBytes.contains { page in
        page.count >= bytes.count
          && (0...(page.count - bytes.count)).contains {
            page[$0..<($0 + bytes.count)].elementsEqual(bytes)
          }
      }
    }

    private static func word(_ bytes: [UInt8], _ at: Int) -> UInt64 {
      bytes[at..<(at + 8)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
      bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
  }

  /// How a salvage did against the messages known intact: its share of them, and whether
  /// every message it gave is an original one. A message whose conversation's row was lost
  /// may come back in Notes (as specified), and one whose tag rows were lost with fewer tags.
  struct Outcome {
    let share: Double
    let recovered: Int
    let intact: Int
    let salvaged: Int
    /// Salvaged messages that are no original's, or repeat one.
    let strangers: [String]
    /// Salvaged messages exactly equal to their original, tags and conversation included.
    let exact: Int
  }

  func outcome(
    of salvaged: [Message], intact: Set<String>, conversationLost: (String) -> Bool
  ) -> Outcome {
    var seen = Set<String>()
    var strangers: [String] = []
    var exact = 0
    for message in salvaged {
      guard seen.insert(message.id).inserted, let original = byID[message.id] else {
        strangers.append(message.id)
        continue
      }
      var tagsLeft = original.tags[...]
      let tagsFit = message.tags.allSatisfy { tag in
        guard let at = tagsLeft.firstIndex(of: tag) else { return false }
        tagsLeft = tagsLeft[(at + 1)...]
        return true
      }
      let conversationFits =
        message.conversation == original.conversation
        || (message.conversation == Message.notes && conversationLost(original.conversation))
      var same = message
      same.tags = original.tags
      same.conversation = original.conversation
      guard same == original, tagsFit, conversationFits else {
        strangers.append(message.id)
        continue
      }
      if message == original { exact += 1 }
    }
    let recovered = intact.intersection(seen).count
    return Outcome(
      share: intact.isEmpty ? 1 : Double(recovered) / Double(intact.count), recovered: recovered,
      intact: intact.count, salvaged: salvaged.count, strangers: strangers, exact: exact)
  }
}
