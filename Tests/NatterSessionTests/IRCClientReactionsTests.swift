import Foundation
import GtkKit
import NatterCore
import NatterStore
import TestSupport
import Testing

@testable import NatterSession

/// `IRCClient` keeping replies, reactions and typing (SPEC §13) in step with the store and
/// the window, through a fake transport.
@MainActor
@Suite struct IRCClientReactionsTests {
  private let url = IRCServerURL(
    tls: false, nick: "alice", host: "irc.test", port: 6667, channels: ["#natter"])
  private let store: MessageStore
  private let client: IRCClient
  private let wire = FakeTransport()

  init() throws {
    store = try MessageStore.inMemory()
    let wire = wire
    client = IRCClient(
      url: url, saslAccount: nil, password: nil, store: store, pins: [],
      budget: IRCSendBudget(burst: 100, interval: 0),
      makeTransport: { _, _, _, _, _, _, onEvent in
        wire.onEvent = onEvent
        return wire
      })
    client.start()
    wire.deliver(.connected)
    wire.server(
      ":irc.test CAP * LS :message-tags echo-message batch server-time",
      ":irc.test CAP * ACK :message-tags echo-message batch server-time",
      ":irc.test 001 alice :Welcome", ":alice!a@h JOIN #natter")
    _ = Wait.until { [client] in client.state == .ready }
  }

  private var channel: String { url.conversation("#natter") }

  private func storedMessage(_ body: String) -> Message? {
    (try? store.messages(in: channel, .older, from: nil, limit: 50))?.first { $0.body == body }
  }

  @Test func reactionsHeardAreStoredOnceAndRedrawTheirMessage() throws {
    var redrawn: [[ReactionGroup]] = []
    client.onReactionsChanged = { messages in redrawn += messages.map(\.reactions) }
    wire.server(
      "@msgid=m1;time=2026-12-01T10:00:00.000Z :bob!b@h PRIVMSG #natter :ship it?",
      "@msgid=r1;+draft/reply=m1;+draft/react=👍 :bob!b@h TAGMSG #natter",
      "@msgid=r2;+draft/reply=m1;+draft/react=👍 :carol!c@h TAGMSG #natter",
      // The same reaction again (a bouncer's replay) changes nothing.
      "@msgid=r1;+draft/reply=m1;+draft/react=👍 :bob!b@h TAGMSG #natter")
    #expect(Wait.until { storedMessage("ship it?")?.reactions.first?.count == 2 })
    #expect(
      storedMessage("ship it?")?.reactions
        == [ReactionGroup(emoji: "👍", senders: ["bob", "carol"], includesMe: false)])
    // Stored together, as one read brought them: one redraw of the message.
    #expect(redrawn.count == 1)
    // Taken back by bob.
    wire.server("@+draft/reply=m1;+draft/unreact=👍 :bob!b@h TAGMSG #natter")
    #expect(Wait.until { storedMessage("ship it?")?.reactions.first?.senders == ["carol"] })
  }

  @Test func ourReactionGoesOutAsATagMessageAndShowsAtOnce() throws {
    wire.server("@msgid=m1 :bob!b@h PRIVMSG #natter :ship it?")
    #expect(Wait.until { storedMessage("ship it?") != nil })
    let message = try #require(storedMessage("ship it?"))
    var redrawn: [Message] = []
    client.onReactionsChanged = { redrawn += $0 }
    #expect(client.react(to: message, with: "🎉", remove: false))
    #expect(wire.written.last == "@+draft/react=🎉;+draft/reply=m1 TAGMSG #natter")
    #expect(redrawn.first?.reactions.first?.includesMe == true)
    // A Notes message has no msgid: nothing can go out for it.
    let note = Message(sender: "me", sentAt: Date(), body: "local")
    #expect(!client.react(to: note, with: "🎉", remove: false))
  }

  @Test func aReplyGoesOutTaggedWithItsParentAndIsStoredWithIt() throws {
    wire.server("@msgid=m1 :bob!b@h PRIVMSG #natter :friday?")
    #expect(Wait.until { storedMessage("friday?") != nil })
    let parent = try #require(storedMessage("friday?"))
    let sent = try client.send(
      Message(sender: "", sentAt: Date(), body: "friday it is"), to: "#natter",
      replyingTo: parent)
    #expect(sent.replyTo == "m1")
    let line = try #require(wire.written.last)
    #expect(
      line.contains("+draft/reply=m1") && line.hasSuffix("PRIVMSG #natter :bob: friday it is"))
    #expect(try store.message(id: sent.id)?.replyTo == "m1")
    // A received reply keeps its parent's msgid.
    wire.server("@msgid=m3;+draft/reply=m1 :carol!c@h PRIVMSG #natter :me too")
    #expect(Wait.until { storedMessage("me too")?.replyTo == "m1" })
  }

  @Test func aReplyNamesItsParentsSenderAsTheyAreKnownNow() throws {
    wire.server(
      "@msgid=m1 :bob!b@h PRIVMSG #natter :lunch?", ":bob!b@h NICK robert",
      ":robert!b@h NICK Rob")
    #expect(Wait.until { storedMessage("lunch?") != nil })
    let parent = try #require(storedMessage("lunch?"))
    #expect(parent.sender == "bob", "the message keeps the name it was sent under")
    _ = try client.send(
      Message(sender: "", sentAt: Date(), body: "yes"), to: "#natter", replyingTo: parent)
    let line = try #require(wire.written.last)
    #expect(line.hasSuffix("PRIVMSG #natter :Rob: yes"), "\(line)")
    // Named already as it was sent, it gets no second name.
    _ = try client.send(
      Message(sender: "", sentAt: Date(), body: "bob: sure"), to: "#natter", replyingTo: parent)
    let named = try #require(wire.written.last)
    #expect(named.hasSuffix("PRIVMSG #natter :bob: sure"), "\(named)")
    // What Rob says now is Rob's: a reply to it is not sent on to anyone else.
    wire.server("@msgid=m2 :Rob!b@h PRIVMSG #natter :pizza")
    #expect(Wait.until { storedMessage("pizza") != nil })
    let later = try #require(storedMessage("pizza"))
    _ = try client.send(
      Message(sender: "", sentAt: Date(), body: "ok"), to: "#natter", replyingTo: later)
    #expect(wire.written.last?.hasSuffix("PRIVMSG #natter :Rob: ok") == true)
  }

  @Test func typingIsSentPacedAndDoneOnSendingAndNeverForACommand() throws {
    client.composerChanged(in: channel, text: "h")
    client.composerChanged(in: channel, text: "he")
    #expect(wire.written.filter { $0.contains("+typing=active") }.count == 1)
    client.composerChanged(in: channel, text: "he", sent: true)
    #expect(wire.written.last == "@+typing=done TAGMSG #natter")
    let before = wire.written.count
    client.composerChanged(in: channel, text: "/whois bob")
    #expect(wire.written.count == before)
    // Switched off in Preferences: nothing more goes out.
    client.sendsTyping = false
    client.composerChanged(in: channel, text: "quiet")
    #expect(wire.written.count == before)
  }

  @Test func aStrangersPrivateReactionOpensNothing() throws {
    wire.server("@+draft/reply=zz;+draft/react=👍 :mallory!m@h TAGMSG alice")
    wire.server("@msgid=m2 :bob!b@h PRIVMSG #natter :after")
    #expect(Wait.until { storedMessage("after") != nil })
    #expect(
      try !store.conversations(under: url.conversationPrefix).contains(url.conversation("mallory")))
  }

  @Test func someoneTypingIsReportedAndTheirMessageEndsIt() throws {
    var heard: [[String]] = []
    client.onTyping = { conversation, nicks in
      if conversation == channel { heard.append(nicks) }
    }
    wire.server("@+typing=active :bob!b@h TAGMSG #natter")
    #expect(Wait.until { heard.last == ["bob"] })
    wire.server(":bob!b@h PRIVMSG #natter :done typing")
    #expect(Wait.until { heard.last == [] })
  }
}

extension IRCClientReactionsTests {
  @Test func leavingTheConversationEndsOurTyping() {
    client.composerChanged(in: channel, text: "h")
    #expect(wire.written.last == "@+typing=active TAGMSG #natter")
    client.showing(Message.notes)
    #expect(wire.written.last == "@+typing=done TAGMSG #natter")
  }
}
