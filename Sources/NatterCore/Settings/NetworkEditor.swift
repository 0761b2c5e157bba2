import Foundation

/// Preferences' list of networks (SPEC §11), decided without a widget: which one the form
/// edits, and what `Connect`, `New network`, `Remove` and a row's switch do to the list.
public struct NetworkEditor: Equatable, Sendable {
  public private(set) var networks: [NetworkAccount]
  /// The network the form shows, nil for a new one.
  public private(set) var selected: Int?

  /// Starts on the first network, or on a new one when there is none.
  public init(networks: [NetworkAccount]) {
    self.networks = networks
    selected = networks.isEmpty ? nil : 0
  }

  /// What the form shows: name, account URL, SASL account and client certificate file,
  /// empty for a new network.
  public var form: (name: String, url: String, saslAccount: String, clientCertificate: String) {
    guard let selected else { return ("", "", "", "") }
    let network = networks[selected]
    return (
      network.name, "\(network.url)", network.saslAccount ?? "", network.clientCertificate ?? ""
    )
  }

  public mutating func select(_ index: Int?) {
    selected = index.flatMap { networks.indices.contains($0) ? $0 : nil }
  }

  /// `New network`: the form is cleared, and `Connect` adds what it then holds.
  public mutating func startNew() { selected = nil }

  /// `Connect`: the form's fields saved into the selected network, or added as a new one (or
  /// into the network already on that server). Empty URL on a selected network removes it.
  /// Returns the problem to show under the field, nil when the list changed or stayed.
  public mutating func apply(
    name: String, url text: String, saslAccount: String, clientCertificate: String = "",
    defaultNick: String
  )
    -> String?
  {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else {
      if selected != nil { remove() }
      return nil
    }
    let url: IRCServerURL
    do {
      url = try IRCServerURL(parsing: trimmed, defaultNick: defaultNick)
    } catch {
      return error.description
    }
    let account = saslAccount.trimmingCharacters(in: .whitespaces)
    let certificate = clientCertificate.trimmingCharacters(in: .whitespaces)
    let given = name.trimmingCharacters(in: .whitespaces)
    if let selected {
      // Another network already on that server would share its conversations.
      if let other = networks.firstIndex(where: { $0.url.matchesAccount(of: url) }),
        other != selected
      {
        return localized(
          "{network} is already on that server.", ["network": networks[other].name])
      }
      let old = networks[selected]
      // A name the user never chose follows the server.
      let keepsName = old.name != NetworkAccount.defaultName(for: old.url)
      networks[selected] = NetworkAccount(
        url: url, name: given.isEmpty || (!keepsName && given == old.name) ? nil : given,
        saslAccount: account.isEmpty ? nil : account, isEnabled: old.isEnabled)
      networks[selected].clientCertificate = certificate.isEmpty ? nil : certificate
    } else {
      let index = networks.addOrUpdate(url)
      networks[index].saslAccount = account.isEmpty ? nil : account
      networks[index].clientCertificate = certificate.isEmpty ? nil : certificate
      if !given.isEmpty { networks[index].name = given }
      selected = index
    }
    return nil
  }

  /// `Remove`: the selected network leaves the list (its stored messages stay); the form
  /// moves to its neighbour.
  public mutating func remove() {
    guard let index = selected else { return }
    networks.remove(at: index)
    selected = networks.isEmpty ? nil : min(index, networks.count - 1)
  }

  /// A row's switch: the network connects, or stays listed without connecting.
  public mutating func setEnabled(_ enabled: Bool, at index: Int) {
    guard networks.indices.contains(index) else { return }
    networks[index].isEnabled = enabled
  }
}
