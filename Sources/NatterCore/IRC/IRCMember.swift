import Foundation

/// A member of a channel: the nickname and every prefix symbol it holds (`@+`), highest first.
public struct IRCMember: Equatable, Hashable, Sendable {
  public var nick: String
  public var prefixes: String
  /// The services account they are signed in to, when the server says (`extended-join`,
  /// `account-notify`, WHOX).
  public var account: String?
  /// Marked away (`away-notify`, WHOX).
  public var isAway = false
  /// A bot (`bot` mode, seen through WHOX).
  public var isBot = false

  public init(nick: String, prefixes: String = "", account: String? = nil) {
    self.nick = nick
    self.prefixes = prefixes
    self.account = account
  }
}

extension IRCMember {
  /// The prefixes from the highest rank down, as servers name them (RFC 1459's `@` and `+`,
  /// and the `~&%` that InspIRCd, UnrealIRCd and Libera's Solanum add).
  public static let ranks: [Character] = ["~", "&", "@", "%", "+"]

  /// Its place in the member list: the highest prefix it holds, `ranks.count` for none.
  public var rank: Int {
    prefixes.compactMap { Self.ranks.firstIndex(of: $0) }.min() ?? Self.ranks.count
  }

  /// As the member list shows it: the highest prefix, then the nickname (`@bob`).
  public var shown: String {
    let highest = prefixes.min { lhs, rhs in
      (Self.ranks.firstIndex(of: lhs) ?? Self.ranks.count)
        < (Self.ranks.firstIndex(of: rhs) ?? Self.ranks.count)
    }
    return highest.map { String($0) + nick } ?? nick
  }

  /// What the member list's tooltip and a message's sender tooltip say of them: away, and
  /// the account they are signed in to; empty when nothing is known.
  public var about: String {
    [
      isAway ? localized("Away") : nil,
      account.map { localized("Signed in as {account}", ["account": $0]) },
    ].compactMap { $0 }.joined(separator: "\n")
  }

  /// `about` for the member called `nick` in `members`; nil when they are not there or
  /// nothing is known of them.
  public static func about(
    _ nick: String, among members: [IRCMember], casemapping: IRCCasemapping
  ) -> String? {
    guard let member = members.first(where: { casemapping.equal($0.nick, nick) }) else {
      return nil
    }
    return member.about.isEmpty ? nil : member.about
  }

  /// The members whose nickname holds `query`, in their order; an empty query keeps all.
  public static func filter(_ members: [IRCMember], by query: String) -> [IRCMember] {
    let wanted = query.trimmingCharacters(in: .whitespaces).lowercased()
    guard !wanted.isEmpty else { return members }
    return members.filter { $0.nick.lowercased().contains(wanted) }
  }
}
