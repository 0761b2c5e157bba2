import Foundation

/// The machine a table came from, for the README.
enum Machine {
  static func describe(runs: Int, sends: Int) -> String {
    let cpu =
      (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
      .split(separator: "\n").first { $0.hasPrefix("model name") }
      .map { $0.split(separator: ":", maxSplits: 1).last.map(String.init) ?? "" }?
      .trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let memory = ProcessInfo.processInfo.physicalMemory / 1_073_741_824
    let kernel = Bench.run(["uname", "-r"]).trimmingCharacters(in: .whitespacesAndNewlines)
    let gtk = Bench.run(["pkg-config", "--modversion", "gtk4"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return """
      Machine: \(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GB; \
      Linux \(kernel); GTK \(gtk); Xvfb 1280x800x24, GSK_RENDERER=cairo, warm caches.
      Start-up and memory: median of \(runs) runs per app after a warm-up round, each round in \
      its own seeded order; Enter: median of \(sends) sends; paste: median of \(runs) runs; \
      keystrokes: median of 21 batches of 20,000.
      """
  }
}
