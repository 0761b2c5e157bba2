import Foundation
import GtkKit
import NatterCore

/// The languages each conversation chose for itself, kept in `spelling/languages` in the data
/// folder beside the personal dictionary (SPEC §14): they go with the history they are about.
@MainActor
public final class SpellingChoicesFile {
  public private(set) var choices: SpellingChoices
  private let file: URL?

  /// `file` nil keeps the choices in memory only (tests, a data folder that cannot be used).
  public init(file: URL?) {
    self.file = file
    choices = SpellingChoices(
      fileText: file.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "")
  }

  public convenience init(dataDirectory: URL) {
    self.init(
      file: dataDirectory.appendingPathComponent("spelling", isDirectory: true)
        .appendingPathComponent("languages"))
  }

  /// Applies `change` and writes the file when it changed something.
  public func update(_ change: (inout SpellingChoices) -> Void) {
    let before = choices
    change(&choices)
    guard choices != before, let file else { return }
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try choices.fileText.write(to: file, atomically: true, encoding: .utf8)
    } catch {
      Log.warning("could not keep the conversations' spelling languages in \(file.path): \(error)")
    }
  }
}
