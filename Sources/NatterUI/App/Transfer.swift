import Foundation
import NatterStore

/// `natter --export` and `natter --import`: one-shot commands on the history, no window.
enum Transfer {
  static func export(to file: String, dataDirectory: URL) -> Int32 {
    guard let store = openForTransfer(dataDirectory) else { return 1 }
    do {
      let count =
        file == "-"
        ? try store.export(to: FileHandle.standardOutput)
        : try store.export(to: URL(fileURLWithPath: file))
      report("Exported \(count) messages\(file == "-" ? "" : " to \(file)").")
      return 0
    } catch {
      report("natter: export failed: \((error as? StoreError)?.userMessage ?? "\(error)")")
      return 1
    }
  }

  static func `import`(from file: String, dataDirectory: URL) -> Int32 {
    guard let store = openForTransfer(dataDirectory) else { return 1 }
    do {
      let summary = try store.import(from: URL(fileURLWithPath: file))
      report(
        "Imported \(summary.inserted) messages from \(file)"
          + (summary.skippedDuplicates > 0
            ? " (\(summary.skippedDuplicates) were already there)." : "."))
      return 0
    } catch {
      report("natter: \(file): \(error.description)\nnatter: \(error.userMessage)")
      return 1
    }
  }

  /// The history, or nil (with a message) when it cannot be changed: an import into an unsaved
  /// in-memory session would report success and keep nothing.
  private static func openForTransfer(_ dataDirectory: URL) -> MessageStore? {
    let result = MessageStore.open(dataDirectory: dataDirectory)
    switch result {
    case .opened(let store):
      return store
    case .recovered(let store, _, _):
      report("natter: \(result.bannerMessage ?? "")")
      return store
    case .unsaved(_, let reason), .failed(let reason):
      report("natter: \(reason.userMessage) (\(reason.description))")
      return nil
    }
  }

  private static func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
