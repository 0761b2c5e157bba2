import Foundation
import NatterCore
import Testing

@testable import NatterStore

/// A database with a valid header and damaged pages is found, moved aside, and every message
/// that can still be read is salvaged into the new history (issue 13).
@Suite struct CorruptionRecoveryTests {
  static let count = 2000

  /// A closed history of `count` messages, and the pages of its messages table's leaves.
  private func damagedHistory(in dir: TemporaryDirectory, leaves: (Int) -> [Int])
    throws -> (originals: [String: Message], damaged: [Int])
  {
    var originals: [String: Message] = [:]
    var damaged: [Int] = []
    do {
      let store = try Fixtures.store(in: dir)
      // Setting up needs no fsync per message.
      try store.db.execute("PRAGMA synchronous = OFF")
      for n in 0..<Self.count {
        let message = Fixtures.message(
          n, body: "message \(n) " + String(repeating: "z", count: 300), tags: ["t\(n % 7)"])
        try store.insert(message)
        originals[message.id] = message
      }
      try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      let pages = try store.db.texts(
        "SELECT pageno FROM dbstat WHERE name = 'messages' AND pagetype = 'leaf' ORDER BY pageno"
      ).compactMap { Int($0) }
      damaged = leaves(pages.count).map { pages[$0] }
    }
    let fd = open(dir.databaseURL.path, O_WRONLY)
    defer { close(fd) }
    let garbage = [UInt8]((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    for page in damaged {
      _ = garbage.withUnsafeBytes { pwrite(fd, $0.baseAddress, 4096, off_t((page - 1) * 4096)) }
    }
    return (originals, damaged)
  }

  @Test func damagedPagesBehindAValidHeaderAreFoundMovedAsideAndSalvaged() throws {
    let dir = try TemporaryDirectory()
    let (originals, damaged) = try damagedHistory(in: dir) { leaves in
      [leaves / 3, leaves / 3 + 1, 2 * leaves / 3]
    }
    #expect(damaged.count == 3)
    let before = try Data(contentsOf: dir.databaseURL)
    // The header is fine, so the file opens as it did before this fix: no banner, no check.
    let result = MessageStore.open(dataDirectory: dir.url)
    guard case .opened(let store) = result else {
      Issue.record("expected the damaged file to open, got \(result)")
      return
    }
    let problems = MessageStore.quickCheck(of: dir.databaseURL)
    #expect(problems != ["ok"])

    let now = Date(timeIntervalSince1970: 1_795_978_541)
    let recovery = try store.recoverFromCorruption(now: now)
    #expect(recovery.movedAside.lastPathComponent == "natter.sqlite3.corrupt-20261129T185541Z")
    #expect(try Data(contentsOf: recovery.movedAside) == before)
    // Three leaves of a few messages each are lost; every other message comes back whole.
    #expect(recovery.salvaged < Self.count && recovery.salvaged > Self.count - 60)
    #expect(try store.count() == recovery.salvaged)
    var checked = 0
    for (id, original) in originals {
      guard let restored = try store.message(id: id) else { continue }
      #expect(restored == original)
      checked += 1
    }
    #expect(checked == recovery.salvaged)
    #expect(recovery.bannerMessage.contains("the \(recovery.salvaged) messages that could be read"))
    #expect(MessageStore.quickCheck(of: dir.databaseURL) == ["ok"])
    // The new history works and its search index has the salvaged bodies.
    try store.insert(Fixtures.message(Self.count + 1))
    #expect(try store.search(query: "message", tags: [], limit: 10).count == 10)
  }

  @Test func aSoundFilePassesTheCheck() throws {
    let dir = try TemporaryDirectory()
    let store = try Fixtures.store(in: dir)
    try store.insert(Fixtures.message(1))
    #expect(MessageStore.quickCheck(of: dir.databaseURL) == ["ok"])
  }

  @Test func damagedLastLeafIsSalvagedUpToIt() throws {
    let dir = try TemporaryDirectory()
    let (_, damaged) = try damagedHistory(in: dir) { leaves in [leaves - 1, 0] }
    #expect(damaged.count == 2)
    guard case .opened(let store) = MessageStore.open(dataDirectory: dir.url) else {
      Issue.record("expected the damaged file to open")
      return
    }
    let recovery = try store.recoverFromCorruption()
    #expect(recovery.salvaged > Self.count - 40 && recovery.salvaged < Self.count)
  }

  @Test func aDamagedFileFoundAtOpenIsSalvagedToo() throws {
    let dir = try TemporaryDirectory()
    let (originals, _) = try damagedHistory(in: dir) { _ in [] }
    // Garbage in the schema page: SQLite cannot even open the file, but the pages that hold
    // the messages are whole, and the page reader needs no schema (issue 30).
    let fd = open(dir.databaseURL.path, O_WRONLY)
    let garbage = [UInt8](repeating: 0xA5, count: 3000)
    _ = garbage.withUnsafeBytes { pwrite(fd, $0.baseAddress, 3000, 100) }
    close(fd)
    let result = MessageStore.open(dataDirectory: dir.url)
    guard case .recovered(let store, let recovery, _) = result else {
      Issue.record("expected a recovery, got \(result)")
      return
    }
    #expect(recovery.salvaged == Self.count)
    #expect(result.bannerMessage?.contains("the \(Self.count) messages that could be read") == true)
    for (id, original) in originals.prefix(50) { #expect(try store.message(id: id) == original) }
  }

  @Test func aFileOfGarbageSalvagesNothingAndSaysSo() throws {
    let dir = try TemporaryDirectory()
    _ = try damagedHistory(in: dir) { _ in [] }
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: dir.databaseURL.path)[.size] as? Int)
    let fd = open(dir.databaseURL.path, O_WRONLY)
    let garbage = [UInt8](repeating: 0xA5, count: size - 100)
    _ = garbage.withUnsafeBytes { pwrite(fd, $0.baseAddress, size - 100, 100) }
    close(fd)
    let result = MessageStore.open(dataDirectory: dir.url)
    guard case .recovered(_, let recovery, _) = result else {
      Issue.record("expected a recovery, got \(result)")
      return
    }
    #expect(recovery.salvaged == 0)
    #expect(result.bannerMessage?.contains("no message could be read") == true)
  }
}

/// Salvage keeps what IRC added to a message: its conversation, the server's msgid, its kind,
/// a failure's reason, the mention flag and the parent it replies to; a message still waiting to be sent becomes failed
/// (whether it went out cannot be known) instead of going out a second time.
@Suite struct SalvageKeepsIRCTests {
  @Test func salvagedMessagesKeepTheirIRCColumns() throws {
    let dir = try TemporaryDirectory()
    let channel = "ircs://irc.test/#natter"
    var originals: [Message] = []
    do {
      let store = try Fixtures.store(in: dir)
      try store.insert(Fixtures.message(0, body: "a note"))
      var heard = Fixtures.message(1, sender: "bob", body: "hello alice")
      heard.conversation = channel
      heard.msgid = "srv1"
      heard.mentionsMe = true
      heard.replyTo = "srv0"
      var action = Fixtures.message(2, sender: "bob", body: "waves")
      action.conversation = channel
      action.msgid = "srv2"
      action.kind = .action
      var status = Fixtures.message(3, sender: "", body: "carol joined")
      status.conversation = channel
      status.kind = .status
      try store.insertReceived([heard, action, status])
      var refused = Fixtures.message(4, sender: "alice", body: "refused")
      refused.conversation = channel
      try store.insertPending(
        refused,
        entry: IRCOutboxEntry(message: IRCOutgoing(id: refused.id, target: "#natter", body: "x")))
      _ = try store.fail(id: refused.id, reason: "Cannot send to channel")
      var waiting = Fixtures.message(5, sender: "alice", body: "waiting")
      waiting.conversation = channel
      try store.insertPending(
        waiting,
        entry: IRCOutboxEntry(message: IRCOutgoing(id: waiting.id, target: "#natter", body: "w")))
      originals = try (0...5).compactMap { try store.message(id: Fixtures.message($0).id) }
      #expect(originals.count == 6)
      let recovery = try store.recoverFromCorruption()
      #expect(recovery.salvaged == 6)
      for original in originals.dropLast() {
        #expect(try store.message(id: original.id) == original)
      }
      let salvagedWaiting = try #require(try store.message(id: waiting.id))
      #expect(salvagedWaiting.delivery == .failed)
      #expect(salvagedWaiting.failureReason == SalvageShape.pendingReason)
      #expect(salvagedWaiting.conversation == channel)
      // Nothing is left to go out on its own; the server's msgids still deduplicate.
      #expect(try store.pendingOutbox().isEmpty)
      #expect(try store.insertReceived([heard]).isEmpty)
      #expect(try store.count(conversation: channel) == 5)
    }
  }

  /// A file from before replies (version 9) has no `reply_to` to read: salvage reads the
  /// columns it has.
  @Test func aVersion9FileIsSalvagedWithoutReplies() throws {
    let dir = try TemporaryDirectory()
    do {
      let db = try SQLiteConnection(path: dir.databaseURL.path)
      try Schema.migrate(db, upTo: 9)
      try db.execute(
        """
        INSERT INTO conversations (id, url, name) VALUES (2, 'irc://irc.test/#c', '#c');
        INSERT INTO messages (id, sender, sent_at, body, conversation_id, msgid, formatted)
          VALUES ('m1', 'bob', 1795978541000, 'bold', 2, 'srv1', char(2) || 'bold');
        """)
    }
    var salvaged: [Message] = []
    MessageStore.readSalvageable(from: dir.databaseURL) { salvaged += $0 }
    #expect(salvaged.map(\.id) == ["m1"])
    #expect(salvaged.first?.formatted == "\u{2}bold" && salvaged.first?.msgid == "srv1")
    #expect(salvaged.first?.conversation == "irc://irc.test/#c")
  }
}
