import Foundation
import Testing

@testable import NatterCore

@Suite("CommandPlan")
struct CommandPlanTests {
  private func plan(
    _ text: String, _ kind: ConversationList.Kind = .channel, target: String? = "#natter",
    topic: String = ""
  ) -> [CommandPlan] {
    guard case .command(let command) = SlashCommand.parse(text) else { return [] }
    return CommandPlan.plan(command, in: kind, target: target, topic: topic)
  }

  @Test func networkCommandsInNotesSayThereIsNoNetwork() {
    for text in [
      "/join #a", "/part", "/msg bob hi", "/query bob", "/me waves", "/nick x",
      "/topic", "/quote PING x",
    ] {
      #expect(plan(text, .notes, target: nil) == [.notice(SlashCommand.noNetworkNotice)], "\(text)")
    }
    #expect(plan("/help", .notes, target: nil) == [.show(SlashCommand.helpText)])
  }

  @Test func channelCommands() {
    #expect(plan("/join #gtk key") == [.join(channel: "#gtk", key: "key")])
    #expect(plan("/part bye now") == [.part(channel: "#natter", reason: "bye now")])
    #expect(plan("/part") == [.part(channel: "#natter", reason: nil)])
    #expect(plan("/me waves") == [.send(target: "#natter", text: "waves", isAction: true)])
    #expect(plan("/msg bob hi there") == [.send(target: "bob", text: "hi there", isAction: false)])
    #expect(plan("/query bob") == [.query(nick: "bob")])
    #expect(plan("/nick alice2") == [.raw(IRCMessage(command: "NICK", params: ["alice2"]))])
    #expect(
      plan("/topic new words") == [
        .raw(IRCMessage(command: "TOPIC", params: ["#natter", "new words"]))
      ])
    #expect(plan("/topic", topic: "Swift") == [.show("Topic of #natter: Swift")])
    #expect(plan("/topic") == [.show("#natter has no topic.")])
    #expect(
      plan("/quote MODE #natter +m") == [
        .raw(IRCMessage(command: "MODE", params: ["#natter", "+m"]))
      ])
  }

  @Test func partInAPrivateChatClosesIt() {
    #expect(plan("/part", .privateChat, target: "bob") == [.close])
    #expect(plan("/topic x", .privateChat, target: "bob") == [.notice(CommandPlan.notAChannel)])
  }
}

@Suite("ConversationRoster")
struct ConversationRosterTests {
  @Test func membersSortedAndSpeakersMostRecentFirst() {
    var roster = ConversationRoster()
    roster.setMembers(["zed", "Alice", "bob"], of: "c")
    #expect(roster.members(of: "c") == ["Alice", "bob", "zed"])
    roster.spoke("bob", in: "c")
    roster.spoke("zed", in: "c")
    roster.spoke("BOB", in: "c")
    #expect(roster.recentSpeakers(in: "c") == ["BOB", "zed"])
    roster.setTopic("hello", of: "c")
    #expect(roster.topic(of: "c") == "hello")
    roster.forget("c")
    #expect(roster.members(of: "c").isEmpty && roster.topic(of: "c").isEmpty)
    #expect(roster.recentSpeakers(in: "c") == ["BOB", "zed"])
  }

  @Test func thePopoverListsOperatorsAndVoicedFirst() {
    var roster = ConversationRoster()
    roster.setMembers(
      [
        IRCMember(nick: "zed"), IRCMember(nick: "bob", prefixes: "@+"),
        IRCMember(nick: "Alice"), IRCMember(nick: "carol", prefixes: "+"),
      ], of: "c")
    #expect(roster.memberList(of: "c").map(\.shown) == ["@bob", "+carol", "Alice", "zed"])
    #expect(roster.members(of: "c") == ["Alice", "bob", "carol", "zed"])
  }

  @Test func theMemberListRanksOwnersAdminsOperatorsHalfOpsVoicedThenTheRest() {
    var roster = ConversationRoster()
    roster.setMembers(
      [
        IRCMember(nick: "voiced", prefixes: "+"), IRCMember(nick: "plain"),
        IRCMember(nick: "half", prefixes: "%"), IRCMember(nick: "owner", prefixes: "~@"),
        IRCMember(nick: "admin", prefixes: "&"), IRCMember(nick: "Op", prefixes: "@"),
        IRCMember(nick: "another", prefixes: "@+"),
      ], of: "c")
    #expect(
      roster.memberList(of: "c").map(\.shown)
        == ["~owner", "&admin", "@another", "@Op", "%half", "+voiced", "plain"])
    #expect(IRCMember(nick: "x", prefixes: "+@").shown == "@x", "the highest, whatever the order")
  }

  @Test func aBigListIsInRankThenFoldedNameOrder() {
    var roster = ConversationRoster(casemapping: .rfc1459)
    let stems = ["zed", "Alice", "[bot]", "{bot}", "Bob|away", "bob\\x", "ada", "Zoe^"]
    let prefixes = ["", "", "", "+", "@", "%", "~@", "&+"]
    let members = (0..<2_000).map { index in
      IRCMember(
        nick: stems[index % stems.count] + String(index * 7919 % 2_003),
        prefixes: prefixes[index * 31 % prefixes.count])
    }
    roster.setMembers(members, of: "c")
    let fold = { IRCCasemapping.rfc1459.fold($0) }
    let expected = members.sorted { lhs, rhs in
      lhs.rank != rhs.rank ? lhs.rank < rhs.rank : fold(lhs.nick) < fold(rhs.nick)
    }
    #expect(roster.memberList(of: "c") == expected)
    #expect(roster.members(of: "c") == members.map(\.nick).sorted { fold($0) < fold($1) })
  }

  @Test func theFilterKeepsMembersWhoseNicknameHoldsWhatIsTyped() {
    let members = [
      IRCMember(nick: "bob", prefixes: "@"), IRCMember(nick: "Bobby"), IRCMember(nick: "carol"),
    ]
    #expect(IRCMember.filter(members, by: "BO").map(\.nick) == ["bob", "Bobby"])
    #expect(IRCMember.filter(members, by: "  ").count == 3)
    #expect(IRCMember.filter(members, by: "dave").isEmpty)
  }

  @Test func recentSpeakersAreBounded() {
    var roster = ConversationRoster()
    for n in 0..<200 { roster.spoke("nick\(n)", in: "c") }
    #expect(roster.recentSpeakers(in: "c").count == ConversationRoster.recentLimit)
    #expect(roster.recentSpeakers(in: "c").first == "nick199")
  }
}

@Suite("Conversation keys")
struct ConversationKeysTests {
  @Test func tabCompletesANickUnlessAfterAHashtag() {
    let completer = NickCompleter()
    #expect(completer.wantsTab(before: "hi al", hasMembers: true))
    #expect(!completer.wantsTab(before: "hi #al", hasMembers: true))
    #expect(!completer.wantsTab(before: "hi al", hasMembers: false))
    #expect(!completer.wantsTab(before: "hi ", hasMembers: true))
    var context = KeyContext(composerEmpty: false, caretAtStart: false)
    #expect(Keymap.action(for: .tab, modifiers: [], in: context) == .convertHashtag)
    context.canCompleteNick = true
    #expect(Keymap.action(for: .tab, modifiers: [], in: context) == .completeNick)
    context.hasSelection = true
    #expect(Keymap.action(for: .tab, modifiers: [], in: context) == nil)
  }

  @Test func conversationShortcutsAreGlobalAndDistinct() {
    let byAction = Dictionary(
      Keymap.shortcuts.filter(\.isGlobal).map { ($0.actionName, $0.accelerator) },
      uniquingKeysWith: { first, _ in first })
    #expect(byAction["win.switch-conversation"] == "<Control>k")
    #expect(byAction["win.conversation-1"] == "<Alt>1")
    #expect(byAction["win.conversation-9"] == "<Alt>9")
    #expect(byAction["win.previous-conversation"] == "<Control>Page_Up")
    #expect(byAction["win.next-conversation"] == "<Control>Page_Down")
    #expect(byAction["win.toggle-sidebar"] == "F9")
    #expect(byAction["win.close-conversation"] == "<Control><Shift>w")
    // A key means one thing where it is read: once per shortcuts-window group (Escape closes
    // `Switch to` in Conversations and cancels an edit in Composer).
    let labels = Keymap.shortcuts.map { "\($0.label) \($0.isGlobal) \($0.section)" }
    #expect(Set(labels).count == labels.count, "no key is listed twice in a group")
    #expect(Key(gdkName: "KP_3") == .three && Key.three.digit == 3 && Key.f9.label == "F9")
    #expect(KeyAction.conversation(4)?.conversationPosition == 4)
  }

  @Test func aCommandLineKeepsItsChannelAsText() {
    var controller = ComposerController(sender: "me")
    controller.textInserted("/join #natter", at: 0)
    let effects = controller.send(text: "/join #natter")
    #expect(
      effects.contains { if case .send(let m) = $0 { m.body == "/join #natter" } else { false } })
    #expect(
      controller.delimiterTyped(
        before: "/join #gtk", windowStartsText: true, caret: 10, commandLine: true)
        == .passToWidget)
  }

  @Test func helpIsInformationNotAProblem() {
    let controller = ComposerController(sender: "me")
    #expect(controller.notice(transient: "x")?.isProblem == true)
    #expect(controller.notice(transient: "x", transientIsProblem: false)?.isProblem == false)
  }

  @Test func unreadFromTheStoreSeedsTheListButNotTheOpenConversation() {
    var list = ConversationList()
    list.setNetworks([("", "Net")])
    list.add(id: "c", name: "#c", kind: .channel)
    list.add(id: "d", name: "#d", kind: .channel)
    list.open("d")
    list.setUnread(in: "c", count: 3, firstID: "m7", mentioned: true)
    list.setUnread(in: "d", count: 5, firstID: "x", mentioned: false)
    #expect(list.entry("c")?.unread == 3 && list.entry("c")?.firstUnreadID == "m7")
    #expect(list.entry("c")?.mentioned == true)
    #expect(list.entry("d")?.unread == 0)
    list.setUnread(in: "c", count: 0, firstID: "m7", mentioned: true)
    #expect(list.entry("c")?.firstUnreadID == nil && list.entry("c")?.mentioned == false)
  }

  @Test func firstUnreadIsRememberedUntilOpened() {
    var list = ConversationList()
    list.setNetworks([("", "Net")])
    list.add(id: "c", name: "#c", kind: .channel)
    list.messageArrived(in: "c", mentionsMe: false, own: false, seen: false, messageID: "m1")
    list.messageArrived(in: "c", mentionsMe: true, own: false, seen: false, messageID: "m2")
    #expect(list.entry("c")?.firstUnreadID == "m1")
    #expect(list.entry("c")?.unread == 2 && list.entry("c")?.mentioned == true)
    #expect(list.open("c") == 2)
    #expect(list.entry("c")?.firstUnreadID == nil)
  }
}

@Suite("SidebarVisibility")
struct SidebarVisibilityTests {
  @Test func hidesBelow600AndF9OverridesUntilTheWidthCrosses() {
    var sidebar = SidebarVisibility()
    var shown: [Bool] = []
    shown.append(sidebar.widthChanged(720))
    shown.append(sidebar.toggle())
    shown.append(sidebar.widthChanged(700))  // F9's choice holds while the width stays wide
    shown.append(sidebar.widthChanged(500))
    shown.append(sidebar.toggle())  // F9 shows it in a narrow window
    shown.append(sidebar.widthChanged(599))
    shown.append(sidebar.widthChanged(640))  // crossing 600 px goes back to automatic
    shown.append(sidebar.widthChanged(360))
    #expect(shown == [true, false, false, false, true, true, true, false])
  }

  @Test func notesAloneNeedsNoSidebarUntilF9() {
    var sidebar = SidebarVisibility()
    let alone = sidebar.conversationsChanged(count: 1)
    let forced = sidebar.toggle()
    let narrow = sidebar.widthChanged(500)
    let wideAgain = sidebar.widthChanged(700)
    let several = sidebar.conversationsChanged(count: 2)
    #expect([alone, forced, narrow, wideAgain, several] == [false, true, false, false, true])
  }
}
