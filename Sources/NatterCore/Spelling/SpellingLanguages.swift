import Foundation

/// Which dictionaries check the composer: tags like `en_US`, `de_DE`, `ko_KR` (SPEC §14).
public enum SpellingLanguages {
  /// The languages `settings` asks the composer to check in: those chosen in Preferences,
  /// else the locale's (`forLocale`); none when checking is off.
  public static func wanted(
    by settings: Settings,
    environment: [String: String] = processEnvironment("LC_ALL", "LC_MESSAGES", "LANG")
  ) -> [String] {
    settings.checksSpelling ? chosen(by: settings, environment: environment) : []
  }

  /// The languages chosen in Preferences, else the locale's, whether checking is on or not:
  /// what Preferences shows ticked.
  public static func chosen(
    by settings: Settings,
    environment: [String: String] = processEnvironment("LC_ALL", "LC_MESSAGES", "LANG")
  ) -> [String] {
    settings.spellingLanguages.isEmpty ? forLocale(environment) : settings.spellingLanguages
  }

  /// What Preferences says under the languages when checking cannot work as chosen: no
  /// dictionary at all, or none for some of `chosen`; nil when every one is there.
  public static func missingNotice(chosen: [String], installed: [String]) -> String? {
    if installed.isEmpty {
      return localized(
        "No spelling dictionary is installed, so nothing is checked. Install one, such as the hunspell-en-us package, and restart Natter."
      )
    }
    let missing = chosen.filter { !installed.contains($0) }
    guard !missing.isEmpty else { return nil }
    return localized(
      "No dictionary is installed for {languages}; the others are checked.",
      ["languages": missing.map(title(of:)).joined(separator: ", ")])
  }

  /// The languages for the user's locale: `LC_ALL`, else `LC_MESSAGES`, else `LANG`
  /// (`de_DE.UTF-8` → `de_DE`). A Korean locale gets English beside it, since Korean chat is
  /// written with English words in it. `C`, `POSIX` and an unset locale mean `en_US`.
  public static func forLocale(_ environment: [String: String]) -> [String] {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap {
      environment[$0].flatMap { $0.isEmpty ? nil : $0 }
    }.first
    guard let value, let tag = tag(fromLocale: value) else { return ["en_US"] }
    if tag.hasPrefix("ko") { return [tag, "en_US"] }
    return [tag]
  }

  /// `ko_KR.UTF-8@euro` → `ko_KR`; `de` → `de_DE`; nil for `C` and `POSIX`.
  public static func tag(fromLocale locale: String) -> String? {
    let name = locale.split(separator: ".").first.map(String.init) ?? locale
    let bare = name.split(separator: "@").first.map(String.init) ?? name
    if bare.isEmpty || bare == "C" || bare == "POSIX" { return nil }
    if bare.contains("_") { return bare }
    let regions = ["en": "US", "de": "DE", "ko": "KR", "fr": "FR", "es": "ES", "ja": "JP"]
    return regions[bare].map { "\(bare)_\($0)" } ?? bare
  }

  /// The languages among `languages` that may judge `word`. The Korean dictionary accepts
  /// every word written without Hangul, so it judges only words with Hangul in them, and the
  /// others only words without. Empty: no chosen dictionary can judge the word, and it is
  /// left alone.
  public static func judges(of word: String, among languages: [String]) -> [String] {
    let hangul = word.unicodeScalars.contains(where: isHangul)
    return languages.filter { isKorean($0) == hangul }
  }

  /// Whether `tag` names a Korean dictionary.
  public static func isKorean(_ tag: String) -> Bool { tag == "ko" || tag.hasPrefix("ko_") }

  private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF:
      return true
    default: return false
    }
  }

  /// The name shown in Preferences for `tag`: `English (United States)`.
  public static func title(of tag: String) -> String {
    switch tag {
    case "en_US": return localized("English (United States)")
    case "en_GB": return localized("English (United Kingdom)")
    case "de_DE": return localized("German (Germany)")
    case "de_AT": return localized("German (Austria)")
    case "de_CH": return localized("German (Switzerland)")
    case "ko_KR", "ko": return localized("Korean")
    default:
      // The catalogues name the dictionaries Natter's users have; Foundation names the rest.
      return Locale(identifier: "en").localizedString(forIdentifier: tag) ?? tag
    }
  }

  /// `chosen` with `tag` turned on (added at the end) or off. The last language is never
  /// turned off: checking in none is Preferences' `Check spelling` switch, not an empty list.
  public static func turning(_ tag: String, on: Bool, in chosen: [String]) -> [String] {
    if on { return chosen.contains(tag) ? chosen : chosen + [tag] }
    let rest = chosen.filter { $0 != tag }
    return rest.isEmpty ? chosen : rest
  }

  /// `en_US,de_DE` from settings, without blanks or repeats.
  public static func parse(_ list: some StringProtocol) -> [String] {
    var seen: Set<String> = []
    return list.split(separator: ",").map {
      String($0.filter { !$0.isWhitespace })
    }.filter { !$0.isEmpty && seen.insert($0).inserted }
  }
}
