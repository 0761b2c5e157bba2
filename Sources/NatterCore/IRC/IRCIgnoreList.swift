/// `/ignore` and `/unignore` (SPEC §12): masks whose messages, notices, CTCP requests and
/// invitations Natter drops on its side, remembered per network. A bare nickname stands for
/// `nick!*@*`; a mask may use `*` and `?` as bans do.
public struct IRCIgnoreList: Equatable, Sendable {
  /// The masks as they are kept and listed, in the order they were added.
  public private(set) var masks: [String]

  /// Enough for any real list, and a bound on the work per received line.
  public static let maxMasks = 200

  public init(_ masks: [String] = []) {
    self.masks = []
    for mask in masks { _ = add(mask) }
  }

  /// What `/ignore` and `/unignore` changed, as a sentence for the composer.
  public enum Change: Equatable, Sendable {
    case added(String)
    case removed(String)
    case alreadyIgnored(String)
    case notIgnored(String)
    case full
    case invalid(String)

    public var sentence: String {
      switch self {
      case .added(let mask):
        localized(
          "Ignoring {mask}: its messages, notices and invitations are no longer shown.",
          ["mask": mask])
      case .removed(let mask): localized("No longer ignoring {mask}.", ["mask": mask])
      case .alreadyIgnored(let mask): localized("{mask} is already ignored.", ["mask": mask])
      case .notIgnored(let mask): localized("{mask} is not ignored.", ["mask": mask])
      case .full:
        localized("The ignore list is full; remove a mask with /unignore first.")
      case .invalid(let text):
        localized("{text} is not a nickname or a nick!user@host mask.", ["text": text])
      }
    }

    /// Whether the list changed (and so is saved).
    public var changed: Bool {
      switch self {
      case .added, .removed: true
      default: false
      }
    }
  }

  /// `nick` becomes `nick!*@*`; `nick!user` gains `@*`; a mask with a space, a comma or a
  /// control character is no mask.
  public static func mask(for text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, trimmed.count <= 200,
      !trimmed.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0 == "," || $0.value < 0x20 || $0.value == 0x7F
      })
    else { return nil }
    if trimmed.contains("@") { return trimmed.contains("!") ? trimmed : "*!" + trimmed }
    if trimmed.contains("!") { return trimmed + "@*" }
    return trimmed + "!*@*"
  }

  public mutating func add(_ text: String, casemapping: IRCCasemapping = .rfc1459) -> Change {
    guard let mask = Self.mask(for: text) else { return .invalid(text) }
    if masks.contains(where: { casemapping.equal($0, mask) }) { return .alreadyIgnored(mask) }
    guard masks.count < Self.maxMasks else { return .full }
    masks.append(mask)
    return .added(mask)
  }

  public mutating func remove(_ text: String, casemapping: IRCCasemapping = .rfc1459) -> Change {
    guard let mask = Self.mask(for: text) else { return .invalid(text) }
    guard let index = masks.firstIndex(where: { casemapping.equal($0, mask) }) else {
      return .notIgnored(mask)
    }
    masks.remove(at: index)
    return .removed(mask)
  }

  /// `/ignore` alone: the list, one mask a line.
  public var listing: String {
    masks.isEmpty
      ? localized("Nobody is ignored on this network.")
      : localized("Ignored: {masks}", ["masks": masks.joined(separator: ", ")])
  }

  /// Whether a line from `source` (`nick!user@host`, or a bare nickname when that is all the
  /// server gave) is dropped.
  public func ignores(_ source: String?, casemapping: IRCCasemapping = .rfc1459) -> Bool {
    guard let source, !masks.isEmpty else { return false }
    let full = source.contains("!") ? source : source + "!*@*"
    return masks.contains { IRCMask($0, casemapping: casemapping).matches(full) }
  }
}
