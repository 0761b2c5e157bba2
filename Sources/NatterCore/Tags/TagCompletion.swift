/// Tags used before, most recent first, for completing the Add-tag entry.
public struct TagCompletion: Equatable, Sendable {
  /// How many distinct tags are remembered.
  public static let defaultCapacity = 500

  /// Distinct tags, most recently used first, each in its first spelling.
  public private(set) var recent: [String] = []
  private let capacity: Int

  /// A history seeded with `recent` (most recent first), e.g. from the store.
  public init(recent: [String] = [], capacity: Int = TagCompletion.defaultCapacity) {
    self.capacity = max(1, capacity)
    for tag in recent.reversed() { record(tag) }
  }

  /// Marks `tag` (with or without `#`) as just used; a known tag keeps its first spelling.
  public mutating func record(_ tag: String) {
    let hashtag = Hashtag(Hashtag.strippingHash(tag))
    guard !hashtag.spelling.isEmpty else { return }
    var spelling = hashtag.spelling
    if let index = recent.firstIndex(where: { Hashtag.key(for: $0) == hashtag.key }) {
      spelling = recent.remove(at: index)
    }
    recent.insert(spelling, at: 0)
    if recent.count > capacity { recent.removeLast(recent.count - capacity) }
  }

  /// Marks each of `tags` as used, the last one becoming the most recent.
  public mutating func record(_ tags: [String]) {
    for tag in tags { record(tag) }
  }

  /// Known tags starting with `prefix` (with or without `#`, any case), most recent first.
  public func completions(prefix: String, limit: Int = 10) -> [String] {
    let key = Hashtag.key(for: Hashtag.strippingHash(prefix))
    var result: [String] = []
    for tag in recent where Hashtag.key(for: tag).hasPrefix(key) {
      result.append(tag)
      if result.count >= limit { break }
    }
    return result
  }
}
