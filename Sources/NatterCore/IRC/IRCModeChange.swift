/// One change of a channel `MODE` line: `+o alice`, `-m`, `+b *!*@spam.example`.
public struct IRCModeChange: Equatable, Sendable {
  public var adding: Bool
  public var mode: Character
  public var argument: String?

  public init(adding: Bool, mode: Character, argument: String? = nil) {
    self.adding = adding
    self.mode = mode
    self.argument = argument
  }

  /// `+o`, `-v`.
  public var flag: String { (adding ? "+" : "-") + String(mode) }

  /// The most changes read from one line; servers allow a few (`MODES=`).
  static let maxChanges = 32

  /// The changes of `MODE #chan <modes> <arguments…>` (`params` from the modes on), which take
  /// an argument as the server's `PREFIX` and `CHANMODES` say: prefix and list modes always,
  /// type B always, type C only when set, type D and unknown modes never.
  public static func parse(_ params: [String], support: IRCSupport) -> [IRCModeChange] {
    guard let modes = params.first else { return [] }
    var arguments = params.dropFirst().makeIterator()
    var adding = true
    var changes: [IRCModeChange] = []
    for mode in modes where changes.count < maxChanges {
      switch mode {
      case "+": adding = true
      case "-": adding = false
      default:
        let takes: Bool
        if support.prefixModes.contains(mode) || support.listModes.contains(mode)
          || support.alwaysParameterModes.contains(mode)
        {
          takes = true
        } else if support.setParameterModes.contains(mode) {
          takes = adding
        } else {
          takes = false
        }
        changes.append(
          IRCModeChange(adding: adding, mode: mode, argument: takes ? arguments.next() : nil))
      }
    }
    return changes
  }
}
