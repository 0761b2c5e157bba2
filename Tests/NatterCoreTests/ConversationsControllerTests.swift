import Testing

@testable import NatterCore

@Suite struct ConversationsControllerTests {
  private func controller() -> ConversationsController {
    var controller = ConversationsController()
    controller.add(id: "irc/#natter", name: "#natter", kind: .channel)
    controller.add(id: "irc/#gtk", name: "#gtk", kind: .channel)
    controller.add(id: "irc/bob", name: "bob", kind: .privateChat)
    controller.start(at: "irc/#natter")
    return controller
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
        .part(channel: "#gtk", reason: nil), .keepOpen("irc/#gtk", false), .markRead("irc/#gtk"),
        .forget("irc/#gtk"), .conversationChanged,
      ])
    #expect(
      controller.leave("irc/#natter", reason: "bye") == [
        .part(channel: "#natter", reason: "bye"), .keepOpen("irc/#natter", false),
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
}
