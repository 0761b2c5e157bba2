import NatterCore
import SeededRandom
import Testing

@Suite("ConversationList")
struct ConversationListTests {
  private func list() -> ConversationList {
    var list = ConversationList()
    list.setNetworks([("irc/", "Net")])
    list.add(id: "irc/bob", name: "bob", kind: .privateChat)
    list.add(id: "irc/#zeta", name: "#zeta", kind: .channel)
    list.add(id: "irc/#natter", name: "#natter", kind: .channel)
    list.add(id: "irc/Alice", name: "Alice", kind: .privateChat)
    return list
  }

  @Test func aPrivateChatRenamedKeepsItsUnreadItsPlaceAsOpenAndItsOrder() {
    var list = list()
    list.messageArrived(in: "irc/bob", mentionsMe: true, own: false, seen: false, messageID: "m")
    list.open("irc/Alice")
    list.rename(id: "irc/Alice", to: "irc/zed", name: "zed")
    #expect(list.entries.map(\.name) == ["Notes", "Net", "#natter", "#zeta", "bob", "zed"])
    #expect(list.activeID == "irc/zed")
    list.rename(id: "irc/bob", to: "irc/robert", name: "robert")
    let robert = list.entry("irc/robert")
    #expect(robert?.unread == 1 && robert?.mentioned == true && robert?.firstUnreadID == "m")
    #expect(!list.contains("irc/bob"))
  }

  @Test func renamedOntoAChatAlreadyListedTheTwoBecomeOne() {
    var list = list()
    list.messageArrived(in: "irc/bob", mentionsMe: false, own: false, seen: false)
    list.open("irc/bob")
    list.messageArrived(in: "irc/Alice", mentionsMe: false, own: false, seen: false)
    list.rename(id: "irc/bob", to: "irc/Alice", name: "Alice")
    #expect(list.entries.map(\.name) == ["Notes", "Net", "#natter", "#zeta", "Alice"])
    #expect(list.activeID == "irc/Alice")
    // Notes is never renamed.
    list.rename(id: "notes", to: "irc/x", name: "x")
    #expect(list.contains("notes") && !list.contains("irc/x"))
  }

  @Test func aChannelLeftStaysListedMarkedUntilJoinedAgain() {
    var list = list()
    list.setLeft("irc/#natter", true)
    #expect(list.entry("irc/#natter")?.isLeft == true)
    #expect(list.entry("irc/#zeta")?.isLeft == false)
    list.setLeft("irc/#natter", false)
    #expect(list.entry("irc/#natter")?.isLeft == false)
  }

  @Test func notesFirstThenChannelsThenPrivateChatsInNameOrder() {
    #expect(list().entries.map(\.name) == ["Notes", "Net", "#natter", "#zeta", "Alice", "bob"])
    var again = list()
    again.add(id: "irc/#natter", name: "#natter", kind: .channel)
    #expect(again.entries.count == 6, "adding twice adds once")
  }

  /// The order a whole start's additions must leave, however they come: by network (in the
  /// networks' order), then kind, then name without case, equal names in the order added.
  @Test func manyConversationsAddedInAnyOrderLandInTheirPlaces() throws {
    var list = ConversationList()
    let networks = [("b/", "Beta"), ("a/", "Alpha"), ("c/", "Gamma")]
    list.setNetworks(networks)
    var generator = SeededGenerator(seed: 0x51DE)
    var added: [(id: String, name: String, kind: ConversationList.Kind)] = []
    for n in 0..<300 {
      let network = networks[Int.random(in: 0..<3, using: &generator)].0
      let kind: ConversationList.Kind = Bool.random(using: &generator) ? .channel : .privateChat
      // Few distinct names, so names equal but for case come up.
      let base = ["x", "Y", "z", "A", "b"][Int.random(in: 0..<5, using: &generator)]
      let name = (kind == .channel ? "#" : "") + (n % 2 == 0 ? base : base.uppercased())
      added.append(("\(network)\(name)-\(n)", name, kind))
      list.add(id: "\(network)\(name)-\(n)", name: name, kind: kind)
    }
    func expected(_ order: [String]) -> [String] {
      let rank = { (id: String) in order.firstIndex { id.hasPrefix($0) } ?? -1 }
      let sorted = added.enumerated().sorted { lhs, rhs in
        let left = (rank(lhs.element.id), lhs.element.kind, lhs.element.name.lowercased())
        let right = (rank(rhs.element.id), rhs.element.kind, rhs.element.name.lowercased())
        return left != right ? left < right : lhs.offset < rhs.offset
      }
      return sorted.map(\.element.id)
    }
    let conversations = { list.entries.filter { $0.kind == .channel || $0.kind == .privateChat } }
    #expect(conversations().map(\.id) == expected(["b/", "a/", "c/"]))
    #expect(list.entries.map(\.kind).prefix(2) == [.notes, .network])
    // Networks put in another order, one renamed: the conversations follow, still in order.
    list.setNetworks([("c/", "Gamma"), ("a/", "Alpha 2"), ("b/", "Beta")])
    #expect(conversations().map(\.id) == expected(["c/", "a/", "b/"]))
    #expect(
      list.entries.filter { $0.kind == .network }.map(\.name) == ["Gamma", "Alpha 2", "Beta"])
    // A network's row heads its conversations.
    let alpha = try #require(list.entries.firstIndex { $0.id == "a/" })
    #expect(list.entries[alpha + 1].id.hasPrefix("a/"))
    #expect(list.entries[alpha - 1].network == "c/")
  }

  @Test func unreadCountsAndMentionsClearWhenOpened() {
    var list = list()
    list.messageArrived(in: "irc/#natter", mentionsMe: false, own: false, seen: true)
    list.messageArrived(in: "irc/#natter", mentionsMe: true, own: false, seen: true)
    list.messageArrived(in: "irc/#natter", mentionsMe: false, own: true, seen: true)
    let row = list.entries[2]
    #expect(row.unread == 2, "own messages are never unread")
    #expect(row.mentioned)
    #expect(list.open("irc/#natter") == 2, "the New messages line goes above the last two")
    #expect(list.entries[2].unread == 0 && !list.entries[2].mentioned)
    list.messageArrived(in: "irc/#natter", mentionsMe: false, own: false, seen: true)
    #expect(list.entries[2].unread == 0, "the open conversation, seen, has nothing unread")
    list.messageArrived(in: "irc/#natter", mentionsMe: false, own: false, seen: false)
    #expect(list.entries[2].unread == 1, "the window was not active")
  }

  @Test func altNumbersAndCtrlPageKeys() {
    var list = list()
    #expect(list.id(atPosition: 1) == "notes")
    #expect(list.id(atPosition: 2) == "irc/")
    #expect(list.id(atPosition: 4) == "irc/#zeta")
    #expect(list.id(atPosition: 7) == nil)
    #expect(list.id(offsetFromActive: 1) == "irc/")
    #expect(list.id(offsetFromActive: -1) == "irc/bob", "Ctrl+Page Up from Notes wraps")
    list.open("irc/bob")
    #expect(list.id(offsetFromActive: 1) == "notes")
  }

  @Test func removingKeepsNotesAndOpensANeighbour() {
    var list = list()
    #expect(list.remove(id: "notes") == nil)
    #expect(list.entries.first?.name == "Notes")
    list.open("irc/#zeta")
    #expect(list.remove(id: "irc/#zeta") == "irc/Alice")
    list.open("irc/bob")
    #expect(list.remove(id: "irc/bob") == "irc/Alice", "the last row opens the one before")
    #expect(list.remove(id: "irc/#natter") == nil, "removing another row keeps the open one")
    #expect(list.activeID == "irc/Alice")
  }
}
