import Foundation
import NatterCore
import SeededRandom
import Testing

@testable import NatterStore

/// Salvage against a history of 2,000 messages damaged in each shape a disk or a crash gives:
/// pages overwritten (page 1 among them), the file cut short, a torn WAL. What is physically
/// intact is worked out from the bytes (`DamagedHistory.Damage`) or by SQLite itself, never by
/// the reader; at least 99% of it must come back, and nothing that was never stored (issue 30).
@Suite struct PageSalvageTests {
  /// A closed, checkpointed history of `history` in `dir`: its bytes, and the pages of its
  /// messages table (leaves, interior and overflow pages).
  private func pristine(_ history: DamagedHistory, in dir: TemporaryDirectory) throws
    -> (bytes: [UInt8], messagePages: Set<Int>)
  {
    var pages: [String] = []
    do {
      let store = try Fixtures.store(in: dir)
      try DamagedHistory.store(history.originals[...], into: store)
      try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      pages = try store.db.texts("SELECT pageno FROM dbstat WHERE name = 'messages'")
    }
    return ([UInt8](try Data(contentsOf: dir.databaseURL)), Set(pages.compactMap { Int($0) }))
  }

  /// Salvages `file` by its pages alone, then as a recovery does (pages, then queries), and
  /// checks both against the ids known intact; prints the shares for the issue's record.
  private func salvage(
    _ file: URL, _ history: DamagedHistory, intact: Set<String>, label: String,
    conversationLost: (String) -> Bool = { _ in false }
  ) -> [Message] {
    var byPages: [Message] = []
    PageSalvage(file)?.read(batch: MessageStore.salvageBatch) { byPages += $0.map(\.message) }
    var all: [Message] = []
    MessageStore.readSalvageable(from: file) { all += $0 }
    for (pass, salvaged) in [("pages", byPages), ("pages and queries", all)] {
      let outcome = history.outcome(
        of: salvaged, intact: intact, conversationLost: conversationLost)
      let share = String(format: "%.4f", outcome.share)
      print(
        "salvage share, \(label), \(pass): \(share) (\(outcome.recovered) of \(outcome.intact)"
          + " intact; \(outcome.salvaged) salvaged, \(outcome.exact) exactly as stored)")
      #expect(outcome.share >= 0.99, "\(label), \(pass)")
      #expect(outcome.strangers.isEmpty, "\(label), \(pass): \(outcome.strangers.prefix(5))")
    }
    return all
  }

  @Test(arguments: [(UInt64(1), false), (UInt64(2), true), (UInt64(3), true)])
  func overwrittenPages(seed: UInt64, withFirstPage: Bool) throws {
    let dir = try TemporaryDirectory()
    let history = DamagedHistory(seed: 100 + seed)
    let (pristine, messagePages) = try pristine(history, in: dir)
    var random = SeededGenerator(seed: seed)
    let pageCount = pristine.count / 4096
    // The share measured before this reader: 37 of 209 pages.
    let lost = pageCount * 37 / 209
    var chosen: Set<Int> = withFirstPage ? [1] : []
    while chosen.count < lost { chosen.insert(Int.random(in: 1...pageCount, using: &random)) }
    var damaged = pristine
    for page in chosen {
      for index in ((page - 1) * 4096)..<(page * 4096) {
        damaged[index] = UInt8.random(in: 0...255, using: &random)
      }
    }
    let file = dir.file("damaged.sqlite3")
    try Data(damaged).write(to: file)
    let damage = DamagedHistory.Damage(
      pristine: pristine, damaged: damaged, messagePages: messagePages)
    #expect(damage.lostPages == lost)
    let intact = Set(history.originals.filter(damage.isIntact).map(\.id))
    #expect(intact.count > 1000)
    let first = chosen.contains(1) ? ", page 1 among them" : ""
    _ = salvage(
      file, history, intact: intact, label: "\(lost) of \(pageCount) pages overwritten\(first)",
      conversationLost: damage.lost)
  }

  @Test(arguments: [UInt64(4), UInt64(5)])
  func truncatedFile(seed: UInt64) throws {
    let dir = try TemporaryDirectory()
    let history = DamagedHistory(seed: 100 + seed)
    let (pristine, messagePages) = try pristine(history, in: dir)
    var random = SeededGenerator(seed: seed)
    let cut = Int.random(in: (pristine.count / 4)...(pristine.count * 9 / 10), using: &random)
    let damaged = Array(pristine.prefix(cut))
    let file = dir.file("cut.sqlite3")
    try Data(damaged).write(to: file)
    let damage = DamagedHistory.Damage(
      pristine: pristine, damaged: damaged, messagePages: messagePages)
    let intact = Set(history.originals.filter(damage.isIntact).map(\.id))
    #expect(intact.count > 100)
    _ = salvage(
      file, history, intact: intact,
      label: "cut at \(cut) of \(pristine.count) bytes", conversationLost: damage.lost)
  }

  @Test(arguments: [(UInt64(6), false), (UInt64(7), true)])
  func tornWAL(seed: UInt64, garbled: Bool) throws {
    let dir = try TemporaryDirectory()
    let history = DamagedHistory(seed: 100 + seed)
    let torn = dir.file("torn.sqlite3")
    let manager = FileManager.default
    do {
      let store = try Fixtures.store(in: dir)
      try DamagedHistory.store(history.originals.prefix(1500), into: store)
      try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      try store.db.execute("PRAGMA wal_autocheckpoint = 0")
      try DamagedHistory.store(history.originals.dropFirst(1500), into: store)
      // Copied while the store is open, before anything checkpoints the last 500.
      try manager.copyItem(at: dir.databaseURL, to: torn)
      try manager.copyItem(atPath: dir.databaseURL.path + "-wal", toPath: torn.path + "-wal")
    }
    var random = SeededGenerator(seed: seed)
    var wal = [UInt8](try Data(contentsOf: URL(fileURLWithPath: torn.path + "-wal")))
    let size = wal.count
    let tear = Int.random(in: (size / 2)..<size, using: &random)
    if garbled {
      for index in tear..<min(wal.count, tear + Int.random(in: 1000...40000, using: &random)) {
        wal[index] = UInt8.random(in: 0...255, using: &random)
      }
    } else {
      wal.removeSubrange(tear...)
    }
    try Data(wal).write(to: URL(fileURLWithPath: torn.path + "-wal"))
    // SQLite's own reading of the torn pair is what was committed before the tear.
    let check = dir.file("check.sqlite3")
    try manager.copyItem(at: torn, to: check)
    try manager.copyItem(atPath: torn.path + "-wal", toPath: check.path + "-wal")
    let intact = Set(try SQLiteConnection(path: check.path).texts("SELECT id FROM messages"))
    #expect(intact.count >= 1500 && intact.count < DamagedHistory.count)
    let how = garbled ? "garbled" : "cut"
    let salvaged = salvage(
      torn, history, intact: intact,
      label: "WAL of 500 messages \(how) at \(tear) of \(size) bytes")
    // Nothing from past the tear: those transactions never committed.
    #expect(Set(salvaged.map(\.id)).isSubset(of: intact))
  }

  /// The case measured before this reader: with the schema page and the b-trees' interior
  /// pages overwritten, SQLite reads nothing and salvage saved 0 of 2,000 messages.
  @Test func pageOneAndInteriorPagesOverwrittenStillSalvageThousands() throws {
    let dir = try TemporaryDirectory()
    let history = DamagedHistory(seed: 108)
    var interior: [Int] = []
    do {
      let store = try Fixtures.store(in: dir)
      try DamagedHistory.store(history.originals[...], into: store)
      try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
      interior = try store.db.texts("SELECT pageno FROM dbstat WHERE pagetype = 'internal'")
        .compactMap { Int($0) }
    }
    #expect(interior.count >= 3)
    var random = SeededGenerator(seed: 8)
    let fd = open(dir.databaseURL.path, O_WRONLY)
    for page in [1] + interior {
      let garbage = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
      _ = garbage.withUnsafeBytes { pwrite(fd, $0.baseAddress, 4096, off_t((page - 1) * 4096)) }
    }
    close(fd)
    let result = MessageStore.open(dataDirectory: dir.url)
    guard case .recovered(let store, let recovery, _) = result else {
      Issue.record("expected a recovery, got \(result)")
      return
    }
    print(
      "salvaged with page 1 and \(interior.count) interior pages overwritten: \(recovery.salvaged)")
    #expect(recovery.salvaged >= 1900)
    #expect(try store.count() == recovery.salvaged)
    #expect(result.bannerMessage?.contains("the \(recovery.salvaged) messages") == true)
  }
}
