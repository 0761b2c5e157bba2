/// The invalid lines an import has found so far, at most `ImportError.problemLimit` of them
/// kept, all of them counted.
struct ImportProblems {
  private(set) var kept: [ImportProblem] = []
  private(set) var total = 0

  mutating func add(line: Int, reason: String) {
    total += 1
    if kept.count < ImportError.problemLimit {
      kept.append(ImportProblem(line: line, reason: reason))
    }
  }

  /// The error to throw, or nil when every line was valid.
  var error: ImportError? {
    total == 0 ? nil : .invalidLines(kept.sorted { $0.line < $1.line }, total: total)
  }
}
