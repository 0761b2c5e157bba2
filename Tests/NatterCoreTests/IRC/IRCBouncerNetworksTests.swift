import Foundation
import Testing

@testable import NatterCore

/// soju's `soju.im/bouncer-networks` (SPEC §11), following the extension's own examples: the
/// bouncer's own connection lists and follows its networks, a bound one binds while
/// registering.
@Suite struct IRCBouncerNetworksTests {
  private static let caps =
    "batch server-time soju.im/bouncer-networks soju.im/bouncer-networks-notify"

  private func script(binding id: String? = nil) -> IRCScript {
    IRCScript(account: IRCAccount(nick: "alice", bouncerNetwork: id))
  }

  @Test func theBouncersOwnConnectionAsksForBothAndListsAfterTheWelcome() {
    var script = script()
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":soju.test CAP * LS :\(Self.caps)")
    let request = script.takeWritten().last { $0.hasPrefix("CAP REQ") }
    #expect(request?.contains("soju.im/bouncer-networks ") == true)
    #expect(request?.contains("soju.im/bouncer-networks-notify") == true)
    script.server(
      ":soju.test CAP * ACK :batch server-time soju.im/bouncer-networks "
        + "soju.im/bouncer-networks-notify")
    #expect(script.takeWritten() == ["CAP END"], "no BIND for the bouncer's own connection")
    script.server(":soju.test 001 alice :Welcome")
    #expect(script.takeWritten().contains("BOUNCER LISTNETWORKS"))
  }

  @Test func aBoundConnectionBindsBeforeCapEndAndNeverFollowsTheList() {
    var script = script(binding: "42")
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":soju.test CAP * LS :\(Self.caps)")
    let request = script.takeWritten().last { $0.hasPrefix("CAP REQ") } ?? ""
    #expect(request.contains("soju.im/bouncer-networks"))
    #expect(!request.contains("notify"), "\(request)")
    script.server(":soju.test CAP * ACK :batch server-time soju.im/bouncer-networks")
    #expect(script.takeWritten() == ["BOUNCER BIND 42", "CAP END"])
    script.server(":soju.test 001 alice :Welcome")
    #expect(!script.takeWritten().contains("BOUNCER LISTNETWORKS"))
    // A notification on a bound connection is not its business.
    script.server(":soju.test BOUNCER NETWORK 7 name=Other")
    #expect(
      !script.takeEvents().contains { if case .bouncerNetworkChanged = $0 { true } else { false } })
  }

  @Test func noBindWhereTheServerDoesNotOfferTheExtension() {
    var script = script(binding: "42")
    script.feed(.connectNow)
    script.feed(.connected)
    script.server(":irc.test CAP * LS :batch server-time")
    script.server(":irc.test CAP * ACK :batch server-time")
    #expect(!script.takeWritten().contains { $0.hasPrefix("BOUNCER") })
  }

  @Test func aListingArrivesWholeAtTheBatchEnd() {
    var script = script()
    script.register(caps: Self.caps)
    script.server(":soju.test BATCH +n soju.im/bouncer-networks")
    script.server(
      "@batch=n :soju.test BOUNCER NETWORK 1 name=Libera;state=connected;host=irc.libera.example")
    script.server(
      #"@batch=n :soju.test BOUNCER NETWORK 2 name=My\sOFTC\:2;state=disconnected;error=Connection\srefused"#
    )
    #expect(script.takeEvents().isEmpty)
    script.server(":soju.test BATCH -n")
    guard case .bouncerNetworks(let networks) = script.takeEvents().first else {
      Issue.record("no listing")
      return
    }
    #expect(networks.map(\.id) == ["1", "2"])
    #expect(networks[0].name == "Libera")
    #expect(networks[0].state == "connected")
    #expect(networks[1].name == "My OFTC;2")
    #expect(networks[1].error == "Connection refused")
  }

  @Test func notificationsChangeAddOrDeleteOne() {
    var script = script()
    script.register(caps: Self.caps)
    script.server(":soju.test BOUNCER NETWORK 3 name=Rizon;state=connecting")
    script.server(":soju.test BOUNCER NETWORK 1 state=disconnected;error=")
    script.server(":soju.test BOUNCER NETWORK 2 *")
    #expect(
      script.takeEvents() == [
        .bouncerNetworkChanged(id: "3", ["name": "Rizon", "state": "connecting"]),
        .bouncerNetworkChanged(id: "1", ["state": "disconnected", "error": ""]),
        .bouncerNetworkChanged(id: "2", nil),
      ])
  }

  @Test func hostileAttributesLoseTheirLineBreaksAndStayBounded() {
    let attributes = IRCBouncerNetwork.attributes(
      parsing: #"name=evil\r\nPRIVMSG\s#x\s:hi;=nokey;"#
        + String(repeating: "k", count: 100) + "=long;state")
    #expect(attributes["name"] == "evilPRIVMSG #x :hi")
    #expect(attributes["state"] == "")
    #expect(attributes.count == 2)
    var script = script()
    script.register(caps: Self.caps)
    script.server(":soju.test BATCH +n soju.im/bouncer-networks")
    for n in 0..<200 { script.server("@batch=n :soju.test BOUNCER NETWORK \(n) name=N\(n)") }
    script.server(":soju.test BATCH -n")
    guard case .bouncerNetworks(let networks) = script.takeEvents().first else {
      Issue.record("no listing")
      return
    }
    #expect(networks.count == IRCBouncerNetworks.maxNetworks)
  }
}

/// A bouncer's networks as networks of ours (`[NetworkAccount].applyBouncer`).
@Suite struct BouncerNetworkAccountsTests {
  private func accounts() throws -> [NetworkAccount] {
    [
      NetworkAccount(
        url: try IRCServerURL(parsing: "ircs://alice@soju.example/", defaultNick: "x"),
        name: "soju", saslAccount: "alice"),
      NetworkAccount(
        url: try IRCServerURL(parsing: "ircs://alice@irc.other.example/#x", defaultNick: "x")),
    ]
  }

  private let bouncer = "ircs://soju.example/"

  private func listed(_ id: String, _ name: String) -> IRCBouncerNetwork {
    IRCBouncerNetwork(id: id, attributes: ["name": name, "state": "connected"])
  }

  @Test func aListingAddsEachNetworkAfterTheBouncerSignedInAsItIs() throws {
    var networks = try accounts()
    let changed1 = networks.applyBouncer(
      .bouncerNetworks([listed("1", "Libera"), listed("2", "OFTC")]), of: bouncer)
    #expect(changed1)
    #expect(networks.map(\.name) == ["soju", "Libera", "OFTC", "irc.other.example"])
    let libera = networks[1]
    #expect(libera.id == "ircs://~1@soju.example/")
    #expect(libera.bouncerID == bouncer)
    #expect(libera.url.nick == "alice")
    #expect(libera.url.channels.isEmpty)
    #expect(libera.saslAccount == "alice")
    #expect(libera.secretServer == networks[0].secretServer, "the bouncer's password")
    #expect(libera.url.conversation("#natter") == "ircs://~1@soju.example/#natter")
    // The same listing again changes nothing.
    let changed2 = networks.applyBouncer(
      .bouncerNetworks([listed("1", "Libera"), listed("2", "OFTC")]), of: bouncer)
    #expect(!changed2)
  }

  @Test func aListingRenamesAndRemovesWhatTheBouncerChanged() throws {
    var networks = try accounts()
    networks.applyBouncer(
      .bouncerNetworks([listed("1", "Libera"), listed("2", "OFTC")]), of: bouncer)
    let changed3 = networks.applyBouncer(.bouncerNetworks([listed("2", "OFTC.net")]), of: bouncer)
    #expect(changed3)
    #expect(networks.map(\.name) == ["soju", "OFTC.net", "irc.other.example"])
  }

  @Test func notificationsAddRenameAndDeleteOneButAStateChangeRenamesNothing() throws {
    var networks = try accounts()
    networks.applyBouncer(.bouncerNetworks([listed("1", "Libera")]), of: bouncer)
    let changed4 = networks.applyBouncer(
      .bouncerNetworkChanged(id: "1", ["state": "disconnected"]), of: bouncer)
    #expect(!changed4)
    #expect(networks[1].name == "Libera")
    let changed5 = networks.applyBouncer(
      .bouncerNetworkChanged(id: "9", ["name": "Rizon"]), of: bouncer)
    #expect(changed5)
    #expect(networks.map(\.name) == ["soju", "Libera", "Rizon", "irc.other.example"])
    let changed6 = networks.applyBouncer(.bouncerNetworkChanged(id: "1", nil), of: bouncer)
    #expect(changed6)
    #expect(networks.map(\.name) == ["soju", "Rizon", "irc.other.example"])
    // A network the bouncer did not name reads as its id.
    networks.applyBouncer(.bouncerNetworkChanged(id: "5", ["state": "connecting"]), of: bouncer)
    #expect(networks.contains { $0.name == "Network 5" })
  }

  @Test func namesNeverCollideAndOnlyABouncersOwnNetworkSpeaksForIt() throws {
    var networks = try accounts()
    networks.applyBouncer(.bouncerNetworks([listed("1", "irc.other.example")]), of: bouncer)
    #expect(networks[1].name == "irc.other.example (2)")
    // The event of another network, or of a bound one, changes nothing.
    let changed7 = networks.applyBouncer(.bouncerNetworks([]), of: "ircs://irc.unknown.example/")
    #expect(!changed7)
    let changed8 = networks.applyBouncer(.bouncerNetworks([]), of: networks[1].id)
    #expect(!changed8)
    let changed9 = networks.applyBouncer(.motd([]), of: bouncer)
    #expect(!changed9)
  }

  @Test func anIDThatIsNoURLTextIsEscapedInTheConversationIDs() throws {
    var url = try IRCServerURL(parsing: "ircs://alice@soju.example:7000/", defaultNick: "x")
    url.bouncerNetwork = "a b/#1"
    #expect(url.conversationPrefix == "ircs://~a%20b%2F%231@soju.example:7000/")
    #expect(url.bouncer?.conversationPrefix == "ircs://soju.example:7000/")
  }

  @Test func settingsKeepTheBindingAcrossARestart() throws {
    var settings = Settings()
    settings.networks = try accounts()
    settings.networks.applyBouncer(.bouncerNetworks([listed("1", "Libera")]), of: bouncer)
    let read = Settings(keyFile: settings.keyFileText)
    #expect(read.networks == settings.networks)
    #expect(read.networks[1].url.bouncerNetwork == "1")
  }
}
