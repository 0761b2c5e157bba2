import Foundation

/// `natter-bench`'s command line; `meson-helpers/bench.sh` fills it in.
struct Options {
  /// An app measured from outside, and from its frame clock when it has the probe.
  struct App {
    let label: String
    let command: [String]
    let probed: Bool
    /// Started with an IRC account configured against a loopback server of the bench's.
    var account = false
    /// Set in its environment besides the home and rendering settings every app has.
    var environment: [String: String] = [:]
  }

  var natter = ""
  var bare = ""
  var watch = ""
  /// Data directories by stored message count.
  var histories: [(count: Int, directory: String)] = []
  var peers: [App] = []
  /// An earlier `natter` binary, run on the same histories for a before-and-after table.
  var before: String?
  /// The histories as the earlier binary imported them: one a later schema has migrated is
  /// one it cannot write, and it would measure a read-only copy.
  var beforeHistories: [(count: Int, directory: String)] = []
  var runs = 9
  var sends = 9
  var scratch = URL(fileURLWithPath: NSTemporaryDirectory())
  var onlyKeystrokes = false
  /// Which suites run: `keystrokes` (the controller's keystrokes and IRC parsing, no app),
  /// `startup`, `instructions`, `send`, `paste`, `long-text`, `network`, `networks`, `scroll`,
  /// `members`; all by default.
  var suites: Set<String> = [
    "keystrokes", "startup", "instructions", "send", "paste", "long-text", "network", "networks",
    "scroll", "members",
  ]
  /// Rounds of the long-text suite (each launches Natter 45 times).
  var longRuns = 3
  /// Seconds after which a long-text scenario counts as hung.
  var hangSeconds = 20.0
  /// Where the table goes as well as stdout; bench.sh reads it back.
  var table: String?

  static let usage = """
    Usage: natter-bench --natter BIN --bare BIN --watch BIN --history COUNT=DIR... \\
                        [--peer LABEL=COMMAND]... [--before BIN [--before-history COUNT=DIR]...] [--runs N] [--sends N] [--scratch DIR] [--table FILE]
                        [--suites keystrokes,startup,instructions,send,paste,long-text,network,networks,scroll,members]
                        [--long-runs N]
                        [--hang-limit S]
           natter-bench --keystrokes
    Run it through meson-helpers/bench.sh, which builds and prepares everything.

    """

  init(arguments: [String]) throws {
    var remaining = arguments[...]
    func value(_ option: String) throws -> String {
      guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
      return value
    }
    while let option = remaining.popFirst() {
      switch option {
      case "--natter": natter = try value(option)
      case "--bare": bare = try value(option)
      case "--watch": watch = try value(option)
      case "--runs": runs = max(1, Int(try value(option)) ?? runs)
      case "--sends": sends = max(1, Int(try value(option)) ?? sends)
      case "--scratch": scratch = URL(fileURLWithPath: try value(option), isDirectory: true)
      case "--keystrokes": onlyKeystrokes = true
      case "--suites":
        suites = Set(try value(option).split(separator: ",").map(String.init))
      case "--long-runs": longRuns = max(1, Int(try value(option)) ?? longRuns)
      case "--hang-limit": hangSeconds = max(1, Double(try value(option)) ?? hangSeconds)
      case "--table": table = try value(option)
      case "--history":
        let pair = try value(option).split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2, let count = Int(pair[0]) else {
          throw UsageError("--history takes COUNT=DIR")
        }
        histories.append((count, pair[1]))
      case "--before": before = try value(option)
      case "--before-history":
        let pair = try value(option).split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2, let count = Int(pair[0]) else {
          throw UsageError("--before-history takes COUNT=DIR")
        }
        beforeHistories.append((count, pair[1]))
      case "--peer":
        let pair = try value(option).split(separator: "=", maxSplits: 1).map(String.init)
        guard pair.count == 2 else { throw UsageError("--peer takes LABEL=COMMAND") }
        peers.append(
          App(
            label: pair[0], command: pair[1].split(separator: " ").map(String.init), probed: false))
      default: throw UsageError("unknown option \(option)")
      }
    }
    let needsHistories = !suites.isDisjoint(with: ["startup", "instructions", "send", "scroll"])
    if !onlyKeystrokes
      && (natter.isEmpty || bare.isEmpty || watch.isEmpty || (needsHistories && histories.isEmpty))
    {
      throw UsageError("--natter, --bare, --watch and --history are required")
    }
    histories.sort { $0.count < $1.count }
    beforeHistories.sort { $0.count < $1.count }
  }
}

struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
