import Foundation
import NatterCore
import NatterSession

extension MainWindow {
  /// The composer checks spelling in the Preferences' languages, or the locale's (SPEC §14).
  func applySpelling(_ settings: Settings) {
    guard settings.checksSpelling else { return composer.useSpelling(nil, languages: []) }
    let languages =
      settings.spellingLanguages.isEmpty
      ? SpellingLanguages.forLocale(ProcessInfo.processInfo.environment)
      : settings.spellingLanguages
    composer.useSpelling(spellEngine, languages: languages)
  }
}
