/// What a nickname may be: RFC 2812's letters, digits and `[]\`_^{|}-`, not starting with a
/// digit or `-`, and at most the 30 characters servers commonly allow.
public enum IRCNickname {
  public static let maxLength = 30
  /// The nickname Natter uses when the user's own is not one a server accepts.
  public static let fallback = "natter"

  /// Whether a server would accept `nick` as a nickname.
  public static func isValid(_ nick: String) -> Bool {
    !nick.isEmpty && valid(from: nick) == nick
  }

  /// `nick` with what a nickname may not hold taken out and cut to the length; empty when
  /// nothing is left.
  public static func valid(from nick: String) -> String {
    let kept = nick.unicodeScalars.filter(isAllowed)
    let text = String(String.UnicodeScalarView(kept)).drop { $0.isNumber || $0 == "-" }
    return String(text.prefix(maxLength))
  }

  private static let special = Set("[]\\`_^{|}-".unicodeScalars)

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
        || special.contains(scalar))
  }
}
