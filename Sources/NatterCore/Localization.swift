import Foundation

/// User-visible text in the user's language.
///
/// NatterCore stays free of gettext: the app installs a catalogue lookup at start, before any
/// text is made, and until then (headless tests, the benchmark) the English source is the text.
/// Placeholders are named, `{channel}`, so a translator can move them and sees what they hold;
/// `meson-helpers/check-translations.py` keeps every translation's placeholders the source's.
public enum Localization {
  /// Looks up `singular` (or, with a plural, the form for `count`) in the user's language.
  public typealias Catalogue =
    @Sendable (_ singular: String, _ plural: String?, _ count: Int) -> String

  private static let lock = NSLock()
  // Written once at start under the lock, read under it: the lookup itself is thread-safe.
  nonisolated(unsafe) private static var catalogue: Catalogue?

  /// Makes `catalogue` the source of every later `localized` text.
  public static func install(_ catalogue: @escaping Catalogue) {
    lock.withLock { Self.catalogue = catalogue }
  }

  static func lookup(_ singular: String, plural: String?, count: Int) -> String {
    let catalogue = lock.withLock { Self.catalogue }
    if let catalogue { return catalogue(singular, plural, count) }
    if let plural, count != 1 { return plural }
    return singular
  }

  /// `text` with each `{name}` replaced by its value; unknown names stay as they are.
  static func fill(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
    guard !values.isEmpty, text.contains("{") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else {
        result += rest[open...]
        return result
      }
      let name = rest[rest.index(after: open)..<close]
      if let value = values.first(where: { $0.key == name })?.value {
        result += value
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}

/// `text` in the user's language, with its `{name}` placeholders filled from `values`.
///
/// Pass the English text as a literal: the catalogue template is extracted from the calls.
public func localized(_ text: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
  Localization.fill(Localization.lookup(text, plural: nil, count: 1), values)
}

/// The form of `singular`/`plural` for `count` in the user's language (`1 new message`,
/// `3 new messages`); `{count}` and the `{name}` placeholders are filled.
public func localizedPlural(
  _ singular: String, _ plural: String, count: Int,
  _ values: KeyValuePairs<String, String> = [:]
) -> String {
  let text = Localization.lookup(singular, plural: plural, count: count)
  let number = String(count)
  return Localization.fill(Localization.fill(text, ["count": number]), values)
}
