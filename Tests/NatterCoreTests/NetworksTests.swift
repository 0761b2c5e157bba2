import Foundation
import Testing

@testable import NatterCore

/// Several networks (SPEC §11): accounts, the bouncer login, the sidebar's grouping, server
/// messages in the network's own conversation, and Preferences' list.
@Suite struct NetworksTests {
  private func url(_ text: String) throws -> IRCServerURL {
    try IRCServerURL(parsing: text, defaultNick: "me")
  }

  @Test func aBouncerLoginIsTheUserNameAndNamesItsOwnConversations() throws {
    let znc = try url("ircs://alice/net1@bouncer.example:6697/#natter")
    #expect(znc.login == "alice/net1" && znc.nick == "alice" && znc.host == "bouncer.example")
    #expect(znc.channels == ["#natter"])
    #expect("\(znc)" == "ircs://alice/net1@bouncer.example/#natter")
    let other = try url("ircs://alice/net2@bouncer.example:6697/#natter")
    // Two networks of one bouncer never share a conversation.
    #expect(znc.conversation("#natter") != other.conversation("#natter"))
    #expect(znc.conversationPrefix == "ircs://alice%2Fnet1@bouncer.example/")
    #expect(NetworkAccount(url: znc).name == "net1")
    // A server signed in to without a bouncer keeps the ids it always had.
    #expect(
      try url("ircs://bob@irc.example.net/#a").conversationPrefix == "ircs://irc.example.net/")
    for bad in ["ircs:///net@h", "ircs://alice/@h", "ircs://al ice/n@h"] {
      #expect(throws: IRCServerURL.Problem.self) { try url(bad) }
    }
  }

  @Test func aBouncerSignsInWithPassThenCapThenNickAndUser() {
    var script = IRCScript(
      account: IRCAccount(
        nick: "alice", userName: "alice/net1", realName: "alice", serverPassword: "zncpass"))
    script.feed(.connectNow)
    script.feed(.connected)
    #expect(
      script.takeWritten() == [
        "PASS zncpass", "CAP LS 302", "NICK alice", "USER alice/net1 0 * alice",
      ])
    #expect(IRCEffect.write("PASS zncpass").logDescription == "write(PASS <hidden>)")
  }

  @Test func connectAddsANetworkOrUpdatesTheOneOnThatServerAndDisconnectTurnsItOff() throws {
    var networks: [NetworkAccount] = []
    #expect(networks.addOrUpdate(try url("ircs://me@irc.alpha.example/#gtk")) == 0)
    #expect(networks.addOrUpdate(try url("ircs://me@irc.beta.example/#debian")) == 1)
    // The same server again, another nickname and channels: updated in place, on again.
    networks[0].isEnabled = false
    #expect(networks.addOrUpdate(try url("ircs://other@irc.alpha.example/#swift")) == 0)
    #expect(networks.count == 2 && networks[0].url.nick == "other" && networks[0].isEnabled)
    #expect(networks[0].url.channels == ["#swift"])
    // Another port is another server; a bouncer's networks are each their own.
    #expect(networks.addOrUpdate(try url("ircs://me@irc.alpha.example:7000/#gtk")) == 2)
    #expect(networks.addOrUpdate(try url("ircs://me/a@b.example/")) == 3)
    #expect(networks.addOrUpdate(try url("ircs://me/b@b.example/")) == 4)
    #expect(networks.disable(host: "irc.alpha.example") == 2)
    #expect(networks.disable(host: "irc.beta.example:6697") == 1)
    #expect(networks.disable(host: "nowhere") == 0)
    #expect(networks.map(\.isEnabled) == [false, false, false, true, true])
  }

  @Test func theSidebarGroupsConversationsUnderTheirNetworkInTheUsersOrder() {
    var list = ConversationList()
    list.setNetworks([("libera/", "Libera.Chat"), ("oftc/", "OFTC")])
    list.add(id: "oftc/#debian", name: "#debian", kind: .channel)
    list.add(id: "libera/bob", name: "bob", kind: .privateChat)
    list.add(id: "libera/#gtk", name: "#gtk", kind: .channel)
    list.add(id: "oftc/alice", name: "alice", kind: .privateChat)
    list.add(id: "nowhere/#x", name: "#x", kind: .channel)
    #expect(
      list.entries.map(\.name) == [
        "Notes", "Libera.Chat", "#gtk", "bob", "OFTC", "#debian", "alice",
      ])
    #expect(list.entry("oftc/#debian")?.network == "oftc/")
    #expect(list.network(of: "notes") == nil)
    // Alt+2 is the first network's own row; Ctrl+Page Down walks across networks.
    #expect(list.id(atPosition: 2) == "libera/")
    list.open("libera/bob")
    #expect(list.id(offsetFromActive: 1) == "oftc/")
    // A network's own row stays while it is listed.
    #expect(list.remove(id: "oftc/") == nil && list.contains("oftc/"))
    // Reordered and renamed: the groups follow; a network removed takes its conversations.
    list.setDetail("Connected", of: "oftc/")
    list.setNetworks([("oftc/", "OFTC network"), ("libera/", "Libera.Chat")])
    #expect(
      list.entries.map(\.name) == [
        "Notes", "OFTC network", "#debian", "alice", "Libera.Chat", "#gtk", "bob",
      ])
    #expect(list.entry("oftc/")?.detail == "Connected")
    list.setNetworks([("oftc/", "OFTC network")])
    #expect(list.entries.map(\.name) == ["Notes", "OFTC network", "#debian", "alice"])
    #expect(list.activeID != "libera/bob" && list.contains(list.activeID))
  }

  @Test func serverNoticesAndServicesGoToTheNetworkNotToAPrivateChat() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test NOTICE me :*** You are connected")
    script.server(":NickServ!services@services.test NOTICE me :This nickname is registered")
    script.server(":bob!b@h NOTICE me :hi there")
    script.server(":bob!b@h NOTICE #natter :to the channel")
    let messages = script.takeEvents().compactMap { event -> IRCIncomingMessage? in
      if case .message(let message) = event { return message }
      return nil
    }
    #expect(messages.map(\.isFromServer) == [true, true, false, false])
    #expect(messages.map(\.conversation) == ["", "", "bob", "#natter"])
    #expect(messages.allSatisfy { !$0.mentionsMe })
  }

  @Test func theMessageOfTheDayIsOneStatusLineInTheNetworksOwnConversation() {
    var script = IRCScript()
    script.register()
    script.server(":irc.test 375 me :- irc.test Message of the Day -")
    script.server(":irc.test 372 me :- Welcome to \u{2}the\u{2} test net")
    script.server(":irc.test 372 me :- Be nice")
    script.server(":irc.test 376 me :End of /MOTD command.")
    let motd = script.takeEvents().compactMap { event -> [String]? in
      if case .motd(let lines) = event { return lines }
      return nil
    }
    #expect(motd == [["Welcome to \u{2}the\u{2} test net", "Be nice"]])
    let placement = IRCStatusPlacement(
      conversation: { "net/" + $0 }, isChannel: { $0.hasPrefix("#") }, joinedChannels: [],
      openChats: [], onScreen: "net/#natter", main: "net/")
    let lines = placement.lines(for: .motd(motd[0]), at: Date())
    #expect(lines.map(\.conversation) == ["net/"])
    #expect(lines.first?.body == "Welcome to the test net\nBe nice")
  }

  @Test func aNetworksOwnConversationTakesCommandsButNoTextAndAnOffNetworkNothing() {
    var controller = ConversationsController()
    controller.setNetworks([("net/", "Libera.Chat")])
    _ = controller.start(
      accountChannels: [("net/#gtk", "#gtk")], open: [], closed: [], lastOpened: "net/",
      row: { id in id == "net/#gtk" ? ("#gtk", .channel) : nil })
    #expect(controller.list.activeID == "net/")
    #expect(
      controller.refusal(toSendIn: "net/", networkIsOn: true, networkName: "Libera.Chat")?
        .contains("Libera.Chat") == true)
    #expect(controller.refusal(toSendIn: "net/#gtk", networkIsOn: true, networkName: "L") == nil)
    #expect(controller.refusal(toSendIn: "net/#gtk", networkIsOn: false, networkName: "L") != nil)
    #expect(controller.refusal(toSendIn: "notes", networkIsOn: false, networkName: "") == nil)
    guard case .notice = controller.leaveQuestion else {
      Issue.record("a network's row is not left")
      return
    }
    #expect(
      CommandPlan.plan(.join(channel: "#new", key: nil), in: .network, target: nil)
        == [.join(channel: "#new", key: nil)])
    #expect(
      CommandPlan.plan(.message(to: "bob", text: "hi"), in: .network, target: nil)
        == [.send(target: "bob", text: "hi", isAction: false)])
    guard case .notice = CommandPlan.plan(.action("waves"), in: .network, target: nil).first,
      case .notice = CommandPlan.plan(.part(reason: nil), in: .network, target: nil).first
    else {
      Issue.record("/me and /part need a channel")
      return
    }
  }

  @Test func theHeaderInNotesSummarisesEveryNetwork() {
    #expect(NetworkSummary([]).subtitle == "Every network is off")
    let one = NetworkSummary([.init(name: "Libera.Chat", state: .ready, waiting: 0)])
    #expect(one.subtitle == "Connected to Libera.Chat")
    let two = NetworkSummary([
      .init(name: "Libera.Chat", state: .ready, waiting: 0),
      .init(name: "OFTC", state: .disconnected(reason: "refused", retryAt: Date()), waiting: 2),
    ])
    #expect(two.subtitle == "1 of 2 networks connected — 2 messages waiting")
    #expect(two.offersReconnect)
    let both = NetworkSummary([
      .init(name: "A", state: .ready, waiting: 0), .init(name: "B", state: .ready, waiting: 0),
    ])
    #expect(both.subtitle == "Connected to 2 networks" && !both.offersReconnect)
    #expect(IRCConnectionState.ready.networkDetail(waiting: 3) == "Connected")
    #expect(
      IRCConnectionState.disconnected(reason: "refused", retryAt: Date()).networkDetail(waiting: 1)
        == "Offline — 1 message waiting · Disconnected: refused")
  }

  @Test func notificationsNameTheNetworkWhenThereAreSeveral() {
    let message = Message(sender: "bob", sentAt: Date(), body: "hi me")
    #expect(MessageDisplay.notificationTitle(of: message, isPrivate: true, network: nil) == "bob")
    #expect(
      MessageDisplay.notificationTitle(of: message, isPrivate: true, network: "OFTC")
        == "bob on OFTC")
    #expect(
      MessageDisplay.notificationTitle(of: message, isPrivate: false, network: "OFTC")
        == "bob mentioned you on OFTC")
  }

  @Test func preferencesListAddsEditsKeepsAChosenNameAndRemoves() throws {
    var editor = NetworkEditor(networks: [])
    #expect(editor.selected == nil && editor.form == ("", "", "", ""))
    #expect(
      editor.apply(
        name: "", url: "ircs://me@irc.alpha.example/#gtk", saslAccount: "", defaultNick: "x")
        == nil)
    #expect(editor.networks.map(\.name) == ["irc.alpha.example"] && editor.selected == 0)
    // Renamed by the user; the name then stays when the server changes.
    #expect(
      editor.apply(
        name: "Libera", url: "ircs://me@irc.alpha.example/#gtk", saslAccount: " acct ",
        defaultNick: "x")
        == nil)
    #expect(editor.networks[0].name == "Libera" && editor.networks[0].saslAccount == "acct")
    _ = editor.apply(
      name: "Libera", url: "ircs://me@eu.alpha.example/#gtk", saslAccount: "", defaultNick: "x")
    #expect(
      editor.networks[0].name == "Libera" && editor.networks[0].url.host == "eu.alpha.example")
    editor.startNew()
    #expect(editor.form == ("", "", "", ""))
    #expect(editor.apply(name: "", url: "ftp://x", saslAccount: "", defaultNick: "x") != nil)
    #expect(editor.networks.count == 1)
    _ = editor.apply(
      name: "", url: "ircs://me@irc.beta.example/", saslAccount: "", defaultNick: "x")
    #expect(editor.networks.count == 2 && editor.selected == 1)
    // Editing one onto the other's server is refused: they would share conversations.
    #expect(
      editor.apply(
        name: "", url: "ircs://me@eu.alpha.example/", saslAccount: "", defaultNick: "x")?
        .contains("Libera") == true)
    editor.setEnabled(false, at: 1)
    #expect(editor.networks[1].isEnabled == false)
    editor.remove()
    #expect(editor.networks.count == 1 && editor.selected == 0)
    // An emptied URL removes the selected network.
    _ = editor.apply(name: "", url: "  ", saslAccount: "", defaultNick: "x")
    #expect(editor.networks.isEmpty && editor.selected == nil)
  }

  @Test func theChooserFindsKnownNetworksByNameOrServerAndKeepsCustomLast() throws {
    var chooser = NetworkChooser()
    #expect(chooser.shown.first == .known(NetworkChooser.known[0]) && chooser.shown.last == .custom)
    chooser.search("oftc")
    #expect(chooser.shown.map(\.title) == ["OFTC", "Custom server"])
    chooser.search("Libera")
    #expect(chooser.choice.title == "Libera.Chat")
    chooser.search("zzzz")
    #expect(chooser.shown == [.custom])
    chooser.search("")
    chooser.move(-1)
    #expect(chooser.choice == .custom, "Up from the first wraps to Custom server")
    chooser.move(1)
    #expect(chooser.choice.title == "Libera.Chat")
    // Every known network has a TLS port, or says plainly that it has none.
    for known in NetworkChooser.known {
      #expect(known.tls ? known.port == 6697 : known.port == 6667, "\(known.name)")
    }
  }

  @Test func theChooserMakesTheNetworkFromTheFieldsOrSaysWhatIsWrong() throws {
    var chooser = NetworkChooser()
    chooser.search("libera")
    let libera = try chooser.network(server: "", tls: false, nick: " me ", channels: "gtk, #swift")
      .get()
    #expect(libera.name == "Libera.Chat" && libera.url.tls && libera.url.port == 6697)
    #expect(libera.url.nick == "me" && libera.url.channels == ["#gtk", "#swift"])
    guard case .failure = chooser.network(server: "", tls: true, nick: "1bad", channels: "") else {
      Issue.record("a nickname starting with a digit is refused")
      return
    }
    chooser.search("nothing matches")
    let custom = try chooser.network(
      server: "irc.example.net:7000", tls: false, nick: "me", channels: ""
    )
    .get()
    #expect(custom.url.host == "irc.example.net" && custom.url.port == 7000 && !custom.url.tls)
    #expect(custom.name == "irc.example.net")
    let pasted = try chooser.network(
      server: "ircs://irc.example.net:7000/", tls: false, nick: "me", channels: ""
    )
    .get()
    #expect(pasted.url.tls && pasted.url.port == 7000)
    guard case .failure = chooser.network(server: " ", tls: true, nick: "me", channels: "") else {
      Issue.record("a custom server needs a name")
      return
    }
  }

  @Test func aZNCPlaybackBatchIsHistoryWithItsOriginalTimesAndTagsFromTheText() {
    var script = IRCScript(account: IRCAccount(nick: "alice", channels: [.init("#natter")]))
    script.register(caps: "batch server-time echo-message")
    script.server("@time=2026-12-01T20:42:40.000Z :znc.in BATCH +9d92 znc.in/playback #natter")
    script.server(
      "@batch=9d92;time=2026-12-01T20:42:38.203Z :bob!bob@127.0.0.1 PRIVMSG #natter :first #ops")
    script.server(
      "@batch=9d92;time=2026-12-01T20:42:38.247Z :bob!bob@127.0.0.1 PRIVMSG #natter :\u{1}ACTION waves\u{1}"
    )
    #expect(!script.takeEvents().contains { if case .message = $0 { true } else { false } })
    script.server("@time=2026-12-01T20:42:40.000Z :znc.in BATCH -9d92")
    guard case .history("#natter", let messages) = script.takeEvents().last else {
      Issue.record("the playback was not one history")
      return
    }
    #expect(messages.map(\.body) == ["first #ops", "waves"])
    #expect(messages.first?.tags == ["ops"] && messages.last?.isAction == true)
    #expect(messages.first?.time == IRCServerTime.parse("2026-12-01T20:42:38.203Z"))
    #expect(messages.allSatisfy { $0.msgid == nil })
  }

  @Test func aPrivateChatPlayedBackJoinsTheSidebarAndCountsUnread() {
    var controller = ConversationsController()
    controller.setNetworks([("net/", "net1")])
    let row = { (id: String) -> (name: String, kind: ConversationList.Kind)? in
      id == "net/bob" ? ("bob", .privateChat) : id == "net/#c" ? ("#c", .channel) : nil
    }
    let merged = controller.merged("net/bob", row: row)
    #expect(merged.effects == [.keepOpen("net/bob", true), .conversationsAdded])
    #expect(merged.loadUnread && controller.list.contains("net/bob"))
    // A channel is listed by joining it, never by its history.
    #expect(controller.merged("net/#c", row: row).effects.isEmpty)
    #expect(!controller.list.contains("net/#c"))
  }

  @Test func olderHistoryIsAskedForOnceAtATimeUntilTheServerHasNoMore() {
    var script = IRCScript(account: IRCAccount(nick: "me", channels: [.init("#c")]))
    script.register(caps: "batch server-time draft/chathistory message-tags")
    _ = script.takeWritten()
    let oldest = IRCServerTime.parse("2026-05-28T20:30:00.000Z") ?? Date()
    script.feed(.fetchOlder(target: "#c", before: oldest))
    script.feed(.fetchOlder(target: "#C", before: oldest))  // held Page Up: the same request
    #expect(script.takeWritten() == ["CHATHISTORY BEFORE #c timestamp=2026-05-28T20:30:00.000Z 50"])
    #expect(script.takeEvents().contains(.historyLoading(target: "#c", true)))
    script.server(":s BATCH +b1 chathistory #c")
    script.server("@batch=b1;msgid=x;time=2026-05-28T20:29:59.000Z :bob!b@h PRIVMSG #c :older")
    script.server(":s BATCH -b1")
    #expect(script.takeEvents().contains(.historyLoading(target: "#c", false)))
    // The next page may be asked for; an empty one ends it for good.
    script.feed(.fetchOlder(target: "#c", before: oldest))
    script.server(":s BATCH +b2 chathistory #c")
    script.server(":s BATCH -b2")
    #expect(script.takeWritten().count == 1)
    #expect(!script.connection.canFetchOlder("#c"))
    script.feed(.fetchOlder(target: "#c", before: oldest))
    #expect(script.takeWritten().isEmpty)
    // Catching up after a join, from the newest stored, or everything latest without one.
    script.feed(.catchUp(target: "#c", after: oldest))
    script.feed(.catchUp(target: "#d", after: nil))
    #expect(
      script.takeWritten() == [
        "CHATHISTORY LATEST #c timestamp=2026-05-28T20:30:00.000Z 100",
        "CHATHISTORY LATEST #d * 100",
      ])
    // A connection lost answers nothing; the request may be made again after.
    script.feed(.fetchOlder(target: "#e", before: oldest))
    script.feed(.disconnected(reason: "gone"))
    #expect(script.takeEvents().contains(.historyLoading(target: "#e", false)))
  }

  @Test func withoutChathistoryNothingIsAsked() {
    var script = IRCScript()
    script.register(caps: "batch server-time")
    _ = script.takeWritten()
    #expect(!script.connection.canFetchOlder("#natter"))
    script.feed(.fetchOlder(target: "#natter", before: Date()))
    script.feed(.catchUp(target: "#natter", after: nil))
    #expect(script.takeWritten().isEmpty)
  }

  @Test func aClientCertificatePathIsKeptInTheSettingsAndItsChangeReconnects() throws {
    var editor = NetworkEditor(networks: [])
    #expect(
      editor.apply(
        name: "", url: "ircs://me@irc.alpha.example/", saslAccount: "",
        clientCertificate: " /home/me/natter.pem ", defaultNick: "x") == nil)
    #expect(editor.form.clientCertificate == "/home/me/natter.pem")
    var settings = Settings()
    settings.networks = editor.networks
    let read = Settings(keyFile: settings.keyFileText)
    #expect(read.networks.first?.clientCertificate == "/home/me/natter.pem")
    var changed = editor.networks
    changed[0].clientCertificate = nil
    let changes = NetworkChanges(from: editor.networks, to: changed, running: [changed[0].id])
    #expect(changes.quit == [changed[0].id])
  }
}
