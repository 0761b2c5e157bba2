import Foundation
import SeededRandom
import Testing

@testable import NatterCore

@Suite struct IRCMessageTests {
  private static func expected(_ atoms: [String: Any]) -> IRCMessage {
    IRCMessage(
      tags: atoms["tags"] as? [String: String] ?? [:],
      source: atoms["source"] as? String,
      command: atoms["verb"] as? String ?? "",
      params: atoms["params"] as? [String] ?? [])
  }

  @Test func agreesWithEveryMsgSplitVector() throws {
    let tests = try ParserVectors.tests("msg-split")
    #expect(tests.count >= 30)
    for test in tests {
      let input = try #require(test["input"] as? String)
      let atoms = try #require(test["atoms"] as? [String: Any])
      #expect(try IRCMessage(parsing: input) == Self.expected(atoms), "\(input.debugDescription)")
    }
  }

  @Test func agreesWithEveryMsgJoinVector() throws {
    let tests = try ParserVectors.tests("msg-join")
    #expect(tests.count >= 15)
    for test in tests {
      let atoms = try #require(test["atoms"] as? [String: Any])
      let matches = try #require(test["matches"] as? [String])
      let line = Self.expected(atoms).serialized
      #expect(matches.contains(line), "\(line.debugDescription) not in \(matches)")
    }
  }

  @Test func agreesWithEveryUserhostSplitVector() throws {
    let tests = try ParserVectors.tests("userhost-split")
    #expect(tests.count >= 9)
    for test in tests {
      let source = try #require(test["source"] as? String)
      let atoms = try #require(test["atoms"] as? [String: String])
      let split = IRCUserhost(parsing: source)
      #expect(split.nick == atoms["nick"] ?? "", "\(source)")
      #expect(split.user ?? "" == atoms["user"] ?? "", "\(source)")
      #expect(split.host ?? "" == atoms["host"] ?? "", "\(source)")
    }
  }

  @Test func agreesWithEveryMaskMatchVector() throws {
    let tests = try ParserVectors.tests("mask-match")
    #expect(tests.count >= 6)
    for test in tests {
      let mask = IRCMask(try #require(test["mask"] as? String))
      for name in test["matches"] as? [String] ?? [] {
        #expect(mask.matches(name), "\(mask.pattern) should match \(name)")
      }
      for name in test["fails"] as? [String] ?? [] {
        #expect(!mask.matches(name), "\(mask.pattern) should not match \(name)")
      }
    }
  }

  @Test func badLinesGiveTypedErrors() {
    #expect(throws: IRCParseError.empty) { try IRCMessage(parsing: "") }
    #expect(throws: IRCParseError.empty) { try IRCMessage(parsing: "   ") }
    #expect(throws: IRCParseError.onlyTags) { try IRCMessage(parsing: "@a=b") }
    #expect(throws: IRCParseError.onlyTags) { try IRCMessage(parsing: "@a=b   ") }
    #expect(throws: IRCParseError.missingCommand) { try IRCMessage(parsing: ":src") }
    #expect(throws: IRCParseError.missingCommand) { try IRCMessage(parsing: "@a :src  ") }
    #expect(throws: IRCParseError.invalidCommand) { try IRCMessage(parsing: " @x PRIVMSG a") }
    #expect(throws: IRCParseError.invalidCommand) { try IRCMessage(parsing: ":src PRIV;MSG a") }
  }

  @Test func enforcesTheLengthLimits() throws {
    let body = "PRIVMSG #c :" + String(repeating: "x", count: 500)
    #expect(try IRCMessage(parsing: body).params.last?.count == 500)
    #expect(throws: IRCParseError.tooLong(bytes: 513)) {
      try IRCMessage(parsing: body + String(repeating: "y", count: 1))
    }
    let tags = "@k=" + String(repeating: "v", count: 8187)
    #expect(try IRCMessage(parsing: tags + " " + body).tags["k"]?.count == 8187)
    #expect(throws: IRCParseError.tagsTooLong(bytes: 8192)) {
      try IRCMessage(parsing: tags + "v " + body)
    }
  }

  @Test func lastParamGetsColonOnlyWhenNeeded() {
    #expect(IRCMessage(command: "JOIN", params: ["#a"]).serialized == "JOIN #a")
    #expect(
      IRCMessage(command: "PRIVMSG", params: ["#a", "hi there"]).serialized
        == "PRIVMSG #a :hi there")
    #expect(IRCMessage(command: "PRIVMSG", params: ["#a", ":)"]).serialized == "PRIVMSG #a ::)")
    #expect(IRCMessage(command: "AWAY", params: [""]).serialized == "AWAY :")
  }

  @Test func sourceNickIsTheFirstAtom() throws {
    #expect(try IRCMessage(parsing: ":alice!a@h PRIVMSG #c :x").sourceNick == "alice")
    #expect(try IRCMessage(parsing: "PING x").sourceNick == nil)
  }

  // MARK: properties

  private static func randomText(_ random: inout SeededGenerator, maxLength: Int) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", "0", " ", ";", "\\", ":", "=", "@", "!", "#", ",", "\t", "\u{1}", "\u{3}",
      "é", "ß", "Ж", "中", "😀", "\u{301}", "\u{200F}", "s", "n", "r",
    ]
    var text = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...maxLength, using: &random) {
      text.append(pool.randomElement(using: &random)!)
    }
    return String(text)
  }

  private static func randomMessage(_ random: inout SeededGenerator) -> IRCMessage {
    var tags: [String: String] = [:]
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let key = ["+natter.org/tags", "time", "msgid", "label", "+draft/reply", "batch"]
        .randomElement(using: &random)!
      var value = randomText(&random, maxLength: 12)
      value.unicodeScalars.removeAll { $0 == "\r" || $0 == "\n" }
      tags[key] = value
    }
    var params: [String] = []
    for _ in 0..<Int.random(in: 0...3, using: &random) {
      // A middle parameter has no space and does not start with `:` (compared as scalars:
      // " \u{301}" is one Character).
      var middle = randomText(&random, maxLength: 8)
      middle.unicodeScalars.removeAll { $0 == " " }
      while middle.unicodeScalars.first == ":" { middle.unicodeScalars.removeFirst() }
      params.append(middle.isEmpty ? "x" : middle)
    }
    if Bool.random(using: &random) { params.append(randomText(&random, maxLength: 40)) }
    let source: String? = Bool.random(using: &random) ? "nick!user@host" : nil
    let command = ["PRIVMSG", "NOTICE", "001", "CAP", "TAGMSG"].randomElement(using: &random)!
    return IRCMessage(tags: tags, source: source, command: command, params: params)
  }

  @Test func serialiseThenParseIsTheIdentity() throws {
    var random = SeededGenerator(seed: 0x1AC)
    for _ in 0..<5_000 {
      let message = Self.randomMessage(&random)
      #expect(try IRCMessage(parsing: message.serialized) == message, "\(message)")
    }
  }

  @Test func tagEscapingRoundTripsEveryCharacterItEscapes() throws {
    let value = "a;b c\\d\re\nf\\:"
    let line = IRCMessage(tags: ["k": value], command: "X").serialized
    #expect(line == "@k=a\\:b\\sc\\\\d\\re\\nf\\\\: X")
    #expect(try IRCMessage(parsing: line).tags["k"] == value)
  }
}
