/// The transcript's page cache: one contiguous window of messages around what the list shows.
///
/// The list asks for rows by position. A position inside the window is a lookup; one next to it
/// extends the window by a keyset page from its first or last message; anything else (a
/// scrollbar drag, Ctrl+Home) replaces the window with a page read by position, or with the
/// newest messages when the position is near the end, which is how a history of any size opens
/// with one small read. The window never grows past `maxCached` messages, or a page more while
/// messages are appended.
public final class TranscriptPager {
  public static let defaultPageSize = 100
  public static let defaultMaxCached = 3000

  /// Rows the list has; the pager trusts it rather than asking the source.
  public private(set) var count: Int
  public let pageSize: Int
  public let maxCached: Int
  /// Called with any error the source throws; the row shows as empty.
  public var onError: (Error) -> Void = { _ in }

  private let source: any TranscriptPageSource
  private var window: [Message] = []
  private var windowStart = 0

  public init(
    source: any TranscriptPageSource, count: Int, pageSize: Int = TranscriptPager.defaultPageSize,
    maxCached: Int = TranscriptPager.defaultMaxCached
  ) {
    self.source = source
    self.count = max(0, count)
    self.pageSize = max(1, pageSize)
    self.maxCached = max(2 * self.pageSize, maxCached)
  }

  /// The positions currently cached.
  public var cachedRange: Range<Int> { windowStart..<(windowStart + window.count) }

  /// The message at `position`, read from the source if it is not cached.
  public func message(at position: Int) -> Message? {
    guard position >= 0, position < count else { return nil }
    if !cachedRange.contains(position) { load(position) }
    return cached(at: position)
  }

  /// The message at `position` and the one before it, which decides its header and separator.
  public func row(at position: Int) -> (message: Message, previous: Message?)? {
    guard let message = message(at: position) else { return nil }
    return (message, position > 0 ? self.message(at: position - 1) : nil)
  }

  /// The message at `position` if it is cached; never reads.
  public func cached(at position: Int) -> Message? {
    let index = position - windowStart
    return window.indices.contains(index) ? window[index] : nil
  }

  /// The cached message whose server `msgid` is `msgid`, if any; never reads.
  public func cached(msgid: String) -> Message? {
    window.last { $0.msgid == msgid }
  }

  /// The cached position of the message with id `id`, if any; never reads.
  public func cachedPosition(ofID id: String) -> Int? {
    window.firstIndex { $0.id == id }.map { windowStart + $0 }
  }

  /// A message was stored after every other one; it is cached when the window reaches the end.
  public func appended(_ message: Message) {
    if !window.isEmpty, cachedRange.upperBound == count {
      window.append(message)
      // Back to `maxCached` a page at a time: trimming one message off the front on every
      // append moved the whole window each time, in a burst for every line (issue 32).
      if window.count > maxCached + pageSize { trim(keeping: count) }
    }
    count += 1
  }

  /// A stored message changed in place; returns its position when it is cached.
  @discardableResult
  public func replaced(_ message: Message) -> Int? {
    guard let index = window.firstIndex(where: { $0.id == message.id }) else { return nil }
    window[index] = message
    return windowStart + index
  }

  /// Forgets the cache; the rows are now `count` others.
  public func reset(count: Int) {
    self.count = max(0, count)
    window = []
    windowStart = 0
  }

  private func load(_ position: Int) {
    do {
      let range = cachedRange
      if window.isEmpty || position < range.lowerBound - pageSize
        || position >= range.upperBound + pageSize
      {
        try jump(to: position)
      } else if position < range.lowerBound {
        try extendBackward(to: position)
      } else {
        try extendForward(to: position)
      }
    } catch {
      onError(error)
    }
  }

  private func jump(to position: Int) throws {
    let fromEnd = count - position
    // Near the end of a long history, read back from the newest message by keyset: a read by
    // position skips every older index entry first (cheap each, but a million of them).
    // Opening binds a few hundred rows up from the newest, so this is what opening reads.
    let nearEnd = fromEnd < pageSize || (fromEnd <= 4 * pageSize && fromEnd * 100 <= position)
    if nearEnd {
      let limit = max(pageSize, fromEnd + pageSize / 2)
      let page = try source.messages(before: nil, limit: limit)
      window = page.reversed()
      windowStart = max(0, count - window.count)
    } else {
      // Half a page before, so the row's predecessor (its header decision) is cached too.
      let start = max(0, position - pageSize / 2)
      window = try source.messages(fromPosition: start, limit: pageSize)
      windowStart = start
    }
  }

  private func extendBackward(to position: Int) throws {
    guard let first = window.first else { return }
    let limit = max(pageSize, windowStart - position + 1)
    let older = try source.messages(before: first, limit: limit)
    guard older.count <= windowStart else {
      // The source has more older messages than positions: it changed under us. Start over.
      window = []
      try jump(to: position)
      return
    }
    window.insert(contentsOf: older.reversed(), at: 0)
    windowStart -= older.count
    trim(keeping: position)
  }

  private func extendForward(to position: Int) throws {
    guard let last = window.last else { return }
    let limit = max(pageSize, position - cachedRange.upperBound + 1)
    let newer = try source.messages(after: last, limit: limit)
    window.append(contentsOf: newer.prefix(count - cachedRange.upperBound))
    trim(keeping: position)
  }

  /// Drops the far side of the window once it passes `maxCached`.
  private func trim(keeping position: Int) {
    let excess = window.count - maxCached
    guard excess > 0 else { return }
    let middle = windowStart + window.count / 2
    if position >= middle {
      window.removeFirst(excess)
      windowStart += excess
    } else {
      window.removeLast(excess)
    }
  }
}
