import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// GTK's real emoji data, and the composer's `:name` popover over it.
@Suite("Emoji completion")
@MainActor
struct EmojiCompletionViewTests {
  private func makeComposer() throws -> (ComposerView, TestWindow) {
    try composerInWindow()
  }

  private func type(_ composer: ComposerView, _ text: String) {
    composer.buffer.insert(text, at: composer.buffer.caretOffset)
  }

  @Test func gtksEnglishDataHasThumbsUpForThu() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let english = try EmojiData.english()
    #expect(english.count > 1800)
    #expect(english.contains { $0.emoji == "👍" && $0.name == "thumbs up" })
    #expect(!english.contains { $0.emoji.unicodeScalars.contains("\u{0}") }, "no skin-tone slot")
    let first = EmojiMatcher.matches("thu", in: EmojiTable(english.map(Self.entry))).first
    #expect(first?.label == "👍 thumbs up")
  }

  @Test func gtksGermanAndKoreanNamesAreMatchedBesideEnglish() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let german = try EmojiData.localized("de")
    #expect(german.count > 1800)
    let thumbsUp = try #require(german.first { $0.emoji == "👍" })
    #expect(thumbsUp.name != "thumbs up", "a German name: \(thumbsUp.name)")
    let table = EmojiCatalog.read(language: "de")
    let query = String(thumbsUp.name.prefix(4))
    #expect(EmojiMatcher.matches(query, in: table).contains { $0.emoji == "👍" }, "\(query)")
    #expect(EmojiMatcher.matches("thumbs_u", in: table).first?.emoji == "👍", "English too")
    let korean = try EmojiData.localized("ko")
    #expect(korean.count > 1800)
    #expect(throws: EmojiData.LoadError.self) { try EmojiData.localized("xx") }
  }

  @Test func typingColonAndLettersShowsThePopoverWithoutTakingTheFocus() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.focusText()
    type(composer, "ok :t")
    window.settle()
    #expect(composer.emojiCompletionLabels.isEmpty, "one letter is not enough")
    type(composer, "hu")
    window.settle()
    #expect(composer.emojiCompletionLabels.first == "👍 thumbs up")
    #expect(composer.emojiCompletionLabels.count <= EmojiMatcher.limit)
    #expect(composer.textHasFocus, "the composer keeps the keyboard")
    type(composer, "zzz")
    window.settle()
    #expect(composer.emojiCompletionLabels.isEmpty, "no match hides it")
  }

  @Test func theFocusLeavingTheTextHidesIt() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.focusText()
    type(composer, "ok :thu")
    window.settle()
    #expect(composer.emojiCompletionLabels.first == "👍 thumbs up")
    let root = try #require(gtk_widget_get_root(composer.widget))
    gtk_root_set_focus(root, nil)
    window.settle()
    #expect(!composer.textHasFocus)
    #expect(composer.emojiCompletionLabels.isEmpty, "hidden once the text lost the keyboard")
    composer.focusText()
    window.settle()
    #expect(composer.emojiCompletionLabels.isEmpty, "not back until typing goes on")
    type(composer, "m")
    window.settle()
    #expect(composer.emojiCompletionLabels.first == "👍 thumbs up")
  }

  @Test func enterInsertsInsteadOfSendingAsOneUndoStep() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    var sent: [Message] = []
    composer.onSend = { message in
      sent.append(message)
      return true
    }
    composer.focusText()
    type(composer, ":thu")
    window.settle()
    composer.pressForTesting(.enter)
    #expect(sent.isEmpty, "Enter inserted rather than sent")
    #expect(composer.buffer.text == "👍")
    #expect(composer.emojiCompletionLabels.isEmpty)
    gtk_text_buffer_undo(composer.buffer.buffer)
    #expect(composer.buffer.text == ":thu", "one undo step puts the name back")
    gtk_text_buffer_redo(composer.buffer.buffer)
    composer.pressForTesting(.enter)
    #expect(sent.map(\.body) == ["👍"])
  }

  @Test func downThenTabInsertsTheSecondAndEscapeOnlyDismisses() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.focusText()
    type(composer, "a :thu")
    window.settle()
    let second = try #require(composer.emoji.matches.dropFirst().first)
    composer.pressForTesting(.down)
    composer.pressForTesting(.tab)
    #expect(composer.buffer.text == "a " + second.emoji)
    type(composer, " :thu")
    window.settle()
    composer.pressForTesting(.escape)
    #expect(composer.emojiCompletionLabels.isEmpty)
    #expect(composer.buffer.text == "a \(second.emoji) :thu", "the text stays")
    type(composer, "m")
    window.settle()
    #expect(composer.emojiCompletionLabels.isEmpty, "dismissed until the trigger is gone")
  }

  @Test func anInputMethodsCompositionHidesIt() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.focusText()
    type(composer, ":thu")
    window.settle()
    #expect(!composer.emojiCompletionLabels.isEmpty)
    composer.inputMethodPreeditChanged("ㅎ")
    composer.updateEmojiCompletion()
    #expect(composer.emojiCompletionLabels.isEmpty)
  }

  private static func entry(_ data: EmojiData.Entry) -> EmojiEntry {
    EmojiEntry(emoji: data.emoji, name: data.name, keywords: data.keywords)
  }
}
