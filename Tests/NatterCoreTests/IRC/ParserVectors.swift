import Foundation

/// The ircdocs parser test vectors, read from the installed PyPI package `irc-parser-tests`.
///
/// `meson-helpers/deps.sh` (`natter_install_irc_parser_tests`) installs it into
/// `.build/irc-parser-tests`; `NATTER_IRC_PARSER_TESTS` may name another install folder. The
/// package's YAML is turned into JSON by Debian's python3 with PyYAML (`python3-yaml`), so the
/// vectors are never copied into this repository.
enum ParserVectors {
  struct Unavailable: Error, CustomStringConvertible {
    let description: String
  }

  /// The `tests` list of one data file (`msg-split`, `msg-join`, `userhost-split`, `mask-match`).
  static func tests(_ name: String) throws -> [[String: Any]] {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let installed =
      ProcessInfo.processInfo.environment["NATTER_IRC_PARSER_TESTS"]
      ?? root.appendingPathComponent(".build/irc-parser-tests").path
    let script = """
      import json, os, sys, yaml
      import parser_tests
      path = os.path.join(os.path.dirname(parser_tests.__file__), 'data', sys.argv[1] + '.yaml')
      with open(path, encoding='utf-8') as f:
          json.dump(yaml.safe_load(f), sys.stdout)
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, name]
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONPATH"] = installed
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Unavailable(
        description: "cannot read \(name) from irc-parser-tests in \(installed) "
          + "(run: source meson-helpers/deps.sh; natter_install_irc_parser_tests): "
          + String(decoding: message, as: UTF8.self))
    }
    let object = try JSONSerialization.jsonObject(with: data)
    guard let top = object as? [String: Any], let tests = top["tests"] as? [[String: Any]],
      !tests.isEmpty
    else {
      throw Unavailable(description: "\(name) has no tests list")
    }
    return tests
  }
}
