import Foundation
import SeededRandom
import Testing

@testable import NatterCore

/// Random and mutated lines: the parser and the connection must neither crash nor let any
/// table grow without bound, whatever a broken or hostile server sends.
@Suite struct IRCFuzzTests {
  private static let corpus = [
    ":irc.test CAP * LS * :message-tags server-time echo-message batch",
    ":irc.test CAP * ACK :message-tags echo-message labeled-response",
    ":irc.test 001 me :Welcome to the network",
    ":irc.test 005 me CHANTYPES=# PREFIX=(qaohv)~&@%+ CASEMAPPING=rfc1459 :are supported",
    ":irc.test 353 me = #natter :~@alice +bob carol",
    ":irc.test 366 me #natter :End of /NAMES list.",
    ":irc.test 332 me #natter :The topic \u{2}bold\u{3}4,5colour",
    ":irc.test BATCH +h1 chathistory #natter",
    "@batch=h1;time=2026-01-01T10:00:01.000Z;msgid=m1 :alice!a@h PRIVMSG #natter :old #tag",
    ":irc.test BATCH -h1",
    "@time=2026-11-29T18:55:41.123Z;msgid=abc;+natter.org/tags=a,b :bob!b@h PRIVMSG #natter :hi #a #b",
    "@label=n1;msgid=x :me!u@h PRIVMSG #natter :hello",
    ":alice!a@h JOIN #natter",
    ":me!u@h JOIN #natter",
    ":alice!a@h PART #natter :bye",
    ":carol!c@h QUIT :gone",
    ":alice!a@h NICK alicia",
    ":alice!a@h KICK #natter bob :out",
    ":bob!b@h PRIVMSG me :\u{1}ACTION waves\u{1}",
    ":irc.test 404 me #natter :Cannot send to channel",
    ":irc.test 433 * me :Nickname is already in use",
    "AUTHENTICATE +",
    ":irc.test 904 me :SASL authentication failed",
    "PING :irc.test",
    "ERROR :Closing link",
    ":irc.test CAP * LS :batch draft/multiline=max-bytes=4096,max-lines=24",
    ":irc.test CAP * ACK :batch draft/multiline",
    "@+draft/react=👍;+draft/reply=abc;time=2026-01-01T10:00:01.000Z :bob!b@h TAGMSG #natter",
    "@+typing=active :bob!b@h TAGMSG me",
    "@msgid=ml1;+draft/reply=p :bob!b@h BATCH +ml draft/multiline #natter",
    "@batch=ml :bob!b@h PRIVMSG #natter :how is ",
    "@batch=ml;draft/multiline-concat :bob!b@h PRIVMSG #natter everyone?",
    "BATCH -ml",
    "@label=n1 :irc.test FAIL BATCH MULTILINE_MAX_LINES 24 :too many",
  ]

  private static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
    var bytes = bytes
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<8, using: &random) {
      case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
      case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
      case 2 where !bytes.isEmpty:
        bytes.removeSubrange(
          position..<min(bytes.count, position + Int.random(in: 1...8, using: &random)))
      case 3:
        bytes.insert(
          contentsOf: Array(" :@;=!#\\".utf8).shuffled(using: &random).prefix(2), at: position)
      case 4: bytes = Array(bytes.prefix(position))
      case 7:
        // A run of digits: a number too long for any integer (a time's fraction of 23 digits
        // once trapped, issue 30).
        let digits = (0..<Int.random(in: 1...40, using: &random)).map { _ in
          UInt8.random(in: 0x30...0x39, using: &random)
        }
        bytes.insert(contentsOf: digits, at: position)
      case 5:
        let other = Array(corpus.randomElement(using: &random)!.utf8)
        bytes =
          Array(bytes.prefix(position))
          + other.suffix(Int.random(in: 0...other.count, using: &random))
      default:
        // A run of bytes; now and then a long one, to reach the length limits.
        let long = Int.random(in: 0..<20, using: &random) == 0
        let count = Int.random(in: 0...(long ? 9_000 : 20), using: &random)
        bytes.insert(contentsOf: repeatElement(UInt8(ascii: "x"), count: count), at: position)
      }
    }
    return bytes
  }

  private static func line(_ random: inout SeededGenerator) -> [UInt8] {
    if Int.random(in: 0..<10, using: &random) == 0 {
      return (0..<Int.random(in: 0...80, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
    }
    return mutate(Array(corpus.randomElement(using: &random)!.utf8), &random)
  }

  @Test func parserSurvivesRandomAndMutatedLines() {
    var random = SeededGenerator(seed: 0xF022)
    var parsed = 0
    var refusals: Set<String> = []
    for _ in 0..<100_000 {
      let text = IRCText.decode(Self.line(&random))
      do {
        let message = try IRCMessage(parsing: text)
        parsed += 1
        // Whatever parses serialises to one line, never holding a CR, LF or NUL; without
        // them it parses back to the same message.
        let line = message.serialized
        #expect(!line.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }, "\(text.debugDescription)")
        if !text.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) {
          #expect((try? IRCMessage(parsing: line)) == message, "\(text.debugDescription)")
        }
      } catch {
        refusals.insert("\(error)".prefix { $0 != "(" }.description)
      }
    }
    #expect(parsed > 10_000)  // the mutations still reach the parser's insides
    // And every kind of bad line came up, the length limits included.
    #expect(
      refusals == [
        "empty", "onlyTags", "missingCommand", "invalidCommand", "tagsTooLong", "tooLong",
      ])
  }

  @Test func connectionSurvivesAndStaysBounded() {
    var random = SeededGenerator(seed: 0xF023)
    var script = IRCScript()
    script.register()
    var largest = 0
    for index in 0..<100_000 {
      let text = IRCText.decode(Self.line(&random))
      script.feed(.lineReceived(text))
      if index % 1_000 == 0 {
        // Every other one of several lines, which goes as a batch once multiline is on.
        let body = index % 2_000 == 0 ? "fuzz\n\(index)\n\nend" : "fuzz \(index)"
        script.feed(.send(IRCOutgoing(id: "f\(index)", target: "#natter", body: body)))
      }
      if index % 5_000 == 4_999 {
        // Drop and come back now and then, so every state sees the noise.
        script.feed(.disconnected(reason: "fuzz"))
        _ = script.reconnect()
      }
      if index % 100 == 0 {
        script.now += 1
        script.feed(.tick)
        _ = script.takeEffects()
        _ = script.takeEvents()
        _ = script.takeWritten()
      }
      largest = max(largest, script.connection.footprint)
    }
    #expect(largest < 5_000, "largest footprint \(largest)")
    #expect(script.connection.channels.batches.count <= IRCChannels.maxOpenBatches)
    #expect(script.connection.registration.offered.count <= IRCRegistration.maxOffered)
    #expect(script.connection.pending.count <= 100)
  }
}
