import Testing

@testable import NatterCore

@Suite struct IRCServerURLTests {
  private func parse(_ text: String) throws(IRCServerURL.Problem) -> IRCServerURL {
    try IRCServerURL(parsing: text, defaultNick: "login")
  }

  @Test func readsNickHostPortAndChannels() throws {
    let url = try parse("ircs://alice@irc.example.net:6698/#natter,#other")
    #expect(
      url
        == IRCServerURL(
          tls: true, nick: "alice", host: "irc.example.net", port: 6698,
          channels: ["#natter", "#other"]))
    #expect(url.description == "ircs://alice@irc.example.net:6698/#natter,#other")
    #expect(try parse(url.description) == url)
  }

  @Test func defaultsFollowTheScheme() throws {
    #expect(try parse("ircs://irc.example.net/#a").port == 6697)
    let plain = try parse("irc://irc.example.net")
    #expect(plain.port == 6667 && !plain.tls && plain.nick == "login" && plain.channels.isEmpty)
    #expect(plain.description == "irc://login@irc.example.net/")
  }

  @Test(arguments: [
    ("http://x/#a", "not an irc:// or ircs:// URL"),
    ("ircs://alice@/#a", "no server name"),
    ("ircs://alice@host:0/#a", "port \"0\""),
    ("ircs://alice@host:70000/#a", "port \"70000\""),
    ("ircs://alice@host:abc/#a", "port \"abc\""),
    ("ircs://alice@host/natter", "\"natter\" is not a channel name"),
    ("ircs://alice@host/#", "\"#\" is not a channel name"),
    ("ircs://9lives@host/#a", "\"9lives\" is not a nickname"),
    ("ircs://a b@host/#a", "is not a nickname"),
  ])
  func malformedURLsSayWhatIsWrong(text: String, expected: String) {
    #expect {
      _ = try parse(text)
    } throws: { error in
      "\(error)".contains(expected)
    }
  }

  @Test func conversationURLsLeaveOutTheDefaultPort() throws {
    #expect(try parse("ircs://a@irc.test/#x").conversation("#x") == "ircs://irc.test/#x")
    #expect(try parse("irc://a@127.0.0.1:7000/").conversation("bob") == "irc://127.0.0.1:7000/bob")
  }
}
