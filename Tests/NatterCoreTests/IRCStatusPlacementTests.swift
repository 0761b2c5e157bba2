import Foundation
import Testing

@testable import NatterCore

/// Where a server event's status line goes (issue 26: decided in NatterCore, not the client).
@Suite struct IRCStatusPlacementTests {
  private func placement(
    joined: [String] = ["#natter", "#gtk"], chats: [String] = [], onScreen: String? = nil
  ) -> IRCStatusPlacement {
    IRCStatusPlacement(
      conversation: { "irc://h/" + $0.lowercased() }, isChannel: { $0.hasPrefix("#") },
      joinedChannels: joined, openChats: chats, onScreen: onScreen, main: "irc://h/#natter")
  }

  @Test func aChannelsEventGoesToThatChannelWhateverIsOnScreen() {
    let lines = placement(onScreen: "irc://h/bob").lines(
      for: .joined(channel: "#GTK"), at: Date(timeIntervalSince1970: 5))
    #expect(lines.map(\.conversation) == ["irc://h/#gtk"])
    #expect(lines.first?.kind == .status)
    #expect(lines.first?.sender == "")
    #expect(lines.first?.sentAt == Date(timeIntervalSince1970: 5))
    #expect(lines.first?.body == IRCStatusText.line(for: .joined(channel: "#GTK")))
  }

  @Test func aKickGoesToTheChannelItRemovedUsFrom() {
    let kicked = IRCEvent.kicked(channel: "#gtk", by: "op", reason: "spam")
    #expect(placement().conversations(for: kicked) == ["irc://h/#gtk"])
  }

  @Test func aServerErrorGoesToTheConversationOnScreenElseTheMainOne() {
    let error = IRCEvent.serverError(
      IRCServerError(
        code: "404", target: "#gtk", serverText: "Cannot send", sentence: "Not sent to #gtk."))
    #expect(placement(onScreen: "irc://h/bob").conversations(for: error) == ["irc://h/bob"])
    #expect(placement(onScreen: nil).conversations(for: error) == ["irc://h/#natter"])
  }

  @Test func ourNickChangeIsSaidOnceInEveryChannelChatAndTheOneOnScreen() {
    let renamed = IRCEvent.nickChanged(from: "alice", to: "alice_")
    let shownIn = placement(
      chats: ["irc://h/bob", "irc://h/#natter"], onScreen: "irc://h/carol"
    ).conversations(for: renamed)
    #expect(shownIn == ["irc://h/#natter", "irc://h/#gtk", "irc://h/bob", "irc://h/carol"])
  }

  @Test func anEventWithoutALineGoesNowhere() {
    #expect(placement().lines(for: .topic(channel: "#gtk", text: "hi"), at: Date()).isEmpty)
    #expect(placement().lines(for: .userRenamed(from: "bob", to: "rob"), at: Date()).isEmpty)
    #expect(placement().lines(for: .registered(nick: "alice"), at: Date()).isEmpty)
  }

  @Test func aChannelEventNamingNoChannelGoesToTheConversationOnScreen() {
    // A server may name a nickname where a channel belongs; it never opens a chat.
    let odd = IRCEvent.parted(channel: "bob")
    #expect(placement(onScreen: "irc://h/#gtk").conversations(for: odd) == ["irc://h/#gtk"])
  }
}
