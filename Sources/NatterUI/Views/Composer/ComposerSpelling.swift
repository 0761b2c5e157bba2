import CGtk
import GtkKit
import NatterCore
import NatterSession

/// What the composer's spell checking holds between idles (SPEC §14): the engine, the
/// languages in use, what is left to check, and the word the context menu is about.
/// `ComposerView+Spelling.swift` does the work.
@MainActor
final class ComposerSpelling {
  /// Enchant as the app gives it, whether in use or not; nil: no spelling.
  var installed: SpellEngine?
  /// Enchant, shared by the app; nil: no spelling (the composer works as without it).
  var engine: SpellEngine?
  /// The languages wanted, and those of them whose dictionaries loaded.
  var wanted: [String] = []
  var languages: [String] = []
  /// Counts language changes, so that a dictionary load that finishes late is not applied.
  var generation = 0
  var queue = SpellCheckQueue()
  /// The scope for the run of checks under way (the members it knows are read once a run).
  var scope: SpellCheckScope?
  var idle: UInt32 = 0
  /// The misspelling underline.
  var tag: UnsafeMutablePointer<GtkTextTag>?
  /// `gtk_text_view_set_extra_menu`'s model: suggestions, then `Add to dictionary`, `Ignore`.
  var menu: OpaquePointer?
  var suggestionSection: OpaquePointer?
  var wordSection: OpaquePointer?
  /// The menu's `Spelling languages` submenu: the installed dictionaries, each a check item
  /// (`spelling.language-N`, in `installedLanguages`' order), and `Same as Preferences`.
  var languageMenu: OpaquePointer?
  /// The section holding the submenu, empty while nothing is installed or checking is off.
  var languageSection: OpaquePointer?
  var installedLanguages: [String] = []
  var languageActions: [Action] = []
  var preferencesLanguagesAction: Action?
  /// The user turned a language on or off for the open conversation.
  var onTurnLanguage: (_ tag: String, _ on: Bool) -> Void = { _, _ in }
  /// The user chose Preferences' languages for the open conversation.
  var onUsePreferencesLanguages: () -> Void = {}
  /// The misspelt word the menu is about, and its place.
  var target: (range: Range<Int>, word: String)?
  /// Suggestions for `target`, once they arrived.
  var suggestions: [String] = []
  /// `spelling.replace`, `spelling.add`, `spelling.ignore`, on the text view.
  var actions: [Action] = []
  var actionGroup: ActionGroup?

  var isActive: Bool { engine != nil && !languages.isEmpty }

  /// What the checking has done so far, so a test can see that a long text is checked in
  /// bounded slices over many idles (how long each takes is natter-bench's to measure).
  struct Work {
    var idles = 0
    var slices = 0
    var longestRead = 0
  }
  var work = Work()

  /// Microseconds of checking per idle: a 60 Hz frame has 16 ms, most of it for drawing.
  static let budget: gint64 = 4000
}
