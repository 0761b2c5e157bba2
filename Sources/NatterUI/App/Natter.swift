import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterSession
import NatterStore

/// The `natter` command: parses the command line, then runs the app or a one-shot command.
@MainActor
public enum Natter {
  /// Runs `natter` with `arguments` (including the program name); returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    let programName = arguments.first ?? "natter"
    BenchProbe.mark("main")
    startLocalization()
    BenchProbe.mark("gettext")
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
    case .export(let file, let dataDirectory):
      return Transfer.export(to: file, dataDirectory: resolve(dataDirectory))
    case .import(let file, let dataDirectory):
      return Transfer.import(from: file, dataDirectory: resolve(dataDirectory))
    case .connect(let url, let trust, let disconnect, let dataDirectory):
      // Saved before the app starts, so a running instance that is asked to activate, and
      // every later start, find the networks.
      let file = SettingsFile()
      var settings = file.load()
      let index = url.map { settings.networks.addOrUpdate($0) }
      if let disconnect, settings.networks.disable(host: disconnect) == 0 {
        FileHandle.standardError.write(
          Data(
            ("natter: "
              + localized("no network on {host} is connected", ["host": disconnect]) + "\n")
              .utf8))
      }
      if let trust {
        // Pinned for the network just given, else the only one; else for any server.
        let network =
          index.map { settings.networks[$0] }
          ?? (settings.networks.count == 1 ? settings.networks.first : nil)
        if let server = network?.url.server {
          settings.pin(trust, server: server)
        } else if !settings.trustedCertificates.contains(trust) {
          settings.trustedCertificates.append(trust)
        }
      }
      guard file.save(settings) else {
        FileHandle.standardError.write(
          Data(
            ("natter: "
              + localized("could not save the account to {file}", ["file": file.url.path])
              + "\n").utf8))
        return 1
      }
      let application = NatterApplication(dataDirectory: resolve(dataDirectory))
      application.savesPassword = true
      application.environmentNetwork = index.map { settings.networks[$0].id }
      return application.run(programName: programName)
    case .run(let dataDirectory):
      return NatterApplication(dataDirectory: resolve(dataDirectory)).run(programName: programName)
    }
  }

  /// The user's language for every text Natter shows, NatterCore's included.
  private static func startLocalization() {
    let domain = AppInfo.textDomain
    Gettext.bind(domain: domain, directory: ResourceLocator.localeDirectory())
    Localization.install { singular, plural, count in
      Gettext.translate(domain: domain, singular, plural: plural, count: count)
    }
  }

  private static func resolve(_ dataDirectory: String?) -> URL {
    dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? MessageStore.defaultDataDirectory()
  }
}
