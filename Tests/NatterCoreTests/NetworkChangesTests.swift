import Foundation
import Testing

@testable import NatterCore

/// Which connections a change of the network list keeps, ends and makes (SPEC §11).
@Suite struct NetworkChangesTests {
  private func network(_ url: String, enabled: Bool = true) throws -> NetworkAccount {
    NetworkAccount(url: try IRCServerURL(parsing: url, defaultNick: "x"), isEnabled: enabled)
  }

  @Test func onlyTheNetworksTouchedConnectOrQuit() throws {
    let alpha = try network("ircs://alice@irc.alpha.example/#a")
    let beta = try network("ircs://alice@irc.beta.example/#b")
    var renamed = beta
    renamed.name = "Beta"
    let gamma = try network("ircs://alice@irc.gamma.example/")
    let changes = NetworkChanges(
      from: [alpha, beta], to: [alpha, renamed, gamma], running: [alpha.id, beta.id])
    #expect(changes.kept == [alpha.id, beta.id], "a new name keeps the connection")
    #expect(changes.quit.isEmpty)
    #expect(changes.made == [gamma.id])
    #expect(changes.reloaded == [gamma.id])
  }

  @Test func aChangedOffRemovedOrRestartedNetworkLosesItsConnection() throws {
    let alpha = try network("ircs://alice@irc.alpha.example/#a")
    let beta = try network("ircs://alice@irc.beta.example/#b")
    let gamma = try network("ircs://alice@irc.gamma.example/")
    var moved = alpha
    moved.url.channels = ["#a", "#more"]
    var off = beta
    off.isEnabled = false
    let changes = NetworkChanges(
      from: [alpha, beta, gamma], to: [moved, off], running: [alpha.id, beta.id, gamma.id])
    #expect(changes.kept.isEmpty)
    #expect(changes.quit == [alpha.id, beta.id, gamma.id])
    #expect(changes.made == [alpha.id], "the changed one connects again")
    #expect(changes.reloaded == [alpha.id, beta.id], "the one turned off shows Off")

    let restarted = NetworkChanges(
      from: [alpha], to: [alpha], running: [alpha.id], restarting: [alpha.id])
    #expect(restarted.quit == [alpha.id])
    #expect(restarted.made == [alpha.id])
    // A network off before and after is not listed again.
    let stillOff = NetworkChanges(from: [off], to: [off], running: [])
    #expect(stillOff.reloaded.isEmpty && stillOff.made.isEmpty)
  }

  @Test func aPlaceNamesNotesANetworksRowOrAConversationOnItsNetwork() throws {
    var libera = try network("ircs://alice@irc.libera.example/#gtk")
    libera.name = "Libera.Chat"
    let networks = [libera]
    #expect(ConversationPlace.name(of: Message.notes, among: networks) == "Notes")
    #expect(ConversationPlace.name(of: libera.id, among: networks) == "Libera.Chat")
    #expect(
      ConversationPlace.name(of: libera.url.conversation("#gtk"), among: networks)
        == "#gtk on Libera.Chat")
  }
}
