import CGtk
import Foundation
import GtkKit
import NatterStore

/// The `natter` command: parses the command line, then runs the app or a one-shot command.
@MainActor
public enum Natter {
  /// Runs `natter` with `arguments` (including the program name); returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    let programName = arguments.first ?? "natter"
    switch LaunchOptions(arguments: Array(arguments.dropFirst())) {
    case .help:
      print(LaunchOptions.usage, terminator: "")
      return 0
    case .version:
      print("\(AppInfo.name) \(AppInfo.version)")
      return 0
    case .usageError(let message):
      FileHandle.standardError.write(Data("natter: \(message)\n\n\(LaunchOptions.usage)".utf8))
      return 2
    case .export, .import:
      FileHandle.standardError.write(Data("natter: not available in this build\n".utf8))
      return 1
    case .run(let dataDirectory):
      let directory =
        dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? MessageStore.defaultDataDirectory()
      return NatterApplication(dataDirectory: directory).run(programName: programName)
    }
  }
}
