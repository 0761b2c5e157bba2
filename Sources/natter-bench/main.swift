import Foundation

// natter-bench: SPEC §8's benchmark. Benchmarks, not timed tests: it prints figures and
// verdicts and fails only when it cannot measure. See README "Performance".
do {
  let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
  // A minute and a half of one core: only when asked for, as a suite or alone.
  let timesKeystrokes = options.onlyKeystrokes || options.suites.contains("keystrokes")
  if timesKeystrokes { log("controller keystrokes") }
  let keystrokes = timesKeystrokes ? KeystrokeBench.run() : []
  if timesKeystrokes { log("IRC parsing") }
  let ircParse = timesKeystrokes ? IRCParseBench.run() : nil
  var bench = Bench(options: options)
  if !options.onlyKeystrokes {
    if options.suites.contains("startup") || options.suites.contains("instructions") {
      bench.captureFirstScreen()
    }
    if options.suites.contains("startup") { bench.startup() }
    if options.suites.contains("instructions") { bench.instructions() }
    if options.suites.contains("send") {
      log("Enter to visible and stored")
      bench.send()
    }
    if options.suites.contains("paste") { bench.paste() }
    if options.suites.contains("long-text") { bench.longText() }
    if options.suites.contains("network") { bench.network() }
    if options.suites.contains("networks") { bench.networks() }
    if options.suites.contains("scroll") { bench.scroll() }
    if options.suites.contains("members") { bench.members() }
  }
  var report = Report(bench: bench, keystrokes: keystrokes, ircParse: ircParse)
  let text =
    Machine.describe(runs: options.runs, sends: options.sends) + "\n\n" + report.render() + "\n"
  print(text, terminator: "")
  if let table = options.table {
    try text.write(toFile: table, atomically: true, encoding: .utf8)
  }
} catch {
  FileHandle.standardError.write(Data("natter-bench: \(error)\n\n\(Options.usage)".utf8))
  exit(2)
}
