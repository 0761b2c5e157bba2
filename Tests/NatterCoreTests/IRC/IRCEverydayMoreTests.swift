import Foundation
import Testing

@testable import NatterCore

/// More of SPEC §12: the channel browser's list, `MONITOR`, our own away state, `/ignore`,
/// `/quit` and the real name.
@Suite struct IRCEverydayMoreTests {
  private func registered(_ account: IRCAccount = IRCAccount(nick: "me")) -> IRCScript {
    var script = IRCScript(account: account)
    script.register()
    return script
  }

  @Test func aListReplyIsGatheredIntoOneEventAndNoneOfItsLinesReachTheNetworkRow() {
    var script = registered()
    script.feed(.command(IRCMessage(command: "LIST")))
    #expect(script.takeWritten() == ["LIST"])
    script.server(":irc.test 321 me Channel :Users  Name")
    script.server(":irc.test 322 me #natter 12 :[+nt] \u{02}Natter\u{02} talk")
    script.server(":irc.test 322 me #gtk 340 :GTK [+x] stays")
    script.server(":irc.test 322 me notachannel 5 :skipped")
    script.server(":irc.test 322 me #bad,name 5 :skipped")
    #expect(script.takeEvents().isEmpty, "nothing until 323, and no line per channel")
    script.server(":irc.test 323 me :End of channel list.")
    #expect(
      script.takeEvents() == [
        .channelList(
          [
            IRCListedChannel(name: "#natter", users: 12, topic: "Natter talk"),
            IRCListedChannel(name: "#gtk", users: 340, topic: "GTK [+x] stays"),
          ], complete: true)
      ])
  }

  @Test func aHugeListIsBoundedAndSaysItWasCut() {
    var script = registered()
    for index in 0..<(IRCChannelDirectory.maxChannels + 5) {
      script.server(":irc.test 322 me #c\(index) 1 :t")
    }
    #expect(script.connection.footprint < IRCChannelDirectory.maxChannels + 1_000)
    script.server(":irc.test 323 me :End")
    guard case .channelList(let channels, let complete) = script.takeEvents().last else {
      Issue.record("no list")
      return
    }
    #expect(channels.count == IRCChannelDirectory.maxChannels)
    #expect(!complete)
  }

  @Test func theDirectorySortsByUsersAndFiltersByNameOrTopicAsTyped() {
    var directory = ChannelDirectory([
      IRCListedChannel(name: "#b", users: 5, topic: "GTK and Swift"),
      IRCListedChannel(name: "#a", users: 5, topic: "gnome"),
      IRCListedChannel(name: "#swift", users: 900, topic: "The language"),
    ])
    #expect((0..<directory.count).map { directory[$0].name } == ["#swift", "#a", "#b"])
    directory.setFilter("SWI")
    #expect((0..<directory.count).map { directory[$0].name } == ["#swift", "#b"])
    directory.setFilter("swift gtk")
    #expect((0..<directory.count).map { directory[$0].name } == ["#b"])
    directory.setFilter("gno")
    #expect((0..<directory.count).map { directory[$0].name } == ["#a"])
    #expect(directory.summary == "1 channel of 3")
    directory.setFilter("")
    #expect(directory.count == 3)
    #expect(directory.summary == "3 channels")
  }

  @Test func twentyThousandChannelsFilterByNarrowing() {
    let channels = (0..<20_000).map {
      IRCListedChannel(name: "#chan\($0)", users: $0 % 300, topic: "topic \($0 % 7)")
    }
    var directory = ChannelDirectory(channels)
    directory.setFilter("chan1")
    let wide = directory.count
    directory.setFilter("chan19")
    #expect(directory.count < wide)
    #expect((0..<directory.count).allSatisfy { directory[$0].name.hasPrefix("#chan19") })
    #expect(directory.count == 1 + 10 + 100 + 1_000)
  }

  @Test func monitorWatchesThePrivateChatsWithinTheLimitAndReportsOnlyChangesAsNews() {
    var script = registered()
    script.feed(.watch(["Bob", "zed", "not a nick"]))
    #expect(script.takeWritten().isEmpty, "no MONITOR without the server's word")
    script.server(":irc.test 005 me MONITOR=1 :are supported")
    #expect(script.takeWritten() == ["MONITOR + Bob"], "sorted by folded name, within the limit")
    #expect(script.connection.isOnline("bob") == nil, "not yet said")
    script.server(":irc.test 730 me :bob!b@host")
    #expect(script.takeEvents() == [.presence(nick: "Bob", online: true, changed: false)])
    #expect(script.connection.isOnline("BOB") == true)
    #expect(script.connection.isOnline("zed") == nil, "beyond the server's limit")
    script.server(":irc.test 731 me :bob")
    #expect(script.takeEvents() == [.presence(nick: "Bob", online: false, changed: true)])
    script.server(":irc.test 731 me :carol")
    #expect(script.takeEvents().isEmpty, "nobody we watch")
    script.feed(.watch(["alice"]))
    #expect(script.takeWritten() == ["MONITOR - bob", "MONITOR + alice"])
    #expect(
      IRCStatusText.line(for: .presence(nick: "Bob", online: false, changed: true))
        == "Bob went offline")
    #expect(IRCStatusText.line(for: .presence(nick: "Bob", online: true, changed: false)) == nil)
  }

  @Test func monitorIsSentAgainAfterAReconnect() {
    var script = registered()
    script.server(":irc.test 005 me MONITOR :are supported")
    script.feed(.watch(["alice"]))
    #expect(script.takeWritten() == ["MONITOR + alice"])
    script.feed(.disconnected(reason: "gone"))
    script.advance(120)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :message-tags")
    script.server(":irc.test 001 me :Welcome")
    _ = script.takeWritten()
    script.server(":irc.test 005 me MONITOR=100 :are supported")
    #expect(script.takeWritten() == ["MONITOR + alice"])
  }

  @Test func ourAwayStateFollowsTheServersConfirmation() {
    var script = registered()
    script.feed(.command(IRCMessage(command: "AWAY", params: ["at lunch"])))
    #expect(script.connection.away == nil, "not until the server says so")
    script.server(":irc.test 306 me :You have been marked as being away")
    #expect(script.connection.away == "at lunch")
    #expect(script.takeEvents() == [.ownAway("at lunch")])
    let subtitle = IRCConnectionState.ready.subtitle(
      conversation: "#natter", host: "irc.test", waiting: 0, away: "at lunch")
    #expect(subtitle == "#natter on irc.test · You are away: at lunch")
    script.server(":irc.test 305 me :You are no longer marked as being away")
    #expect(script.connection.away == nil)
    #expect(script.takeEvents() == [.ownAway(nil)])
    #expect(
      IRCConnectionState.ready.subtitle(
        conversation: "bob", host: "irc.test", waiting: 0, isOnline: false)
        == "bob on irc.test — bob is offline")
  }

  /// A lost connection does not bring the user back: the server forgot the away, so the next
  /// connection says it again, and shows it once the server confirms.
  @Test func awayIsSetAgainAfterAReconnect() {
    var script = registered()
    script.feed(.command(IRCMessage(command: "AWAY", params: ["at lunch"])))
    script.server(":irc.test 306 me :You have been marked as being away")
    _ = script.takeWritten()
    _ = script.takeEvents()
    script.feed(.disconnected(reason: "gone"))
    #expect(script.connection.away == nil, "nobody is away on a connection that is not there")
    script.advance(120)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :message-tags")
    #expect(!script.takeWritten().contains { $0.hasPrefix("AWAY") }, "not before registration")
    script.server(":irc.test 001 me :Welcome")
    #expect(script.takeWritten().contains("AWAY :at lunch"))
    script.server(":irc.test 306 me :You have been marked as being away")
    #expect(script.connection.away == "at lunch")
    #expect(script.takeEvents().contains(.ownAway("at lunch")))

    // Back (305): the next reconnect sets nothing.
    script.feed(.command(IRCMessage(command: "AWAY")))
    script.server(":irc.test 305 me :You are no longer marked as being away")
    #expect(script.takeWritten() == ["AWAY"])
    script.feed(.disconnected(reason: "gone"))
    script.advance(120)
    script.feed(.connected)
    script.server(":irc.test 001 me :Welcome")
    #expect(!script.takeWritten().contains { $0.hasPrefix("AWAY") })
  }

  /// `/away` said while offline is what the next connection sets; `/away` alone clears it.
  @Test func awaySaidWhileOfflineIsSetOnceConnected() {
    var script = registered()
    script.feed(.disconnected(reason: "gone"))
    script.feed(.command(IRCMessage(command: "AWAY", params: ["on a train"])))
    script.advance(120)
    script.feed(.connected)
    script.server(":irc.test 001 me :Welcome")
    #expect(script.takeWritten().contains("AWAY :on a train"))

    script.feed(.disconnected(reason: "gone"))
    script.feed(.command(IRCMessage(command: "AWAY")))
    script.advance(300)
    script.feed(.connected)
    script.server(":irc.test 001 me :Welcome")
    #expect(!script.takeWritten().contains { $0.hasPrefix("AWAY") })
  }

  /// What counts is what the user asked for last, not what a connection lost before the
  /// server answered (306 or 305) had confirmed.
  @Test func awayFollowsTheUsersLastWordAcrossConnectionsLostBeforeTheAnswer() {
    var script = registered()
    script.feed(.command(IRCMessage(command: "AWAY", params: ["at lunch"])))
    script.server(":irc.test 306 me :You have been marked as being away")
    script.feed(.disconnected(reason: "gone"))
    script.advance(120)
    script.feed(.connected)
    script.server(":irc.test 001 me :Welcome")
    #expect(script.takeWritten().contains("AWAY :at lunch"))
    // Lost again before the server confirmed: still away.
    script.feed(.disconnected(reason: "gone"))
    script.advance(300)
    script.feed(.connected)
    script.server(":irc.test 001 me :Welcome")
    #expect(script.takeWritten().contains("AWAY :at lunch"))
    script.server(":irc.test 306 me :You have been marked as being away")

    // Back, and lost before the server said so: back it is.
    script.feed(.command(IRCMessage(command: "AWAY")))
    script.feed(.disconnected(reason: "gone"))
    script.advance(300)
    script.feed(.connected)
    _ = script.takeWritten()
    script.server(":irc.test 001 me :Welcome")
    #expect(!script.takeWritten().contains { $0.hasPrefix("AWAY") })
  }

  @Test func anIgnoredMaskIsDroppedBeforeAnythingAnswersIt() {
    var account = IRCAccount(nick: "me")
    account.ignored = ["troll"]
    var script = registered(account)
    script.server(":troll!t@spam.example PRIVMSG me :buy now")
    script.server(":TROLL!t@spam.example PRIVMSG #natter :\u{01}VERSION\u{01}")
    script.server(":troll!t@spam.example INVITE me #spam")
    script.server(":bob!b@host PRIVMSG #natter :hello")
    #expect(script.takeWritten().isEmpty, "no CTCP answer to the ignored")
    let events = script.takeEvents()
    #expect(events.count == 1)
    guard case .message(let message) = events.first else {
      Issue.record("bob's message is shown")
      return
    }
    #expect(message.sender == "bob")
    script.feed(.ignore(["*!*@host"]))
    script.server(":bob!b@host PRIVMSG #natter :again")
    script.server(":troll!t@spam.example PRIVMSG #natter :back")
    #expect(script.takeEvents().count == 1, "the new list replaced the old one")
  }

  @Test func ignoreMasksAreMadeFromNicknamesAndKeptOnce() {
    var list = IRCIgnoreList()
    #expect(list.add("bob") == .added("bob!*@*"))
    #expect(list.add("BOB") == .alreadyIgnored("BOB!*@*"))
    #expect(list.add("*!*@evil.example") == .added("*!*@evil.example"))
    #expect(list.add("u@host") == .added("*!u@host"))
    #expect(list.add("a b") == .invalid("a b"))
    #expect(list.add("x\r\nQUIT") == .invalid("x\r\nQUIT"))
    #expect(list.masks == ["bob!*@*", "*!*@evil.example", "*!u@host"])
    #expect(list.ignores("Bob!x@y"))
    #expect(list.ignores("carol!c@evil.example"))
    #expect(!list.ignores("carol!c@good.example"))
    #expect(list.remove("bob") == .removed("bob!*@*"))
    #expect(list.remove("bob") == .notIgnored("bob!*@*"))
    #expect(list.listing == "Ignored: *!*@evil.example, *!u@host")
  }

  @Test func quitLeavesTheNetworkDisconnectedUntilTheUserReconnects() {
    var script = registered()
    script.feed(.disconnect(reason: "off to bed\r\nJOIN #evil"))
    #expect(script.takeWritten() == ["QUIT :off to bed"])
    script.feed(.disconnected(reason: nil))
    #expect(
      script.connection.state
        == .disconnected(reason: "You left the network", retryAt: .distantFuture))
    #expect(!script.connection.reconnectsByItself)
    #expect(script.connection.state.offersReconnect)
    script.advance(3_600)
    #expect(!script.takeEffects().contains(.connect), "no attempt of its own")
    script.feed(.connectNow)
    #expect(script.connection.state == .connecting)
  }

  @Test func aServerThatKeepsTheConnectionAfterQuitIsLeftAnyway() {
    var script = registered()
    script.feed(.disconnect(reason: ""))
    #expect(script.takeWritten() == ["QUIT"])
    script.advance(IRCConnection.leaveTimeout + 0.1)
    #expect(script.takeEffects().contains(.close))
    #expect(script.connection.state.isDisconnected)
    #expect(!script.connection.reconnectsByItself)
  }

  @Test func theRealNameIsOneBoundedLineOfUser() {
    var script = IRCScript(
      account: IRCAccount(nick: "me", realName: "Alice Liddell\r\nPRIVMSG #x :hi"))
    script.feed(.connectNow)
    script.feed(.connected)
    #expect(script.takeWritten().contains("USER me 0 * :Alice Liddell"))
    var plain = IRCScript(account: IRCAccount(nick: "me", realName: " "))
    plain.feed(.connectNow)
    plain.feed(.connected)
    #expect(plain.takeWritten().contains("USER me 0 * me"))
  }

  @Test func aSendersTooltipSaysWhatTheMemberListKnows() {
    var bob = IRCMember(nick: "Bob", account: "bobby")
    bob.isAway = true
    let members = [bob, IRCMember(nick: "carol")]
    #expect(
      IRCMember.about("bob", among: members, casemapping: .rfc1459)
        == "Away\nSigned in as bobby")
    #expect(IRCMember.about("carol", among: members, casemapping: .rfc1459) == nil)
    #expect(IRCMember.about("dave", among: members, casemapping: .rfc1459) == nil)
  }

  @Test func modeChangesMoveMembersPrefixesAndAreSaidInWords() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 005 me CHANMODES=beI,k,l,imnpst PREFIX=(qaohv)~&@%+ :are supported")
    script.server(":irc.test 353 me = #natter :@me alice bob")
    script.server(":irc.test 366 me #natter :End of /NAMES list.")
    _ = script.takeEvents()
    script.server(":bob!b@h MODE #natter +ovb-m alice alice *!*@spam.example")
    script.server(":bob!b@h MODE #natter +kl-v secret 20 alice")
    script.server(":irc.test MODE #natter +q bob")
    let events = script.takeEvents()
    let lines = events.compactMap(IRCStatusText.line(for:))
    #expect(
      lines == [
        "bob made alice an operator", "bob gave voice to alice", "bob banned *!*@spam.example",
        "bob set -m", "bob took voice from alice", "bob set +kl 20", "irc.test set +q on bob",
      ])
    let lists = events.compactMap { event -> [IRCMember]? in
      if case .members(_, let members) = event { return members }
      return nil
    }
    #expect(lists.last?.first { $0.nick == "alice" }?.prefixes == "@")
    #expect(lists.last?.first { $0.nick == "bob" }?.prefixes == "~")
    #expect(!lines.joined().contains("secret"), "a channel key is never shown")
  }

  @Test func modeArgumentsFollowTheServersModeTypes() {
    var support = IRCSupport()
    support.apply(["CHANMODES=beI,k,l,imnpst", "PREFIX=(ov)@+"])
    #expect(
      IRCModeChange.parse(["-lk+b", "key", "*!*@x"], support: support) == [
        IRCModeChange(adding: false, mode: "l"),
        IRCModeChange(adding: false, mode: "k", argument: "key"),
        IRCModeChange(adding: true, mode: "b", argument: "*!*@x"),
      ])
    #expect(
      IRCModeChange.parse(["+oooo", "a"], support: support).map(\.argument) == ["a", nil, nil, nil])
  }

  @Test func chghostAndSetnameChangeNobodysPlaceOrName() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 353 me = #natter :@me bob")
    script.server(":irc.test 366 me #natter :End of /NAMES list.")
    _ = script.takeEvents()
    script.server(":bob!b@old.example CHGHOST b new.example")
    script.server(":bob!b@new.example SETNAME :Robert Roe")
    script.server(":bob!b@new.example PRIVMSG #natter :still me")
    let events = script.takeEvents()
    #expect(events.count == 1, "no member change, no status line: \(events)")
    guard case .message(let message) = events.first else {
      Issue.record("bob's message")
      return
    }
    #expect(message.sender == "bob")
    #expect(script.takeWritten().isEmpty)
  }
}
