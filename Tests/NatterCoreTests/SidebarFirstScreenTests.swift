import Testing

@testable import NatterCore

@Suite struct SidebarFirstScreenTests {
  /// Notes, a network and `channels` channels on it, in sidebar order.
  private func list(channels: Int) -> ConversationList {
    var list = ConversationList()
    list.setNetworks([("irc/", "Net")])
    for n in 0..<channels {
      list.add(id: "irc/#c\(String(format: "%02d", n))", name: "#c\(n)", kind: .channel)
    }
    return list
  }

  @Test func aRowIsAtLeastALineSoThePartialRowAtTheBottomCounts() {
    #expect(SidebarFirstScreen(height: 500, lineHeight: 20).mostRows == 26)
    #expect(SidebarFirstScreen(height: 510, lineHeight: 20).mostRows == 26)
    // A window with no room, or a line not measured yet, still asks for something sane.
    #expect(SidebarFirstScreen(height: -5, lineHeight: 20).mostRows == 1)
    #expect(SidebarFirstScreen(height: 40, lineHeight: 0).mostRows == 41)
  }

  @Test func countsOnTheFirstScreenNowAndTheRestAfterInSidebarOrder() {
    let conversations = list(channels: 10)
    let screen = SidebarFirstScreen(height: 80, lineHeight: 20)  // 5 rows
    let order = screen.unreadOrder(conversations.entries, activeID: "irc/#c01") { _ in true }
    // Notes, Net, #c00, #c01 (open: nothing unread), #c02 are on the first screen.
    #expect(order.now == ["notes", "irc/", "irc/#c00", "irc/#c02"])
    #expect(order.later == (3..<10).map { "irc/#c\(String(format: "%02d", $0))" })
  }

  @Test func onlyThePickedConversationsAreCounted() {
    let conversations = list(channels: 3)
    let screen = SidebarFirstScreen(height: 1000, lineHeight: 20)
    let order = screen.unreadOrder(conversations.entries, activeID: "notes") {
      $0.network != nil
    }
    #expect(order.now == ["irc/", "irc/#c00", "irc/#c01", "irc/#c02"])
    #expect(order.later.isEmpty)
  }
}
