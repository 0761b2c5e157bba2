import Testing

@testable import NatterCore

@Suite struct ConversationsControllerTests {
  private static func row(_ id: String) -> (name: String, kind: ConversationList.Kind)? {
    guard id.hasPrefix("irc/") else { return nil }
    let name = String(id.dropFirst(4))
    return (name, name.hasPrefix("#") ? .channel : .privateChat)
  }

  private func controller() -> ConversationsController {
    var controller = ConversationsController()
    controller.setNetworks([("irc/", "Net")])
    _ = controller.start(
      accountChannels: [("irc/#natter", "#natter")], open: ["irc/#gtk", "irc/bob"], closed: [],
      lastOpened: nil, row: Self.row)
    return controller
  }

  @Test func theChannelBrowserJoinsWithoutTouchingTheDraft() {
    var controller = controller()
    let listed = controller.join("#gtk", id: "irc/#gtk")
    #expect(
      listed == [
        .afterComposerCleared(.open("irc/#gtk")),
        .join(conversation: "irc/#gtk", channel: "#gtk", key: nil),
      ])
    let new = controller.join("#new", id: "irc/#new")
    #expect(new == [.join(conversation: "irc/#new", channel: "#new", key: nil)])
    #expect(controller.joining == "irc/#new", "it opens when the server says we joined")
    #expect(!(listed + new).contains { if case .clearDraft = $0 { true } else { false } })
  }

  @Test func atTheStartTheAccountsChannelsAndTheOpenOnesAreListedAndTheLastOpenedOpens() {
    var controller = ConversationsController()
    controller.setNetworks([("irc/", "Net")])
    let start = controller.start(
      accountChannels: [("irc/#natter", "#natter"), ("irc/#left", "#left")],
      open: ["irc/#gtk", "irc/bob", "elsewhere/#x"], closed: ["irc/#left"],
      lastOpened: "irc/bob", row: Self.row)
    #expect(controller.list.entries.map(\.name) == ["Notes", "Net", "#gtk", "#natter", "bob"])
    #expect(start == .init(joins: ["#gtk"], parts: ["#left"]))
    #expect(controller.list.activeID == "irc/bob")
    // A last one no longer listed gives way to the account's first channel.
    var again = ConversationsController()
    again.setNetworks([("irc/", "Net")])
    _ = again.start(
      accountChannels: [("irc/#natter", "#natter")], open: [], closed: [],
      lastOpened: "irc/gone", row: Self.row)
    #expect(again.list.activeID == "irc/#natter")
  }

  @Test func theHeaderShowsTheTopicAndMembersOnlyOfAChannelWeAreIn() {
    var controller = controller()
    var roster = ConversationRoster()
    roster.setMembers(["bob", "carol"], of: "irc/#natter")
    roster.setTopic("all about natter", of: "irc/#natter")
    _ = controller.open("irc/#natter")
    #expect(controller.header(roster).topic == "all about natter")
    #expect(controller.header(roster).members == roster.memberList(of: "irc/#natter"))
    #expect(controller.header(roster).members?.isEmpty == false)
    // Removed from it: the list is no longer kept, so no `Members` button.
    _ = controller.markLeft("irc/#natter", true)
    #expect(controller.header(roster).members == nil)
    #expect(controller.header(roster).topic == "all about natter")
    _ = controller.open("irc/bob")
    #expect(controller.header(roster).members == nil)
    _ = controller.open(Message.notes)
    #expect(controller.header(roster) == ("", nil))
  }

  @Test func statusLinesNamingNoConversationGoToTheOpenOneButNeverToNotes() {
    var controller = controller()
    _ = controller.open("irc/bob")
    #expect(controller.statusConversation(on: "irc/") == "irc/bob")
    #expect(controller.statusConversation(on: "other/") == nil)
    _ = controller.open(Message.notes)
    #expect(controller.statusConversation(on: "irc/") == nil)
  }

  @Test func rejoinIsOfferedOnlyInAChannelWeWereRemovedFrom() {
    var controller = controller()
    #expect(controller.rejoinChannel == nil)
    _ = controller.markLeft("irc/#natter", true)
    #expect(controller.rejoinChannel == "#natter")
    _ = controller.open("irc/bob")
    #expect(controller.rejoinChannel == nil)
  }

  @Test func aSwitchKeepsTheOldDraftAndMarkerAndShowsTheNewOneWhereItWasLeft() {
    var controller = controller()
    controller.messageArrived(
      in: "irc/#gtk", mentionsMe: false, own: false, seen: false, messageID: "m7")
    #expect(
      controller.open("irc/#gtk") == [
        .saveDraft("irc/#natter"), .markRead("irc/#natter"), .markRead("irc/#gtk"),
        .noteOpened("irc/#gtk"), .showTranscript("irc/#gtk", firstUnread: "m7"),
        .restoreDraft("irc/#gtk"), .conversationChanged, .focusComposer,
      ])
    #expect(controller.list.activeID == "irc/#gtk")
    #expect(controller.list.entry("irc/#gtk")?.unread == 0)
  }

  @Test func aMemberChosenOpensAPrivateChatKeepingTheDraftOfTheChannel() {
    var controller = controller()
    let effects = controller.openPrivateChat("irc/carol", nick: "carol")
    #expect(
      effects.prefix(3) == [
        .keepOpen("irc/carol", true), .conversationsAdded, .saveDraft("irc/#natter"),
      ])
    #expect(!effects.contains { if case .clearDraft = $0 { true } else { false } })
    #expect(controller.list.activeID == "irc/carol")
    #expect(controller.list.entry("irc/carol")?.kind == .privateChat)
    // Chosen again, it is only opened.
    _ = controller.open("irc/#natter")
    #expect(!controller.openPrivateChat("irc/carol", nick: "carol").contains(.conversationsAdded))
  }

  @Test func theOpenOneOnlyTakesFocusAndAnUnknownOneNothing() {
    var controller = controller()
    #expect(controller.open("irc/#natter") == [.focusComposer])
    #expect(controller.open("irc/#nowhere") == [])
  }

  @Test func aPasteUnderWayKeepsTheConversation() {
    var controller = controller()
    #expect(
      controller.open("irc/#gtk", pasting: true)
        == [.notice(ConversationsController.pasteUnderWay)])
    #expect(controller.list.activeID == "irc/#natter")
    #expect(
      controller.leave("irc/#natter", pasting: true)
        == [.notice(ConversationsController.pasteUnderWay)])
    // Leaving another conversation touches nothing the paste goes into.
    #expect(controller.leave("irc/bob", pasting: true).contains(.keepOpen("irc/bob", false)))
  }

  @Test func leavingTheOpenChannelPartsItAndOpensItsNeighbour() {
    var controller = controller()
    #expect(
      controller.leave("irc/#gtk") == [
        .part(conversation: "irc/#gtk", channel: "#gtk", reason: nil), .keepOpen("irc/#gtk", false),
        .markRead("irc/#gtk"),
        .forget("irc/#gtk"), .conversationChanged,
      ])
    #expect(
      controller.leave("irc/#natter", reason: "bye") == [
        .part(conversation: "irc/#natter", channel: "#natter", reason: "bye"),
        .keepOpen("irc/#natter", false),
        .markRead("irc/#natter"), .saveDraft("irc/#natter"), .forget("irc/#natter"),
        .markRead("irc/bob"), .noteOpened("irc/bob"), .showTranscript("irc/bob", firstUnread: nil),
        .restoreDraft("irc/bob"), .focusComposer, .conversationChanged,
      ])
    #expect(controller.list.activeID == "irc/bob")
  }

  @Test func aChannelWeWereRemovedFromIsClosedWithoutAPart() {
    var controller = controller()
    #expect(controller.markLeft("irc/#gtk", true) == [.sidebarChanged])
    #expect(controller.markLeft("irc/#gtk", true) == [])
    #expect(!controller.leave("irc/#gtk").contains { if case .part = $0 { true } else { false } })
    #expect(controller.markLeft("irc/#natter", true) == [.conversationChanged])
  }

  @Test func aPrivateChatClosesWithoutTellingTheServerAndNotesStays() {
    var controller = controller()
    #expect(
      !controller.leave("irc/bob").contains { if case .part = $0 { true } else { false } })
    #expect(controller.leave("notes") == [])
    #expect(controller.list.contains("notes"))
  }

  @Test func aRenamedChatIsShownUnderItsNewID() {
    var controller = controller()
    _ = controller.open("irc/bob")
    #expect(
      controller.rename("irc/bob", to: "irc/robert", name: "robert") == [
        .forget("irc/bob"), .showTranscript("irc/robert", firstUnread: nil), .conversationChanged,
      ])
    #expect(controller.list.activeID == "irc/robert")
    #expect(controller.rename("irc/nobody", to: "irc/x", name: "x") == [])
  }

  private func message(
    _ id: String, from sender: String, in conversation: String, kind: Message.Kind = .message,
    mentionsMe: Bool = false
  ) -> Message {
    Message(
      id: id, sender: sender, sentAt: .init(timeIntervalSince1970: 0), body: "hi",
      conversation: conversation, kind: kind, mentionsMe: mentionsMe)
  }

  private func received(_ controller: inout ConversationsController, _ messages: [Message])
    -> [ConversationsController.Effect]
  {
    controller.received(
      messages, isOwn: { $0.sender == "me" },
      row: { id in id.hasPrefix("irc/") ? (String(id.dropFirst(4)), .privateChat) : nil })
  }

  @Test func aPrivateMessageOpensItsChatAndCountsAsUnread() {
    var controller = controller()
    let hello = message("m1", from: "carol", in: "irc/carol")
    #expect(
      received(&controller, [hello]) == [
        .keepOpen("irc/carol", true), .spoke(sender: "carol", conversation: "irc/carol"),
        .append("irc/carol", [hello]), .conversationsAdded,
      ])
    #expect(controller.list.entry("irc/carol")?.unread == 1)
    #expect(controller.list.entry("irc/carol")?.firstUnreadID == "m1")
  }

  @Test func ownMessagesAndTheOpenConversationAreNotUnreadAndStatusLinesOpenNothing() {
    var controller = controller()
    let mine = message("m1", from: "me", in: "irc/#gtk")
    let seen = message("m2", from: "bob", in: "irc/#natter", mentionsMe: true)
    let status = message("s1", from: "", in: "irc/dave", kind: .status)
    let effects = received(&controller, [mine, seen, status])
    #expect(controller.list.entry("irc/#gtk")?.unread == 0)
    #expect(controller.list.entry("irc/#natter")?.unread == 0)
    #expect(!controller.list.contains("irc/dave"))
    #expect(effects.last == .sidebarChanged)
    // Each conversation's messages are shown together, in the order they came.
    #expect(
      effects.filter { if case .append = $0 { true } else { false } } == [
        .append("irc/#gtk", [mine]), .append("irc/#natter", [seen]), .append("irc/dave", [status]),
      ])
  }

  @Test func keepingAConversationAddsItOnce() {
    var controller = controller()
    #expect(
      controller.keep(id: "irc/#new", name: "#new", kind: .channel)
        == [.keepOpen("irc/#new", true), .conversationsAdded])
    #expect(controller.keep(id: "irc/#new", name: "#new", kind: .channel) == [])
  }

  @Test func aChannelAskedForOpensWhenJoinedAndOneJoinedOtherwiseIsOnlyListed() {
    var controller = controller()
    #expect(
      controller.run([.join(channel: "#new", key: nil)], conversation: { "irc/" + $0 })
        == [.join(conversation: "irc/#new", channel: "#new", key: nil), .clearDraft("irc/#natter")])
    let joined = controller.joined("irc/#new", name: "#new")
    #expect(Array(joined.prefix(2)) == [.keepOpen("irc/#new", true), .conversationsAdded])
    #expect(joined.contains(.showTranscript("irc/#new", firstUnread: nil)))
    #expect(controller.list.activeID == "irc/#new" && controller.joining == nil)
    // A join the server made for us (a reconnect, an invite) lists it and opens nothing.
    #expect(
      controller.joined("irc/#other", name: "#other")
        == [.keepOpen("irc/#other", true), .conversationsAdded])
    #expect(controller.list.activeID == "irc/#new")
    // Joined again after a kick: no longer left.
    _ = controller.markLeft("irc/#gtk", true)
    #expect(controller.joined("irc/#gtk", name: "#gtk") == [.sidebarChanged])
    #expect(controller.list.entry("irc/#gtk")?.isLeft == false)
  }

  @Test func aCommandThatSwitchesOrLeavesWaitsForTheComposerAndClearsItsDraft() {
    var controller = controller()
    let id = { (target: String) in "irc/" + target }
    #expect(
      controller.run([.part(channel: "#natter", reason: "bye")], conversation: id) == [
        .afterComposerCleared(.leave("irc/#natter", reason: "bye")), .clearDraft("irc/#natter"),
      ])
    #expect(
      controller.run([.join(channel: "#gtk", key: "k")], conversation: id) == [
        .afterComposerCleared(.open("irc/#gtk")),
        .join(conversation: "irc/#gtk", channel: "#gtk", key: "k"),
        .clearDraft("irc/#natter"),
      ])
    #expect(
      controller.run([.query(nick: "carol")], conversation: id) == [
        .list("irc/carol"), .afterComposerCleared(.open("irc/carol")), .clearDraft("irc/#natter"),
      ])
    #expect(
      controller.run([.send(target: "bob", text: "hi", isAction: true)], conversation: id) == [
        .list("irc/bob"), .deliver(conversation: "irc/bob", text: "hi", isAction: true),
        .clearDraft("irc/#natter"),
      ])
    // A notice sends nothing and keeps the draft.
    #expect(controller.run([.notice("no")], conversation: id) == [.notice("no")])
    #expect(
      controller.list.activeID == "irc/#natter", "nothing switched before the composer cleared")
  }

  @Test func tabCompletesAChannelsMembersOrThePersonOfAChat() {
    var controller = controller()
    var roster = ConversationRoster()
    roster.setMembers([IRCMember(nick: "carol")], of: "irc/#natter")
    #expect(controller.completionNames(roster) == ["carol"])
    _ = controller.open("irc/bob")
    #expect(controller.completionNames(roster) == ["bob"])
  }

  @Test func ctrlShiftWAsksInWordsThatNothingIsLostAndNotesStays() {
    var controller = controller()
    guard case .ask(let id, let question, _, let action) = controller.leaveQuestion else {
      Issue.record("no question")
      return
    }
    #expect(id == "irc/#natter" && question == "Leave #natter?" && action == "Leave")
    _ = controller.open("irc/bob")
    guard case .ask(_, let chat, _, let close) = controller.leaveQuestion else {
      Issue.record("no question")
      return
    }
    #expect(chat == "Close the chat with bob?" && close == "Close")
    _ = controller.open("notes")
    #expect(controller.leaveQuestion == .notice("Notes stays open: it is your local history."))
  }
}
