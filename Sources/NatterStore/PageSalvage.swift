import Foundation
import NatterCore

/// Reads the messages of a damaged history from its pages, as SQLite's file format lays them
/// out, without SQLite: a damaged page, even the schema's, loses only its own rows (issue 30).
///
/// Two passes keep memory bounded whatever the file's size. The first reads every page once
/// and keeps only which pages hold messages (with their first and last seq), which hold tags,
/// and the conversations' URLs (a few rows). The second decodes the message pages in seq
/// order, a page at a time, with the tag pages that cover the same seqs.
struct PageSalvage {
  /// A page that holds rows of one table, and the range of seqs in it.
  private struct Span {
    let page: Int
    let first: Int64
    let last: Int64
  }

  private let pages: DatabasePages
  private var conversations: [Int64: String] = [:]
  private var messagePages: [Span] = []
  /// Leaf pages of `message_tags` by first seq, and the highest last seq up to each: every
  /// page that can cover a seq is found by a search and a short walk back.
  private var tagPages: [Span] = []
  private var tagReach: [Int64] = []
  /// Interior pages of an index hold rows of their own; there are few, so they are kept.
  private var interiorTags: [Int64: [(position: Int64, tag: String)]] = [:]

  /// The first pass over the file at `url` (and its `-wal`); nil when no page can be read.
  init?(_ url: URL) {
    guard let pages = DatabasePages(url) else { return nil }
    self.pages = pages
    for number in 1...pages.pageCount {
      guard let bytes = pages.page(number),
        let page = BTreePage(bytes, number: number, usableSize: pages.usableSize)
      else { continue }
      switch page.kind {
      case .tableLeaf: classifyTableLeaf(page, number)
      case .indexLeaf, .indexInterior: classifyIndex(page, number)
      case .tableInterior: continue
      }
    }
    messagePages.sort { ($0.first, $0.page) < ($1.first, $1.page) }
    tagPages.sort { ($0.first, $0.page) < ($1.first, $1.page) }
    var reach = Int64.min
    tagReach = tagPages.map {
      reach = max(reach, $0.last)
      return reach
    }
  }

  /// The records of a page's cells that decode, with their rowids.
  private func records(_ page: BTreePage) -> [(rowid: Int64, record: [RecordValue])] {
    page.cellOffsets.compactMap { offset in
      guard let cell = page.cell(at: offset), let payload = pages.payload(of: cell),
        let record = RecordDecoder.decode(payload)
      else { return nil }
      return (cell.rowid, record)
    }
  }

  private mutating func classifyTableLeaf(_ page: BTreePage, _ number: Int) {
    var seqs: [Int64] = []
    for (rowid, record) in records(page) {
      if RowShape.message(record, seq: rowid, conversations: [:]) != nil {
        seqs.append(rowid)
      } else if let url = RowShape.conversationURL(record) {
        conversations[rowid] = url
      }
    }
    if let first = seqs.min(), let last = seqs.max() {
      messagePages.append(Span(page: number, first: first, last: last))
    }
  }

  private mutating func classifyIndex(_ page: BTreePage, _ number: Int) {
    let rows = tags(in: page)
    guard let first = rows.map(\.seq).min(), let last = rows.map(\.seq).max() else { return }
    if page.kind == .indexLeaf {
      tagPages.append(Span(page: number, first: first, last: last))
    } else {
      for row in rows { interiorTags[row.seq, default: []].append((row.position, row.tag)) }
    }
  }

  private func tags(in page: BTreePage) -> [(seq: Int64, position: Int64, tag: String)] {
    records(page).compactMap { RowShape.tag($0.record) }
  }

  /// The second pass: every message found, in seq order, handed over `batch` at a time with
  /// their seqs. A seq read twice (a stale copy of a page) is handed over once.
  func read(batch size: Int, deliver: ([(seq: Int64, message: Message)]) -> Void) {
    var batch: [(seq: Int64, message: Message)] = []
    var delivered = Int64.min
    var tagCache: [Int: [(seq: Int64, position: Int64, tag: String)]] = [:]
    for span in messagePages where span.last > delivered {
      guard let bytes = pages.page(span.page),
        let page = BTreePage(bytes, number: span.page, usableSize: pages.usableSize)
      else { continue }
      var found: [(seq: Int64, message: Message)] = records(page).compactMap { row in
        guard row.rowid > delivered,
          let message = RowShape.message(row.record, seq: row.rowid, conversations: conversations)
        else { return nil }
        return (row.rowid, message)
      }
      found.sort { $0.seq < $1.seq }
      guard let first = found.first?.seq, let last = found.last?.seq else { continue }
      if tagCache.count > 16 { tagCache.removeAll() }
      let tags = tags(from: first, through: last, cache: &tagCache)
      for (seq, message) in found where seq > delivered {
        var message = message
        message.tags = tags[seq, default: []].sorted { $0.position < $1.position }.map(\.tag)
        SalvageShape.settle(&message)
        batch.append((seq, message))
        delivered = seq
        if batch.count >= size {
          deliver(batch)
          batch.removeAll(keepingCapacity: true)
        }
      }
    }
    if !batch.isEmpty { deliver(batch) }
  }

  /// The tags of the messages from seq `first` through `last`, by seq.
  private func tags(
    from first: Int64, through last: Int64,
    cache: inout [Int: [(seq: Int64, position: Int64, tag: String)]]
  ) -> [Int64: [(position: Int64, tag: String)]] {
    var result: [Int64: [(position: Int64, tag: String)]] = [:]
    // A page holds a few dozen seqs; a wider span (a hostile one) walks the few kept rows.
    if last - first < 4096 {
      for seq in first...last { result[seq] = interiorTags[seq] }
    } else {
      for (seq, rows) in interiorTags where seq >= first && seq <= last { result[seq] = rows }
    }
    // The pages that start at or before `last`; walking back, stop where none reaches `first`.
    var low = 0
    var high = tagPages.count
    while low < high {
      let middle = (low + high) / 2
      if tagPages[middle].first <= last { low = middle + 1 } else { high = middle }
    }
    var index = low - 1
    while index >= 0, tagReach[index] >= first {
      let span = tagPages[index]
      index -= 1
      guard span.last >= first else { continue }
      let rows: [(seq: Int64, position: Int64, tag: String)]
      if let cached = cache[span.page] {
        rows = cached
      } else if let bytes = pages.page(span.page),
        let page = BTreePage(bytes, number: span.page, usableSize: pages.usableSize)
      {
        rows = tags(in: page)
        cache[span.page] = rows
      } else {
        continue
      }
      for row in rows where row.seq >= first && row.seq <= last {
        // The same row on two pages (a stale copy) counts once.
        if result[row.seq]?.contains(where: { $0.position == row.position }) != true {
          result[row.seq, default: []].append((row.position, row.tag))
        }
      }
    }
    return result
  }
}
