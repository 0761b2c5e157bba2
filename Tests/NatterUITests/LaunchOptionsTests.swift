import Testing

@testable import NatterUI

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
