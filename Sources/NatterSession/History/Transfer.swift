import Foundation
import NatterCore
import NatterStore

/// `natter --export` and `natter --import`: one-shot commands on the history, no window.
///
/// Every failure is reported as plain sentences on stderr, each starting with `natter:`; the
/// technical detail of an error is never dumped at the user.
public enum Transfer {
  public static func export(to file: String, dataDirectory: URL) -> Int32 {
    guard let store = openForTransfer(dataDirectory, writing: false) else { return 1 }
    func write() throws -> Int {
      file == "-"
        ? try store.export(to: FileHandle.standardOutput)
        : try store.export(to: URL(fileURLWithPath: file))
    }
    do {
      let count: Int
      do {
        count = try write()
      } catch StoreError.corrupt where store.isPersistent {
        // Damage behind a sound header shows only when read: salvage, then export that.
        report("natter: \(try store.recoverFromCorruption().bannerMessage)")
        count = try write()
      }
      report(
        file == "-"
          ? localizedPlural("Exported {count} message.", "Exported {count} messages.", count: count)
          : localizedPlural(
            "Exported {count} message to {file}.", "Exported {count} messages to {file}.",
            count: count, ["file": file]))
      return 0
    } catch let error as StoreError {
      report("natter: \(exportSentence(error, file: file))")
      return 1
    } catch {
      report("natter: " + localized("The export to {file} failed.", ["file": file]))
      return 1
    }
  }

  public static func `import`(from file: String, dataDirectory: URL) -> Int32 {
    guard let store = openForTransfer(dataDirectory, writing: true) else { return 1 }
    let name = file == "-" ? localized("standard input") : file
    func read() throws(ImportError) -> ImportSummary {
      file == "-"
        ? try store.import(from: FileHandle.standardInput, name: name)
        : try store.import(from: URL(fileURLWithPath: file))
    }
    do throws(ImportError) {
      let summary: ImportSummary
      do throws(ImportError) {
        summary = try read()
      } catch .store(.corrupt) where store.isPersistent && file != "-" {
        // Standard input cannot be read twice; a file is imported into the salvaged history.
        guard let recovery = try? store.recoverFromCorruption() else {
          throw ImportError.store(.corrupt(detail: localized("recovery failed")))
        }
        report("natter: \(recovery.bannerMessage)")
        summary = try read()
      }
      report(
        summary.skippedDuplicates > 0
          ? localizedPlural(
            "Imported {count} message from {file} ({skipped} were already there).",
            "Imported {count} messages from {file} ({skipped} were already there).",
            count: summary.inserted,
            ["file": name, "skipped": String(summary.skippedDuplicates)])
          : localizedPlural(
            "Imported {count} message from {file}.", "Imported {count} messages from {file}.",
            count: summary.inserted, ["file": name]))
      return 0
    } catch {
      for problem in error.problems { report("natter: \(problem.sentence)") }
      if case .invalidLines(let kept, let total) = error, total > kept.count {
        report(
          "natter: "
            + localizedPlural(
              "{count} more line is not a valid message either.",
              "{count} more lines are not valid messages either.", count: total - kept.count))
      }
      report("natter: \(error.userMessage)")
      return 1
    }
  }

  /// The history, or nil (with a sentence) when it cannot be used: an import into an unsaved
  /// session would report success and keep nothing, while an export only needs to read.
  private static func openForTransfer(_ dataDirectory: URL, writing: Bool) -> MessageStore? {
    let result = MessageStore.open(dataDirectory: dataDirectory)
    switch result {
    case .opened(let store):
      return store
    case .recovered(let store, _, _):
      report("natter: \(result.bannerMessage ?? "")")
      return store
    case .readOnly(let store, let reason):
      // Reading is all an export needs; an import must not pretend to save.
      if !writing { return store }
      report("natter: \(reason.userMessage)")
      return nil
    case .unsaved(_, let reason):
      report("natter: \(reason.userMessage)")
      return nil
    case .failed(let reason):
      report("natter: \(reason.userMessage)")
      return nil
    }
  }

  private static func exportSentence(_ error: StoreError, file: String) -> String {
    switch error {
    case .diskFull:
      return localized("The disk is full, so {file} was not written.", ["file": file])
    case .io(_, let detail):
      return localized(
        "{file} could not be written ({detail}).", ["file": file, "detail": detail.lowercased()])
    default: return error.userMessage
    }
  }

  private static func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
