import Testing

@testable import NatterSession

@Suite("LaunchOptions")
struct LaunchOptionsTests {
  @Test func noArgumentsRunsWithTheDefaultDataDirectory() {
    #expect(LaunchOptions(arguments: []) == .run(dataDirectory: nil))
  }

  @Test func dataDirAcceptsSeparateAndInlineValues() {
    #expect(LaunchOptions(arguments: ["--data-dir", "/tmp/a"]) == .run(dataDirectory: "/tmp/a"))
    #expect(LaunchOptions(arguments: ["--data-dir=/tmp/b"]) == .run(dataDirectory: "/tmp/b"))
  }

  @Test func helpAndVersionWinOverRunning() {
    #expect(LaunchOptions(arguments: ["--help"]) == .help)
    #expect(LaunchOptions(arguments: ["-h", "--data-dir", "/x"]) == .help)
    #expect(LaunchOptions(arguments: ["--version"]) == .version)
  }

  @Test func unknownOptionIsAUsageError() {
    #expect(LaunchOptions(arguments: ["--bogus"]) == .usageError("unknown option --bogus"))
    #expect(LaunchOptions(arguments: ["stray"]) == .usageError("unknown option stray"))
  }

  @Test func optionWithoutValueIsAUsageError() {
    #expect(LaunchOptions(arguments: ["--data-dir"]) == .usageError("--data-dir needs a value"))
    #expect(LaunchOptions(arguments: ["--export="]) == .usageError("--export needs a value"))
  }

  @Test func connectParsesTheAccountURL() {
    let options = LaunchOptions(arguments: ["--connect", "ircs://alice@127.0.0.1:6698/#natter"])
    guard case .connect(let url?, nil, nil, nil) = options else {
      Issue.record("expected connect, got \(options)")
      return
    }
    #expect(url.nick == "alice" && url.port == 6698 && url.channels == ["#natter"])
    let fingerprint = String(repeating: "AB:", count: 31) + "AB"
    #expect(
      LaunchOptions(arguments: ["--trust-certificate", fingerprint, "--data-dir", "/d"])
        == .connect(
          url: nil, trustCertificate: String(repeating: "ab", count: 32), dataDirectory: "/d"))
  }

  @Test func disconnectNamesAServerAndABouncerLoginParses() throws {
    #expect(
      LaunchOptions(arguments: ["--disconnect", "irc.alpha.example"])
        == .connect(
          url: nil, trustCertificate: nil, disconnect: "irc.alpha.example", dataDirectory: nil))
    #expect(
      LaunchOptions(arguments: ["--disconnect"])
        == .usageError("--disconnect needs a server such as irc.example.net"))
    guard
      case .connect(let url?, _, _, _) = LaunchOptions(arguments: [
        "--connect", "irc://alice/net1@127.0.0.1:7000",
      ])
    else {
      Issue.record("a bouncer URL should parse")
      return
    }
    #expect(url.login == "alice/net1" && url.nick == "alice" && url.port == 7000)
  }

  @Test func aMalformedConnectURLIsAUsageErrorThatSaysWhy() {
    for (arguments, reason) in [
      (["--connect", "ircs://alice@/#natter"], "no server name"),
      (["--connect", "ircs://alice@host:99999/#natter"], "not a number from 1 to 65535"),
      (["--connect", "ircs://alice@host/natter"], "not a channel name"),
      (["--connect"], "needs a URL"),
      (["--trust-certificate", "abc"], "64 hexadecimal digits"),
    ] {
      guard case .usageError(let message) = LaunchOptions(arguments: arguments) else {
        Issue.record("\(arguments) was accepted")
        continue
      }
      #expect(message.contains(reason), "\(message)")
    }
  }

  @Test func exportAndImportCarryTheDataDirectory() {
    #expect(
      LaunchOptions(arguments: ["--export", "-", "--data-dir", "/d"])
        == .export(file: "-", dataDirectory: "/d"))
    #expect(
      LaunchOptions(arguments: ["--import", "in.jsonl"])
        == .import(file: "in.jsonl", dataDirectory: nil))
    #expect(
      LaunchOptions(arguments: ["--import", "a", "--export", "b"])
        == .usageError("--export and --import cannot be combined"))
  }
}
