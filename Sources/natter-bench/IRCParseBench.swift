import Foundation
import NatterCore

/// IRC parsing, in process: 100,000 typical lines parsed into `IRCMessage`s, and the same
/// lines from bytes as they come off the socket (UTF-8 check or Windows-1252, then parse).
/// The target is under 100 ms in release for the parse. Timed in thread CPU time, so
/// other work on a shared machine does not inflate the figure.
enum IRCParseBench {
  static let lineCount = 100_000

  struct Result {
    /// Median milliseconds to parse the lines as strings.
    let parse: Double
    /// Median milliseconds to decode them from bytes and parse them.
    let decodeAndParse: Double
  }

  static func run(rounds: Int = 11) -> Result {
    let bytes = typicalLines()
    let lines = bytes.map { IRCText.decode($0) }
    var sink = 0
    let parse = median(rounds) {
      for line in lines {
        if let message = try? IRCMessage(parsing: line) { sink &+= message.params.count }
      }
    }
    let decodeAndParse = median(rounds) {
      for line in bytes {
        if let message = try? IRCMessage(parsing: IRCText.decode(line)) {
          sink &+= message.params.count
        }
      }
    }
    // Keeps the optimiser from discarding the work.
    if sink == 42 { print("", terminator: "") }
    return Result(parse: parse, decodeAndParse: decodeAndParse)
  }

  private static func median(_ rounds: Int, _ work: () -> Void) -> Double {
    Stats.median(
      (0..<rounds).map { _ in
        let start = threadCPUNanoseconds()
        work()
        return Double(threadCPUNanoseconds() - start) / 1_000_000
      })
  }

  private static func threadCPUNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
  }

  /// A mix like a busy channel with IRCv3: mostly tagged PRIVMSGs, some joins, parts, pings
  /// and numerics.
  static func typicalLines() -> [[UInt8]] {
    let templates = [
      "@time=2026-11-29T18:55:41.123Z;msgid=Ab3dE9fGhIjK;account=alice "
        + ":alice!~alice@user/alice PRIVMSG #natter :has anyone tried the new build? N",
      "@time=2026-11-29T18:55:42.001Z;msgid=Zy8xW7vUtSrQ;+natter.org/tags=swift,gtk "
        + ":bob!bob@203.0.113.7 PRIVMSG #natter :works here, the composer feels quick #swift #gtk",
      ":carol!c@example.net PRIVMSG #natter :\u{1}ACTION waves N\u{1}",
      "@time=2026-11-29T18:55:43.500Z :dave!d@host.example JOIN #natter",
      ":erin!e@host.example PART #natter :Leaving",
      "PING :irc.example.net",
      ":irc.example.net 353 me = #natter :@alice +bob carol dave erin frank",
      "@batch=h1;time=2026-11-29T18:50:00.000Z;msgid=Old1 :frank!f@h PRIVMSG #natter :earlier N",
      ":irc.example.net NOTICE me :Server notice number N",
      "@time=2026-11-29T18:55:44.000Z;msgid=QqWwEeRr "
        + ":grace!g@h PRIVMSG #natter :caf\u{E9} \u{1F600} unicode text, line N",
    ]
    return (0..<lineCount).map { index in
      Array(
        templates[index % templates.count]
          .replacingOccurrences(of: " N", with: " \(index)").utf8)
    }
  }
}
