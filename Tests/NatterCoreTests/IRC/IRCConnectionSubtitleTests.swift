import Foundation
import Testing

@testable import NatterCore

@Suite struct IRCConnectionSubtitleTests {
  private let later = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func saysWhereTheConnectionIs() {
    let host = "irc.example.net"
    #expect(
      IRCConnectionState.connecting.subtitle(conversation: "#n", host: host, waiting: 0)
        == "Connecting…")
    #expect(
      IRCConnectionState.ready.subtitle(conversation: "#natter", host: host, waiting: 0)
        == "#natter on irc.example.net")
    let lost = IRCConnectionState.disconnected(
      reason: "The server refused the connection",
      retryAt: later)
    #expect(
      lost.subtitle(conversation: "#n", host: host, waiting: 0)
        == "Disconnected: The server refused the connection")
    #expect(
      lost.subtitle(conversation: "#n", host: host, waiting: 3)
        == "Offline — 3 messages waiting · Disconnected: The server refused the connection")
    #expect(
      lost.subtitle(conversation: "#n", host: host, waiting: 1).hasPrefix(
        "Offline — 1 message waiting"))
  }

  @Test func aChannelWeWereRemovedFromSaysWeAreNotInIt() {
    #expect(
      IRCConnectionState.ready.subtitle(
        conversation: "#natter", host: "irc.example.net", waiting: 0, isLeft: true)
        == "Not in #natter on irc.example.net")
  }

  @Test func reconnectIsOfferedOnlyWhileDisconnected() {
    #expect(IRCConnectionState.disconnected(reason: "x", retryAt: later).offersReconnect)
    #expect(!IRCConnectionState.ready.offersReconnect)
    #expect(!IRCConnectionState.connecting.offersReconnect)
  }

  @Test func statusLinesReadAsSentences() {
    #expect(IRCStatusText.line(for: .joined(channel: "#natter")) == "You joined #natter")
    #expect(IRCStatusText.line(for: .members(channel: "#natter", [])) == nil)
  }
}
