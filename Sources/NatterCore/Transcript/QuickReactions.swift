/// The reactions offered first (`E` on a selected message): six emoji, chosen with
/// Left/Right and Enter, or with 1–6; `More emoji…` opens GTK's emoji chooser.
public enum QuickReactions {
  public static let emoji = ["👍", "❤️", "😂", "🎉", "😮", "😢"]

  /// The emoji for digit key `n` (1…6), else nil.
  public static func emoji(forDigit n: Int) -> String? {
    (1...emoji.count).contains(n) ? emoji[n - 1] : nil
  }

  /// The button's accessible name: `React with 👍`.
  public static func buttonName(_ emoji: String) -> String {
    localized("React with {emoji}", ["emoji": emoji])
  }
}
