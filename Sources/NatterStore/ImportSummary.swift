/// What an import did: new messages stored and lines skipped because the id was already stored.
public struct ImportSummary: Equatable, Sendable {
  /// Messages added to the store.
  public var inserted: Int
  /// Lines whose id was already stored (or appeared earlier in the file).
  public var skippedDuplicates: Int

  /// Creates a summary.
  public init(inserted: Int, skippedDuplicates: Int) {
    self.inserted = inserted
    self.skippedDuplicates = skippedDuplicates
  }
}
