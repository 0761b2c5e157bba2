import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCChannelsTests {
  private func members(_ events: [IRCEvent], _ channel: String) -> [IRCMember]? {
    events.compactMap { event -> [IRCMember]? in
      if case .members(channel, let list) = event { return list }
      return nil
    }.last
  }

  @Test func ownJoinIsReportedAndOthersBecomeMembers() {
    var script = IRCScript()
    script.register()
    script.server(":me!u@h JOIN #second")
    #expect(script.takeEvents() == [.joined(channel: "#second")])
    script.server(":alice!a@h JOIN #second")
    let events = script.takeEvents()
    #expect(members(events, "#second") == [IRCMember(nick: "alice")])
    #expect(events.first == .channelActivity(channel: "#second", .joined(nick: "alice")))
    // Not in that channel: nothing.
    script.server(":alice!a@h JOIN #elsewhere")
    #expect(script.takeEvents().isEmpty)
  }

  @Test func joinInputSendsKeyAndIsRememberedForReconnects() {
    var script = IRCScript()
    script.register()
    script.feed(.join(channel: "#secret", key: "hunter2"))
    #expect(script.takeWritten() == ["JOIN #secret hunter2"])
    script.feed(.disconnected(reason: nil))
    script.feed(.connectNow)
    script.feed(.connected)
    script.server("CAP * LS :")
    _ = script.takeWritten()
    script.server(":irc.test 001 me :Welcome")
    #expect(script.takeWritten() == ["JOIN #secret,#natter hunter2"])
  }

  @Test func namesKeepEveryPrefixWithMultiPrefix() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 005 me PREFIX=(qov)~@+ :are supported")
    script.server(":irc.test 353 me = #natter :~@alice +bob")
    script.server(":irc.test 353 me = #natter :me")
    #expect(script.takeEvents().isEmpty)  // nothing until the end of NAMES
    script.server(":irc.test 366 me #natter :End of /NAMES list.")
    #expect(
      members(script.takeEvents(), "#natter") == [
        IRCMember(nick: "alice", prefixes: "~@"), IRCMember(nick: "bob", prefixes: "+"),
        IRCMember(nick: "me"),
      ])
  }

  @Test func aListIsReportedInTheOrderTheNetworkFoldsNames() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 005 me CASEMAPPING=rfc1459 :are supported")
    // rfc1459 folds [ ] \\ to { } |: "[x" and "{y" sort as "{x" < "{y", after "zed".
    script.server(":irc.test 353 me = #natter :zed {y Alice @bob me")
    script.server(":irc.test 353 me = #natter :[x +Carol ALICE")
    script.server(":irc.test 366 me #natter :End of /NAMES list.")
    let listed = members(script.takeEvents(), "#natter") ?? []
    #expect(listed.map(\.nick) == ["ALICE", "bob", "Carol", "me", "zed", "[x", "{y"])
    var roster = ConversationRoster()
    roster.setMembers(inFoldedOrder: listed, of: "c")
    var sorted = ConversationRoster()
    sorted.setMembers(listed.reversed(), of: "c")
    #expect(roster.memberList(of: "c") == sorted.memberList(of: "c"))
    #expect(roster.members(of: "c") == sorted.members(of: "c"))
    #expect(
      roster.memberList(of: "c").map(\.shown) == [
        "@bob", "+Carol", "ALICE", "me", "zed", "[x", "{y",
      ])
  }

  @Test func partQuitKickAndNickChangeUpdateMembers() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 353 me = #natter :@alice bob carol me")
    script.server(":irc.test 366 me #natter :End")
    _ = script.takeEvents()
    script.server(":alice!a@h NICK Alicia")
    script.server(":bob!b@h PART #natter :bye")
    script.server(":carol!c@h QUIT :gone")
    let after = members(script.takeEvents(), "#natter")
    #expect(after == [IRCMember(nick: "Alicia", prefixes: "@"), IRCMember(nick: "me")])
    script.server(":Alicia!a@h KICK #natter me :out")
    // Removed: one event that says by whom and why, and no `PART` written back.
    #expect(script.takeEvents() == [.kicked(channel: "#natter", by: "Alicia", reason: "out")])
    #expect(script.takeWritten().isEmpty)
  }

  @Test func aKickedChannelIsNotJoinedAgainOnReconnectUntilTheUserAsks() {
    var script = IRCScript(
      account: IRCAccount(nick: "me", channels: [.init("#natter"), .init("#gtk")]))
    script.register()
    script.server(":me!u@h JOIN #gtk")
    script.server(":op!o@h KICK #natter me :out")
    script.feed(.disconnected(reason: nil))
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :message-tags")
    script.server(":irc.test CAP * ACK :message-tags")
    script.server(":irc.test 001 me :Welcome")
    #expect(script.takeWritten().filter { $0.hasPrefix("JOIN") } == ["JOIN #gtk"])
    // `Rejoin` or `/join`: joined now, and again after the next reconnect.
    script.feed(.join(channel: "#natter", key: nil))
    #expect(script.takeWritten() == ["JOIN #natter"])
  }

  @Test func anotherPersonsNickChangeIsReportedOnceEvenWithoutASharedChannel() {
    var script = IRCScript()
    script.register()
    script.server(":me!u@h JOIN #a")
    script.server(":me!u@h JOIN #b")
    script.server(":irc.test 353 me = #a :bob me")
    script.server(":irc.test 366 me #a :End")
    script.server(":irc.test 353 me = #b :bob me")
    script.server(":irc.test 366 me #b :End")
    _ = script.takeEvents()
    script.server(":bob!b@h NICK :robert")
    let renames = script.takeEvents().filter {
      if case .userRenamed = $0 { return true } else { return false }
    }
    #expect(renames == [.userRenamed(from: "bob", to: "robert")])
    // Someone we share no channel with (a private chat's person) is reported too.
    script.server(":zed!z@h NICK zoe")
    #expect(script.takeEvents() == [.userRenamed(from: "zed", to: "zoe")])
  }

  private func activities(_ events: [IRCEvent]) -> [String] {
    events.compactMap { event in
      guard case .channelActivity(let channel, let activity) = event else { return nil }
      return "\(channel): \(activity.sentence())"
    }
  }

  @Test func othersComingAndGoingAreStatusLinesInTheirChannels() {
    var script = IRCScript()
    script.register()
    script.server(":me!u@h JOIN #other")
    script.server(":irc.test 353 me = #natter :@alice bob carol dave me")
    script.server(":irc.test 366 me #natter :End")
    script.server(":irc.test 353 me = #other :bob me")
    script.server(":irc.test 366 me #other :End")
    _ = script.takeEvents()
    script.server(":erin!e@h JOIN #natter")
    script.server(":alice!a@h NICK Alicia")
    script.server(":bob!b@h PART #natter :\u{2}bye\u{2}")
    script.server(":carol!c@h QUIT :Ping timeout")
    script.server(":bob!b@h QUIT")
    script.server(":Alicia!a@h KICK #natter dave :spam <b>")
    script.server(":Alicia!a@h TOPIC #natter :New \u{3}4topic")
    #expect(
      activities(script.takeEvents()) == [
        "#natter: erin joined",
        "#natter: alice is now known as Alicia",
        "#natter: bob left (bye)",
        "#natter: carol quit (Ping timeout)",
        "#other: bob quit",
        "#natter: Alicia removed dave (spam <b>)",
        "#natter: Alicia changed the topic to: New topic",
      ])
    // Someone in a channel we are not in, and people we do not know quitting: nothing.
    script.server(":zed!z@h JOIN #elsewhere")
    script.server(":zed!z@h QUIT :bye")
    #expect(activities(script.takeEvents()).isEmpty)
  }

  @Test func ourOwnNickChangeIsOneLineNotOnePerChannel() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 353 me = #natter :alice me")
    script.server(":irc.test 366 me #natter :End")
    _ = script.takeEvents()
    script.server(":me!u@h NICK newme")
    let events = script.takeEvents()
    #expect(activities(events).isEmpty)
    #expect(events.compactMap { IRCStatusText.line(for: $0) } == ["You are now known as newme"])
  }

  @Test func statusTextForEveryActivity() {
    #expect(
      IRCStatusText.line(for: .kicked(channel: "#c", by: "op", reason: ""))
        == "op removed you from #c")
    #expect(
      IRCStatusText.line(for: .kicked(channel: "#c", by: "op", reason: "\u{2}enough\u{2}"))
        == "op removed you from #c: enough")
    #expect(
      IRCStatusText.line(for: .userRenamed(from: "bob", to: "robert"))
        == "bob is now known as robert")
    #expect(
      IRCChannelActivity.topicChanged(by: "op", text: "").sentence() == "op cleared the topic")
    #expect(IRCChannelActivity.topicShown(text: "hi").sentence() == "Topic: hi")
    #expect(IRCStatusText.line(for: .topic(channel: "#c", text: "hi")) == nil)
  }

  @Test func ownNickChangeIsReported() {
    var script = IRCScript()
    script.register()
    script.server(":me!u@h NICK newme")
    #expect(script.takeEvents().contains(.nickChanged(from: "me", to: "newme")))
    #expect(script.connection.nick == "newme")
  }

  @Test func topicComesFromRepliesAndChanges() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 332 me #natter :Welcome to \u{2}Natter\u{2}")
    #expect(
      script.takeEvents() == [
        .topic(channel: "#natter", text: "Welcome to Natter"),
        .channelActivity(channel: "#natter", .topicShown(text: "Welcome to \u{2}Natter\u{2}")),
      ])
    script.server(":alice!a@h TOPIC #Natter :New topic")
    #expect(
      script.takeEvents() == [
        .topic(channel: "#natter", text: "New topic"),
        .channelActivity(channel: "#natter", .topicChanged(by: "alice", text: "New topic")),
      ])
    script.server(":irc.test 331 me #natter :No topic is set")
    #expect(script.takeEvents() == [.topic(channel: "#natter", text: "")])
  }

  private func historyLine(_ id: String, _ time: String, _ text: String) -> String {
    "@batch=h1;time=\(time);msgid=\(id) :alice!a@h PRIVMSG #natter :\(text)"
  }

  @Test func chathistoryBatchArrivesWholeInTimeOrder() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test BATCH +h1 chathistory #natter")
    script.server(historyLine("m2", "2026-01-01T10:00:02.000Z", "second"))
    script.server(historyLine("m1", "2026-01-01T10:00:01.000Z", "first #old"))
    #expect(script.takeEvents().isEmpty)
    script.server(":irc.test BATCH -h1")
    let events = script.takeEvents()
    #expect(events.count == 1)
    guard case .history(let target, let messages) = events.first else {
      Issue.record("no history event")
      return
    }
    #expect(target == "#natter")
    #expect(messages.map(\.msgid) == ["m1", "m2"])
    #expect(messages.first?.tags == ["old"])
    // After the batch, messages are live again.
    script.server(":alice!a@h PRIVMSG #natter :live")
    #expect(script.takeEvents().count == 1)
  }

  @Test func otherBatchTypesPassThrough() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test BATCH +n1 netjoin irc.a irc.b")
    script.server("@batch=n1 :alice!a@h PRIVMSG #natter :hi")
    #expect(script.takeEvents().count == 1)
    script.server(":irc.test BATCH -n1")
    #expect(script.takeEvents().isEmpty)
  }

  @Test func disconnectInTheMiddleOfABatchKeepsWhatArrived() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test BATCH +h1 chathistory #natter")
    script.server(historyLine("m1", "2026-01-01T10:00:01.000Z", "first"))
    script.feed(.disconnected(reason: "reset"))
    guard case .history("#natter", let messages) = script.takeEvents().first else {
      Issue.record("the partial batch was not reported")
      return
    }
    #expect(messages.map(\.body) == ["first"])
    #expect(script.connection.channels.batches.isEmpty)
    // The batch end on a later connection means nothing.
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test BATCH -h1")
    #expect(!script.takeEvents().contains { if case .history = $0 { true } else { false } })
  }

  @Test func openBatchesAreBounded() {
    var script = IRCScript()
    script.register()
    for index in 0..<100 { script.server(":irc.test BATCH +b\(index) chathistory #natter") }
    #expect(script.connection.channels.batches.count == IRCChannels.maxOpenBatches)
  }
}
