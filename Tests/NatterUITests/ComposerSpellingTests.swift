import CGtk
import GtkKit
import NatterCore
import NatterSession
import TestSupport
import Testing

@testable import NatterUI

/// The composer's underline with Debian's real Hunspell dictionaries (hunspell-en-us,
/// hunspell-ko), through Enchant as the app uses it.
@Suite("ComposerSpelling")
@MainActor
struct ComposerSpellingTests {
  private static let engine = SpellEngine(personalFile: nil)

  private func makeComposer(
    _ languages: [String], members: [String] = []
  ) throws -> (ComposerView, TestWindow) {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let composer = ComposerView(controller: ComposerController(sender: "me"))
    composer.members = { members }
    let window = TestWindow(child: composer.widget, width: 720, height: 200)
    composer.useSpelling(Self.engine, languages: languages)
    MainLoop.iterate(until: { !composer.spellingLanguages.isEmpty }, seconds: 10)
    try #require(composer.spellingLanguages == languages, "dictionaries for \(languages)")
    return (composer, window)
  }

  private func marked(_ composer: ComposerView, after text: String) -> [String] {
    composer.buffer.setText(text)
    MainLoop.iterate(until: { !composer.isCheckingSpelling }, seconds: 10)
    return composer.misspeltRanges.map {
      composer.buffer.text(from: $0.lowerBound, to: $0.upperBound)
    }
  }

  @Test func aMisspeltEnglishWordIsUnderlinedAndARightOneIsNot() throws {
    let (composer, window) = try makeComposer(["en_US"])
    defer { window.close() }
    #expect(marked(composer, after: "hello wrold") == ["wrold"])
    #expect(marked(composer, after: "hello world") == [])
  }

  @Test func nicknamesTagsCommandsLinksAndCodeAreNeverUnderlined() throws {
    let (composer, window) = try makeComposer(["en_US"], members: ["zorglub"])
    defer { window.close() }
    #expect(marked(composer, after: "zorglub: see #natterz") == [])
    #expect(marked(composer, after: "/mssg zorglub `fooo` https://exampel.org teh") == ["teh"])
  }

  @Test func koreanIsCheckedByTheKoreanDictionaryAndEnglishBesideIt() throws {
    let (composer, window) = try makeComposer(["ko_KR", "en_US"])
    defer { window.close() }
    #expect(marked(composer, after: "안녕하세요") == [])
    #expect(marked(composer, after: "안녕하세여") == ["안녕하세여"])
    // The Korean dictionary would accept it: English judges words without Hangul.
    #expect(marked(composer, after: "안녕하세요 wrold") == ["wrold"])
  }

  @Test func typingRechecksOnlyWhatChangedAndTheMarksFollowTheText() throws {
    let (composer, window) = try makeComposer(["en_US"])
    defer { window.close() }
    #expect(marked(composer, after: "wrold\nfine line") == ["wrold"])
    composer.buffer.insert("teh ", at: 6)
    MainLoop.iterate(until: { !composer.isCheckingSpelling }, seconds: 10)
    #expect(composer.misspeltRanges == [0..<5, 6..<9])
    composer.buffer.delete(offset: 0, length: 6)
    MainLoop.iterate(until: { !composer.isCheckingSpelling }, seconds: 10)
    #expect(composer.misspeltRanges == [0..<3])
  }

  @Test func closingTheWindowAfterTypingLogsNothing() throws {
    let (composer, window) = try makeComposer(["en_US"])
    var closed = false
    defer { if !closed { window.close() } }
    // GTK 4.8 animates the scroll to the caret; closing the window ends the animation from
    // inside GtkAdjustment, which a value set from value-changed then ended twice:
    // "g_signal_handler_disconnect: assertion 'handler_id > 0' failed". Seen only here, where
    // the composer is alone in a short window and the marks re-lay its text out.
    let complaints = GObjectComplaints { $0.contains("handler_id > 0") }
    defer { complaints.stop() }
    #expect(marked(composer, after: "wrold\nfine line") == ["wrold"])
    composer.buffer.insert("teh ", at: 6)
    MainLoop.iterate(until: { !composer.isCheckingSpelling }, seconds: 10)
    composer.buffer.delete(offset: 0, length: 6)
    MainLoop.iterate(until: { !composer.isCheckingSpelling }, seconds: 10)
    window.close()
    closed = true
    #expect(complaints.messages.isEmpty, "\(complaints.messages)")
  }

  @Test func theContextMenuSuggestsAndReplacesUndoably() throws {
    let (composer, window) = try makeComposer(["en_US"])
    defer { window.close() }
    #expect(marked(composer, after: "hello wrold") == ["wrold"])
    composer.prepareSpellingMenu(at: 8)
    MainLoop.iterate(until: { !composer.spellingSuggestions.isEmpty }, seconds: 10)
    let suggestions = composer.spellingSuggestions
    #expect(suggestions.first == "world")
    #expect(suggestions.count <= 5)
    composer.replaceMisspelt(with: "world")
    #expect(composer.buffer.text == "hello world")
    MainLoop.iterate(until: { !composer.isCheckingSpelling }, seconds: 10)
    #expect(composer.misspeltRanges.isEmpty)
    _ = gtk_widget_activate_action_variant(composer.textView.widget, "text.undo", nil)
    #expect(composer.buffer.text == "hello wrold", "one undo brings the word back")
  }

  @Test func ignoringAWordUnmarksItEverywhere() throws {
    let (composer, window) = try makeComposer(["en_US"])
    defer { window.close() }
    #expect(marked(composer, after: "blorpt and blorpt") == ["blorpt", "blorpt"])
    composer.prepareSpellingMenu(at: 1)
    composer.acceptMisspelt(remember: false)
    MainLoop.iterate(
      until: { !composer.isCheckingSpelling && composer.misspeltRanges.isEmpty }, seconds: 10)
    #expect(composer.misspeltRanges.isEmpty)
  }

  @Test func theMenuOffersTheInstalledLanguagesForTheConversation() throws {
    let (composer, window) = try makeComposer(["en_US"])
    defer { window.close() }
    let section = try #require(composer.spelling.languageSection)
    #expect(g_menu_model_get_n_items(cast(raw(section))) == 0, "no submenu before the list")
    var turned: [(String, Bool)] = []
    var reset = 0
    composer.spelling.onTurnLanguage = { turned.append(($0, $1)) }
    composer.spelling.onUsePreferencesLanguages = { reset += 1 }
    composer.showSpellingLanguages(installed: ["en_US", "ko_KR"], using: ["en_US"], own: false)
    #expect(g_menu_model_get_n_items(cast(raw(section))) == 1)
    #expect(composer.spellingLanguagesTicked == ["en_US"])
    #expect(composer.spelling.preferencesLanguagesAction?.isOn == true)
    composer.chooseSpellingLanguage("ko_KR")
    #expect(turned.map(\.0) == ["ko_KR"])
    #expect(turned.map(\.1) == [true])
    composer.showSpellingLanguages(
      installed: ["en_US", "ko_KR"], using: ["en_US", "ko_KR"], own: true)
    #expect(composer.spellingLanguagesTicked == ["en_US", "ko_KR"])
    #expect(composer.spelling.preferencesLanguagesAction?.isOn == false)
    composer.chooseSpellingLanguage("en_US")
    #expect(turned.last?.0 == "en_US")
    #expect(turned.last?.1 == false)
    // Checking off, or no dictionary: no submenu of languages.
    composer.showSpellingLanguages(installed: [], using: [], own: false)
    #expect(g_menu_model_get_n_items(cast(raw(section))) == 0)
  }

  @Test func aLongPasteIsCheckedInBoundedSlicesOverManyIdles() throws {
    // How long each idle takes is natter-bench's long-text spelling column (timed tests are
    // noise on a loaded machine); here: the work is cut into slices the idles share.
    let (composer, window) = try makeComposer(["en_US"])
    defer { window.close() }
    let line = "the quick brown fox jumps over the lazy dog wrold again and again\n"
    let text = String(repeating: line, count: 1_000_000 / line.utf8.count)
    window.settle()
    let began = g_get_monotonic_time()
    var turns = 0
    // As the user pastes: a piece per main-loop turn (ComposerView+Paste), each checked later.
    composer.paste(text, from: nil)
    while composer.isPasting || composer.isCheckingSpelling,
      g_get_monotonic_time() - began < 120_000_000
    {
      g_main_context_iteration(nil, 0)
      turns += 1
    }
    let work = composer.spellingWork
    #expect(!composer.isCheckingSpelling)
    #expect(composer.misspeltRanges.count == 1_000_000 / line.utf8.count)
    #expect(work.longestRead <= 1024, "a slice read \(work.longestRead) characters")
    #expect(work.slices >= 1_000_000 / line.utf8.count, "one slice or more per paragraph")
    #expect(work.idles > 10, "\(work.slices) slices in \(work.idles) idles")
    print(
      "1 MB checked in \((g_get_monotonic_time() - began) / 1000) ms: \(work.slices) slices, \(work.idles) idles, \(turns) turns"
    )
  }
}
