import Foundation
import GtkKit
import NatterCore

/// What one `natter` command line asks for (SPEC §6).
public enum LaunchOptions: Equatable, Sendable {
  case run(dataDirectory: String?)
  case help
  case version
  case export(file: String, dataDirectory: String?)
  case `import`(file: String, dataDirectory: String?)
  /// `--connect URL`, `--disconnect HOST` and/or `--trust-certificate SHA256`: add or update
  /// the network (turn networks off, pin the certificate), then run and connect after the
  /// first frame.
  case connect(
    url: IRCServerURL?, trustCertificate: String?, disconnect: String? = nil,
    dataDirectory: String?)
  /// A mistake in the command line; print the message and the usage to stderr and exit 2.
  case usageError(String)

  /// Parses the arguments after the program name.
  public init(arguments: [String]) {
    var dataDirectory: String?
    var command: LaunchOptions?
    var connectURL: IRCServerURL?
    var trust: String?
    var disconnect: String?
    var remaining = arguments[...]

    func value(for option: String, inline: String?) -> String? {
      if let inline { return inline }
      return remaining.popFirst()
    }

    while let argument = remaining.popFirst() {
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let option = parts[0]
      let inline = parts.count > 1 ? parts[1] : nil
      switch option {
      case "-h", "--help": command = command ?? .help
      case "--version": command = command ?? .version
      case "--connect":
        guard let given = value(for: option, inline: inline), !given.isEmpty else {
          self = .usageError(
            localized("--connect needs a URL such as ircs://nick@irc.example.net/#natter"))
          return
        }
        do {
          connectURL = try IRCServerURL(parsing: given, defaultNick: Self.loginName)
        } catch {
          self = .usageError("--connect \(given): \(error)")
          return
        }
      case "--disconnect":
        guard let given = value(for: option, inline: inline), !given.isEmpty else {
          self = .usageError(localized("--disconnect needs a server such as irc.example.net"))
          return
        }
        disconnect = given
      case "--trust-certificate":
        guard let given = value(for: option, inline: inline) else {
          self = .usageError(localized("--trust-certificate needs a SHA-256 fingerprint"))
          return
        }
        let hex = given.lowercased().filter { $0 != ":" }
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else {
          self = .usageError(
            localized(
              "--trust-certificate {given}: a SHA-256 fingerprint is 64 hexadecimal digits",
              ["given": given]))
          return
        }
        trust = hex
      case "--data-dir", "--export", "--import":
        guard let given = value(for: option, inline: inline), !given.isEmpty else {
          self = .usageError(localized("{option} needs a value", ["option": option]))
          return
        }
        if option == "--data-dir" {
          dataDirectory = given
        } else if command != nil && command != .help && command != .version {
          self = .usageError(localized("--export and --import cannot be combined"))
          return
        } else if command == nil {
          command =
            option == "--export"
            ? .export(file: given, dataDirectory: nil)
            : .import(file: given, dataDirectory: nil)
        }
      default:
        self = .usageError(localized("unknown option {option}", ["option": argument]))
        return
      }
    }

    switch command {
    case .none where connectURL != nil || trust != nil || disconnect != nil:
      self = .connect(
        url: connectURL, trustCertificate: trust, disconnect: disconnect,
        dataDirectory: dataDirectory)
    case .none: self = .run(dataDirectory: dataDirectory)
    case .export(let file, _): self = .export(file: file, dataDirectory: dataDirectory)
    case .import(let file, _): self = .import(file: file, dataDirectory: dataDirectory)
    case .some(let other): self = other
    }
  }

  /// The default nickname: the login name (SPEC §9).
  public static var loginName: String {
    let user = environmentValue("USER") ?? ""
    return IRCNickname.isValid(user) ? user : IRCNickname.fallback
  }

  /// The text `--help` prints, in the user's language.
  public static var usage: String {
    let options = [
      ("-h, --help", localized("Show this help and exit")),
      ("--version", localized("Show the version and exit")),
      (
        "--data-dir DIR",
        localized("Keep the history and draft in DIR instead of $XDG_DATA_HOME/natter")
      ),
      (
        "--export FILE",
        localized("Write every message to FILE as JSON Lines (- for stdout) and exit")
      ),
      (
        "--import FILE", localized("Add the messages in the JSON Lines FILE (- for stdin) and exit")
      ),
      (
        "--connect URL",
        localized(
          "Add the network ircs://NICK@HOST[:PORT]/#chan[,#other] (irc:// without TLS; "
            + "USER/NETWORK@HOST for a bouncer), or update the one on that server, and connect; "
            + "the password comes from NATTER_IRC_PASSWORD and is kept in the Secret Service")
      ),
      ("--disconnect HOST", localized("Turn off the networks on HOST (or HOST:PORT)")),
      (
        "--trust-certificate SHA256",
        localized("Trust the server certificate with this fingerprint")
      ),
    ]
    var text =
      localized("Usage: natter [OPTION…]") + "\n\n" + localized("A keyboard-first chat window.")
    text += "\n\n" + localized("Options:") + "\n"
    for (option, summary) in options {
      let column =
        "  " + option.padding(toLength: max(20, option.count + 2), withPad: " ", startingAt: 0)
      text += column + summary + "\n"
    }
    return text + "\n"
  }
}
