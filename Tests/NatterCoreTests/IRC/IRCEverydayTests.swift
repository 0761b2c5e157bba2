import Foundation
import Testing

@testable import NatterCore

/// The everyday IRC of SPEC §12: WHOIS in one block, no reply swallowed, CTCP answered within
/// a limit, and the operator's commands.
@Suite struct IRCEverydayTests {
  private func registered() -> IRCScript {
    var script = IRCScript()
    script.register()
    return script
  }

  @Test func aWhoisIsGatheredIntoOneBlockAtItsEnd() {
    var script = registered()
    for line in [
      ":irc.test 311 me bob ~b host.example * :Bob Roberts",
      ":irc.test 319 me bob :@#natter #gtk",
      ":irc.test 312 me bob irc.test :Natter test server",
      ":irc.test 330 me bob bobby :is logged in as",
      ":irc.test 671 me bob :is using a secure connection",
      ":irc.test 317 me bob 312 1800000000 :seconds idle, signon time",
      ":irc.test 301 me bob :at lunch",
    ] {
      script.server(line)
    }
    #expect(script.takeEvents().isEmpty, "nothing until the end")
    script.server(":irc.test 318 me bob :End of /WHOIS list.")
    guard case .whois(let info) = script.takeEvents().first else {
      Issue.record("no whois")
      return
    }
    #expect(
      info.text.split(separator: "\n").map(String.init) == [
        "bob is Bob Roberts (~b@host.example)", "Account: bobby", "Channels: @#natter #gtk",
        "Server: irc.test (Natter test server)", "Idle: 5 min 12 s", "Away: at lunch",
        "Uses a secure connection",
      ])
  }

  @Test func aNumericNothingElseAnswersIsShownInTheNetworksOwnConversation() {
    var script = registered()
    script.server(":irc.test 251 me :There are 3 users and 0 invisible on 1 servers")
    script.server(":irc.test 351 me InspIRCd-3. irc.test :Natter's server")
    script.server(":irc.test 333 me #natter bob 1800000000")
    #expect(
      script.takeEvents() == [
        .serverReply(code: "251", text: "There are 3 users and 0 invisible on 1 servers"),
        .serverReply(code: "351", text: "InspIRCd-3. irc.test Natter's server"),
      ])
    let placement = IRCStatusPlacement(
      conversation: { "irc/\($0)" }, isChannel: { $0.hasPrefix("#") }, joinedChannels: ["#natter"],
      openChats: ["irc/bob"], onScreen: "irc/#natter", main: "irc/")
    #expect(placement.conversations(for: .serverReply(code: "251", text: "x")) == ["irc/"])
    #expect(placement.conversations(for: .awayReply(nick: "bob", reason: "")) == ["irc/bob"])
    #expect(placement.conversations(for: .awayReply(nick: "carol", reason: "")) == ["irc/#natter"])
  }

  @Test func standardRepliesAreSaidInPlainWords() {
    var script = registered()
    script.server(":irc.test FAIL JOIN CHANNEL_RENAMED #old #new :The channel has been renamed")
    script.server(":irc.test WARN * ACCOUNT_REQUIRED :Some features need an account")
    script.server(":irc.test NOTE * OPER_MESSAGE :The server restarts at midnight")
    let events = script.takeEvents()
    #expect(
      events.compactMap(IRCStatusText.line(for:)) == [
        "JOIN failed: The channel has been renamed",
        "The server warns: Some features need an account",
        "The server restarts at midnight",
      ])
    let placement = IRCStatusPlacement(
      conversation: { "irc/\($0)" }, isChannel: { $0.hasPrefix("#") }, joinedChannels: [],
      openChats: [], onScreen: "irc/#natter", main: "irc/")
    #expect(
      events.map(placement.conversations(for:)) == [["irc/#natter"], ["irc/#natter"], ["irc/"]])
  }

  @Test func anAwayReplyOutsideAWhoisSaysSoInThePrivateChat() {
    var script = registered()
    script.server(":irc.test 301 me bob :at lunch")
    #expect(script.takeEvents() == [.awayReply(nick: "bob", reason: "at lunch")])
    #expect(
      IRCStatusText.line(for: .awayReply(nick: "bob", reason: "at lunch"))
        == "bob is away: at lunch")
  }

  @Test func ctcpRequestsAreAnsweredAtMostThreeInTenSeconds() {
    var script = registered()
    script.server(":bob!b@h PRIVMSG me :\u{01}VERSION\u{01}")
    #expect(script.takeWritten() == ["NOTICE bob :\u{01}VERSION Natter\u{01}"])
    script.server(":bob!b@h PRIVMSG me :\u{01}PING 12345\u{01}")
    #expect(script.takeWritten() == ["NOTICE bob :\u{01}PING 12345\u{01}"])
    script.server(":bob!b@h PRIVMSG #natter :\u{01}CLIENTINFO\u{01}")
    #expect(
      script.takeWritten() == [
        "NOTICE bob :\u{01}CLIENTINFO ACTION CLIENTINFO PING TIME VERSION\u{01}"
      ])
    script.server(":mallory!m@h PRIVMSG me :\u{01}TIME\u{01}")
    #expect(script.takeWritten().isEmpty, "a fourth within ten seconds is not answered")
    script.advance(10)
    script.server(":carol!c@h PRIVMSG me :\u{01}TIME\u{01}")
    let time = script.takeWritten()
    #expect(
      time.count == 1 && time[0].hasPrefix("NOTICE carol :\u{01}TIME ")
        && time[0].hasSuffix(" GMT\u{01}"))
    let requests = script.takeEvents().compactMap { event -> Bool? in
      if case .ctcpRequest(_, _, let answered) = event { return answered }
      return nil
    }
    #expect(requests == [true, true, true, false, true])
  }

  @Test func otherCtcpsAreReportedAndRepliesToOursShown() {
    var script = registered()
    script.server(":bob!b@h PRIVMSG me :\u{01}FINGER\u{01}")
    #expect(script.takeWritten().isEmpty)
    #expect(script.takeEvents() == [.ctcpRequest(from: "bob", command: "FINGER", answered: false)])
    script.server(":bob!b@h NOTICE me :\u{01}VERSION HexChat 2.16\u{01}")
    #expect(
      script.takeEvents() == [.ctcpReply(from: "bob", command: "VERSION", text: "HexChat 2.16")])
    // A PING's argument goes back without what could break the line.
    script.server(":bob!b@h PRIVMSG me :\u{01}PING a\u{7}b\u{01}")
    #expect(script.takeWritten() == ["NOTICE bob :\u{01}PING ab\u{01}"])
  }

  private func plan(_ text: String, in kind: ConversationList.Kind = .channel) -> [CommandPlan] {
    guard case .command(let command) = SlashCommand.parse(text) else { return [] }
    return CommandPlan.plan(command, in: kind, target: kind == .channel ? "#natter" : "bob")
  }

  private func line(_ text: String, in kind: ConversationList.Kind = .channel) -> String? {
    guard case .raw(let message) = plan(text, in: kind).first else { return nil }
    return message.serialized
  }

  @Test func theOperatorsCommandsAreOneLineEach() {
    #expect(line("/whois bob") == "WHOIS bob bob")
    #expect(line("/away lunch, back soon") == "AWAY :lunch, back soon")
    #expect(line("/away") == "AWAY")
    #expect(line("/notice bob hi there") == "NOTICE bob :hi there")
    #expect(line("/ctcp bob version") == "PRIVMSG bob \u{01}VERSION\u{01}")
    #expect(line("/ctcp bob ping 42") == "PRIVMSG bob :\u{01}PING 42\u{01}")
    #expect(line("/invite bob") == "INVITE bob #natter")
    #expect(line("/invite bob #gtk", in: .privateChat) == "INVITE bob #gtk")
    #expect(line("/mode +m") == "MODE #natter +m")
    #expect(line("/mode #gtk +i") == "MODE #gtk +i")
    #expect(line("/kick bob be nice") == "KICK #natter bob :be nice")
    #expect(line("/op bob carol") == "MODE #natter +oo bob carol")
    #expect(line("/devoice bob") == "MODE #natter -v bob")
    #expect(line("/ban bob") == "MODE #natter +b bob!*@*")
    #expect(line("/ban *!*@spam.example") == "MODE #natter +b *!*@spam.example")
    #expect(line("/raw PING x") == "PING x")
  }

  @Test func channelCommandsOutsideAChannelSayWhatIsMissing() {
    #expect(plan("/kick bob", in: .privateChat) == [.notice(CommandPlan.needsChannel)])
    #expect(plan("/op bob", in: .privateChat) == [.notice(CommandPlan.needsChannel)])
    #expect(SlashCommand.parse("/whois") == .notice("Usage: /whois nick"))
    #expect(
      SlashCommand.parse("/kick bob\nPRIVMSG #x :injected")
        == .notice("/kick takes one line, so nothing was sent."))
    #expect(SlashCommand.helpText.contains("/whois nick"))
  }
}

/// What members are, as IRCv3 tells it (SPEC §12): accounts, away and bot flags.
@Suite struct IRCMemberStateTests {
  private func joined() -> IRCScript {
    var script = IRCScript()
    script.register(caps: IRCScript.allCaps + " account-notify extended-join")
    script.server(":irc.test 005 me WHOX :are supported")
    script.server(":irc.test 353 me = #natter :me @bob carol")
    script.server(":irc.test 366 me #natter :End of /NAMES list.")
    return script
  }

  private func members(_ events: [IRCEvent]) -> [IRCMember]? {
    events.compactMap { event -> [IRCMember]? in
      if case .members(_, let list) = event { return list }
      return nil
    }.last
  }

  @Test func afterTheNamesOneWhoxAsksForAccountsAwayAndBots() {
    var script = joined()
    #expect(script.takeWritten() == ["WHO #natter %tnfa,752"])
    _ = script.takeEvents()
    script.server(":irc.test 354 me 752 bob H@ bobby")
    script.server(":irc.test 354 me 752 carol GB 0")
    #expect(script.takeEvents().isEmpty, "one list at the end")
    script.server(":irc.test 315 me #natter :End of /WHO list.")
    let list = members(script.takeEvents())
    #expect(list?.first { $0.nick == "bob" }?.account == "bobby")
    let carol = list?.first { $0.nick == "carol" }
    #expect(carol?.isAway == true && carol?.isBot == true && carol?.account == nil)
    // A user's own WHO is theirs: its end is not swallowed.
    script.server(":irc.test 315 me #natter :End of /WHO list.")
    #expect(script.takeEvents().contains { if case .serverReply = $0 { true } else { false } })
  }

  @Test func awayAccountAndExtendedJoinChangeTheMemberEverywhere() {
    var script = joined()
    _ = script.takeEvents()
    script.server(":carol!c@h AWAY :lunch")
    #expect(members(script.takeEvents())?.first { $0.nick == "carol" }?.isAway == true)
    script.server(":carol!c@h AWAY")
    #expect(members(script.takeEvents())?.first { $0.nick == "carol" }?.isAway == false)
    script.server(":bob!b@h ACCOUNT bobby")
    #expect(members(script.takeEvents())?.first { $0.nick == "bob" }?.account == "bobby")
    script.server(":dora!d@h JOIN #natter dora_acct :Dora D")
    #expect(members(script.takeEvents())?.first { $0.nick == "dora" }?.account == "dora_acct")
    script.server(":erin!e@h JOIN #natter * :Erin")
    #expect(members(script.takeEvents())?.first { $0.nick == "erin" }?.account == nil)
    // A new NAMES keeps what it cannot say.
    script.server(":irc.test 353 me = #natter :me @bob carol dora")
    script.server(":irc.test 366 me #natter :End of /NAMES list.")
    #expect(members(script.takeEvents())?.first { $0.nick == "dora" }?.account == "dora_acct")
  }

  @Test func invitationsAreSaidWhereTheyBelong() {
    var script = joined()
    _ = script.takeEvents()
    script.server(":bob!b@h INVITE me #secret")
    #expect(script.takeEvents() == [.invited(channel: "#secret", by: "bob")])
    script.server(":bob!b@h INVITE dora #natter")
    #expect(
      script.takeEvents() == [
        .channelActivity(channel: "#natter", .invited(nick: "dora", by: "bob"))
      ])
  }
}
