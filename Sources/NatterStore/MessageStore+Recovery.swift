import CSQLite
import Foundation
import NatterCore

/// A damaged history is moved aside, never deleted, and every message that can still be read
/// from it is copied into the fresh one (SPEC §6, issue 13).
extension MessageStore {
  /// What a recovery did: where the damaged file went and how many messages came back.
  public struct Recovery: Equatable, Sendable {
    /// The damaged database, renamed `natter.sqlite3.corrupt-<timestamp>`.
    public let movedAside: URL
    /// Messages read from the damaged file into the new history.
    public let salvaged: Int

    /// A recovery's result, for a salvage run apart from the move (`salvage(from:into:)`).
    public init(movedAside: URL, salvaged: Int) {
      self.movedAside = movedAside
      self.salvaged = salvaged
    }

    /// The banner while the salvage still runs.
    public static var salvagingMessage: String {
      localized(
        "The message history was damaged, so a new one was started; the messages that can "
          + "still be read are being copied into it.")
    }

    /// The sentence for the app's banner.
    public var bannerMessage: String {
      let file = movedAside.lastPathComponent
      guard salvaged > 0 else {
        return localized(
          "The message history was damaged, so a new one was started and no message could be "
            + "read from it; the old file was kept as {file}.", ["file": file])
      }
      return localizedPlural(
        "The message history was damaged, so a new one was started and the {count} message "
          + "that could be read was saved; the old file was kept as {file}.",
        "The message history was damaged, so a new one was started and the {count} messages "
          + "that could be read were saved; the old file was kept as {file}.",
        count: salvaged, ["file": file])
    }
  }

  /// Rows read per step of a salvage: small, so that storing one batch on the main loop
  /// takes a few milliseconds.
  static let salvageBatch = 100
  /// How many seq values past a damaged spot are tried one by one before skipping on.
  static let salvageProbe = 2000

  /// Runs SQLite's page-level check on `file` through a connection of its own, so it can run
  /// on any thread while the app uses the store; `["ok"]` when the file is sound.
  ///
  /// `quick_check` reads every page and checks every b-tree, which finds damaged pages
  /// anywhere in the file in time linear in its size; it skips only the index-to-table
  /// cross-check of `integrity_check`, which costs several times more.
  public static func quickCheck(of file: URL) -> [String] {
    do {
      let connection = try SQLiteConnection(
        path: file.path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
      return try connection.texts("PRAGMA quick_check")
    } catch let error as StoreError {
      // A check that itself hits damage has found what it was looking for.
      if case .corrupt(let detail) = error { return [detail] }
      return ["ok"]
    } catch {
      return ["ok"]
    }
  }

  /// Closes the damaged database, moves it aside, starts a fresh one in its place and
  /// salvages what can be read; the store then uses the fresh database.
  public func recoverFromCorruption(now: Date = Date()) throws -> Recovery {
    let aside = try replaceDamagedDatabase(now: now)
    return Recovery(movedAside: aside, salvaged: salvage(from: aside))
  }

  /// The first half of a recovery: closes the damaged database, moves it aside and starts a
  /// fresh one in its place, which the store uses from now on. Returns where the damaged file
  /// went, for `readSalvageable(from:deliver:)`.
  public func replaceDamagedDatabase(now: Date = Date()) throws -> URL {
    guard let file = databaseURL else { throw StoreError.corrupt(detail: "in-memory store") }
    writerOfReceived?.close()
    // Closing finalizes the cached statements and releases the file before it is renamed.
    db = try SQLiteConnection(path: ":memory:")
    let aside = try Self.moveAside(file, now: now)
    db = try Self.openFile(file).db
    return aside
  }

  /// Renames the database, and its -wal and -shm which belong to it, to a free
  /// `.corrupt-<timestamp>` name; returns the database's new name.
  static func moveAside(_ file: URL, now: Date) throws -> URL {
    let manager = FileManager.default
    let stamp = corruptStamp(now)
    var aside = URL(fileURLWithPath: file.path + ".corrupt-\(stamp)")
    var attempt = 1
    while manager.fileExists(atPath: aside.path) {
      attempt += 1
      aside = URL(fileURLWithPath: file.path + ".corrupt-\(stamp)-\(attempt)")
    }
    // Companions first: a -wal left beside a fresh database could be replayed into it.
    for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: file.path + suffix) {
      try manager.moveItem(atPath: file.path + suffix, toPath: aside.path + suffix)
    }
    try manager.moveItem(atPath: file.path, toPath: aside.path)
    return aside
  }

  /// Copies every message that can be read from the damaged database at `damaged` into this
  /// store; returns how many were copied. Never throws: what cannot be read is skipped.
  func salvage(from damaged: URL) -> Int {
    beginSalvage()
    defer { endSalvage() }
    var saved = 0
    Self.readSalvageable(from: damaged) { saved += storeSalvaged($0) }
    return saved
  }

  /// Prepares for a salvage's many small commits: no fsync each, as the damaged file is kept
  /// aside until the salvage ends; `endSalvage` syncs everything at once.
  public func beginSalvage() {
    try? db.execute("PRAGMA synchronous = NORMAL")
  }

  /// Ends a salvage: checkpoints (which syncs) and restores a sync on every commit.
  public func endSalvage() {
    sqlite3_exec(db.handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
    sqlite3_exec(db.handle, "PRAGMA synchronous = FULL", nil, nil, nil)
  }

  /// Reads every message that can be read from the damaged database at `damaged` and hands
  /// them to `deliver` in batches, in seq order. Uses a read-only connection of its own, so
  /// it can run on another thread; only the store's own connection writes, on the main one
  /// (a second writing connection in this process, closing, could remove the live -wal).
  ///
  /// The file's pages are read first (`PageSalvage`), which needs no page but the ones that
  /// hold the rows, not even the schema; then SQLite's queries read whatever the pages could
  /// not reach, skipping the seqs already handed over.
  public static func readSalvageable(from damaged: URL, deliver: ([Message]) -> Void) {
    var read = SeqRanges()
    PageSalvage(damaged)?.read(batch: Self.salvageBatch) { batch in
      for row in batch { read.insert(row.seq) }
      deliver(batch.map(\.message))
    }
    readSalvageableByQuery(from: damaged, skipping: read, deliver: deliver)
  }

  /// The query-based pass of a salvage. Rows are read a batch at a time. Where a read fails,
  /// the rows after the last good one are tried one by one (a damaged leaf loses only its own
  /// rows), and past `salvageProbe` failures in a row the scan skips ahead, up to the highest
  /// seq.
  private static func readSalvageableByQuery(
    from damaged: URL, skipping read: SeqRanges, deliver: ([Message]) -> Void
  ) {
    guard
      let source = try? SQLiteConnection(
        path: damaged.path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
    else { return }
    let highest = (try? source.integer("SELECT max(seq) FROM messages")).flatMap { $0 }
    let shape = SalvageShape(source)
    var after: Int64 = 0
    var lastFound: Int64 = 0
    while true {
      // A row that reads but is no message (garbage from a damaged page) still moves on.
      var batch: [(seq: Int64, message: Message?)] = []
      let scanFailed: Bool
      do {
        let scan = try source.prepare(
          "SELECT \(shape.columns) FROM messages WHERE seq > ? ORDER BY seq LIMIT ?")
        try scan.bind(1, after)
        try scan.bind(2, Self.salvageBatch)
        while try scan.step() { batch.append((scan.int64(0), shape.message(scan, source))) }
        scanFailed = false
      } catch {
        scanFailed = true
      }
      if let last = batch.last {
        after = last.seq
        lastFound = last.seq
      }
      let unread = batch.filter { !read.contains($0.seq) }.compactMap(\.message)
      if !unread.isEmpty { deliver(unread) }
      if !scanFailed {
        if batch.isEmpty { break }
        continue
      }
      // Past the damage: the next row that reads, one by one, or skip the whole probe.
      var next: (seq: Int64, message: Message?)?
      for seq in (after + 1)...(after + Int64(Self.salvageProbe)) {
        if let row = Self.salvagedRow(seq: seq, from: source, shape: shape) {
          next = row
          break
        }
      }
      if let next {
        after = next.seq
        lastFound = next.seq
        if !read.contains(next.seq), let message = next.message { deliver([message]) }
      } else {
        after += Int64(Self.salvageProbe)
        // Without a known highest seq, a long run of nothing means the end.
        let limit = highest ?? (lastFound + 50 * Int64(Self.salvageProbe))
        if after >= limit { break }
      }
    }
  }

  /// One message by seq from the damaged file, or nil when it cannot be read.
  private static func salvagedRow(seq: Int64, from source: SQLiteConnection, shape: SalvageShape)
    -> (seq: Int64, message: Message?)?
  {
    guard let lookup = try? source.cached("SELECT \(shape.columns) FROM messages WHERE seq = ?")
    else { return nil }
    defer { lookup.reset() }
    guard (try? lookup.bind(1, seq)) != nil, (try? lookup.step()) == true else { return nil }
    return (seq, shape.message(lookup, source))
  }

  /// Stores salvaged messages in one transaction, skipping ids already stored; returns how
  /// many were new.
  public func storeSalvaged(_ messages: [Message]) -> Int {
    guard !messages.isEmpty else { return 0 }
    return
      (try? db.transaction {
        var count = 0
        for message in messages {
          do {
            try insertRow(message)
            count += 1
          } catch StoreError.duplicateID {
            continue
          }
        }
        return count
      }) ?? 0
  }

  /// `20261129T185541Z`: sortable, and free of characters that need quoting in a shell.
  static func corruptStamp(_ date: Date) -> String {
    var bytes: [UInt8] = []
    Timestamp.append(Timestamp.milliseconds(date) / 1000 * 1000, to: &bytes)
    return String(
      decoding: bytes.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") },
      as: UTF8.self)
  }
}
