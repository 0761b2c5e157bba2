/// What a change of the network list does to the connections (SPEC §11: one network's change
/// never touches another): a network gone, turned off, changed (server, nickname, channels,
/// account) or given a new password loses its connection; a new, turned on or changed one
/// gets a new one; every other keeps its connection as it is.
public struct NetworkChanges: Equatable, Sendable {
  /// The networks whose connection stays, by id.
  public var kept: [String] = []
  /// The running connections that end.
  public var quit: [String] = []
  /// The networks that get a new connection, in list order.
  public var made: [String] = []
  /// The networks whose conversations are listed again: those made and those just turned off.
  public var reloaded: [String] = []

  /// - Parameters:
  ///   - running: the networks that have a connection now.
  ///   - restarting: those to connect again whatever else changed (a new password).
  public init(
    from old: [NetworkAccount], to updated: [NetworkAccount], running: [String],
    restarting: Set<String> = []
  ) {
    for id in running {
      let network = updated.first { $0.id == id }
      let before = old.first { $0.id == id }
      if let network, network.isEnabled, network.url == before?.url,
        network.saslAccount == before?.saslAccount,
        network.clientCertificate == before?.clientCertificate, !restarting.contains(id)
      {
        kept.append(id)
      } else {
        quit.append(id)
      }
    }
    made = updated.filter { $0.isEnabled && !kept.contains($0.id) }.map(\.id)
    reloaded = updated.filter { network in
      made.contains(network.id)
        || !network.isEnabled && old.first { $0.id == network.id }?.isEnabled != false
    }.map(\.id)
  }
}

/// Where a conversation is, as results from every conversation say it (SPEC §11): `Notes`, a
/// network's own name for its own row, else `#gtk on Libera.Chat`.
public enum ConversationPlace {
  public static func name(of conversation: String, among networks: [NetworkAccount]) -> String {
    let id = ConversationList.network(of: conversation, among: networks.map(\.id))
    guard let network = networks.first(where: { $0.id == id }) else { return localized("Notes") }
    guard let target = network.url.target(ofConversation: conversation) else {
      return network.name
    }
    return localized(
      "{conversation} on {network}", ["conversation": target, "network": network.name])
  }
}
