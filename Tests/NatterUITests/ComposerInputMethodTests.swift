import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// An input method like ibus with ibus-hangul: it claims every key it is given, and composes,
/// commits and hands keys back when it likes — at once, or later (asynchronously).
@MainActor
private final class FakeInputMethod {
  let composer: ComposerView
  private(set) var preedit = ""
  /// How many keys the composer gave it.
  private(set) var keysSeen = 0
  /// Commit the composition while the key is being filtered (ibus' default on GTK 4), rather
  /// than when the test says.
  var commitsAtOnce = false
  /// Types this after the commit, as ibus-hangul's forwarded Space arrives.
  var typesAfterCommit: String?

  init(_ composer: ComposerView) {
    self.composer = composer
    composer.filterWithInputMethod = { [unowned self] _ in
      keysSeen += 1
      if commitsAtOnce { commit() }
      return true
    }
  }

  func compose(_ text: String) {
    preedit = text
    composer.inputMethodPreeditChanged(text)
  }

  /// Ends the composition the way GTK reports it: the preedit goes, then the text comes.
  func commit() {
    let text = preedit
    compose("")
    gtk_text_buffer_insert_interactive_at_cursor(composer.buffer.buffer, text, -1, 1)
    if let typesAfterCommit {
      gtk_text_buffer_insert_interactive_at_cursor(composer.buffer.buffer, typesAfterCommit, -1, 1)
    }
  }
}

@Suite("Composer with an input method")
@MainActor
struct ComposerInputMethodTests {
  private func makeComposer() throws -> (ComposerView, TestWindow, FakeInputMethod) {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let composer = ComposerView(controller: ComposerController(sender: "me"))
    let window = TestWindow(child: composer.widget, width: 600, height: 200)
    return (composer, window, FakeInputMethod(composer))
  }

  /// Types committed text at the caret, as a finished syllable arrives.
  private func type(_ composer: ComposerView, _ text: String) {
    gtk_text_buffer_insert_interactive_at_cursor(composer.buffer.buffer, text, -1, 1)
  }

  /// Lets idle callbacks run (an asynchronous commit's follow-up runs in one).
  private func settle() { MainLoop.iterate() }

  @Test(arguments: [false, true])
  func enterCommitsTheSyllableAndTheNextEnterSendsIt(commitsAtOnce: Bool) throws {
    let (composer, window, ime) = try makeComposer()
    defer { window.close() }
    var sent: [String] = []
    composer.onSend = {
      sent.append($0.body)
      return true
    }
    ime.commitsAtOnce = commitsAtOnce
    type(composer, "안녕하세")
    ime.compose("요")
    composer.pressForTesting(.enter)
    if !commitsAtOnce { ime.commit() }
    settle()
    #expect(sent.isEmpty, "the Enter that commits never sends")
    #expect(composer.buffer.text == "안녕하세요", "no stray newline, no syllable twice")
    #expect(ime.keysSeen == 1)
    composer.pressForTesting(.enter)
    #expect(sent == ["안녕하세요"])
    #expect(ime.keysSeen == 1, "an Enter with nothing composing never reaches the input method")
    #expect(composer.buffer.text.isEmpty)
  }

  @Test func ctrlEnterSendsWithThePreferenceAndEnterThenMakesALine() throws {
    let (composer, window, ime) = try makeComposer()
    defer { window.close() }
    var sent: [String] = []
    composer.onSend = {
      sent.append($0.body)
      return true
    }
    composer.sendKey = .controlEnter
    type(composer, "안")
    ime.compose("녕")
    composer.pressForTesting(.enter)
    ime.commit()
    settle()
    #expect(composer.buffer.text == "안녕\n", "Enter commits, then makes the new line")
    ime.compose("요")
    composer.pressForTesting(.enter, modifiers: .control)
    ime.commit()
    settle()
    #expect(sent.isEmpty)
    composer.pressForTesting(.enter, modifiers: .control)
    #expect(sent == ["안녕\n요"])
  }

  @Test(arguments: [false, true])
  func shiftEnterCommitsThenMakesANewLine(commitsAtOnce: Bool) throws {
    let (composer, window, ime) = try makeComposer()
    defer { window.close() }
    ime.commitsAtOnce = commitsAtOnce
    type(composer, "안")
    ime.compose("녕")
    composer.pressForTesting(.enter, modifiers: .shift)
    if !commitsAtOnce {
      settle()
      #expect(composer.buffer.text == "안", "nothing follows before the commit")
      ime.commit()
    }
    settle()
    #expect(composer.buffer.text == "안녕\n")
    #expect(composer.buffer.caretOffset == 3)
  }

  /// ibus-hangul commits on Space and hands the Space back; GTK 4 may type it or drop it.
  @Test(arguments: [nil, " "] as [String?])
  func spaceAfterAComposedHashtagMakesAChip(typedBack: String?) throws {
    let (composer, window, ime) = try makeComposer()
    defer { window.close() }
    ime.commitsAtOnce = true
    ime.typesAfterCommit = typedBack
    type(composer, "#한국")
    ime.compose("어")
    composer.pressForTesting(.space)
    settle()
    #expect(composer.chipTags == ["한국어"])
    #expect(composer.buffer.text.isEmpty, "the Space is used up by the chip")
    ime.compose("안")
    composer.pressForTesting(.space)
    settle()
    #expect(composer.buffer.text == "안 ", "without a hashtag the Space is typed once")
    #expect(composer.chipTags == ["한국어"])
  }

  @Test func backspaceAtTheStartRemovesTheChipWithoutTheInputMethod() throws {
    let (composer, window, ime) = try makeComposer()
    defer { window.close() }
    composer.restore(Draft(text: "", chips: ["한국어", "swift"]))
    composer.pressForTesting(.backspace)
    #expect(composer.chipTags == ["한국어"])
    #expect(ime.keysSeen == 0)
  }

  @Test func escapeAndUpWhileComposingOnlyEndTheComposition() throws {
    let (composer, window, ime) = try makeComposer()
    defer { window.close() }
    let last = Message(sender: "me", sentAt: .init(timeIntervalSince1970: 0), body: "earlier")
    composer.lastOwnMessage = { last }
    ime.compose("ㅇ")
    composer.pressForTesting(.up)
    #expect(!composer.controller.isEditing, "Up with a composition is the input method's")
    ime.compose("")
    composer.pressForTesting(.up)
    #expect(composer.controller.isEditing, "Up in an empty composer edits the last message")
    #expect(composer.buffer.text == "earlier")
    ime.compose("아")
    composer.pressForTesting(.escape)
    ime.commit()
    settle()
    #expect(composer.controller.isEditing, "Escape ended the composition, not the edit")
    composer.pressForTesting(.escape)
    #expect(!composer.controller.isEditing)
  }

  /// ibus-gtk4 with no daemon hands keys to GTK's own composition but reports its preedit as
  /// empty; Enter must still commit, not send half a word.
  @Test func enterCommitsACompositionWhosePreeditIsHidden() throws {
    let (composer, window, ime) = try makeComposer()
    defer { window.close() }
    var sent: [String] = []
    composer.onSend = {
      sent.append($0.body)
      return true
    }
    type(composer, "caf")
    ime.compose("")  // Ctrl+Shift+U, e, 9: a preedit change with no text shown
    ime.typesAfterCommit = "é"
    ime.commitsAtOnce = true
    composer.pressForTesting(.enter)
    settle()
    #expect(sent.isEmpty)
    #expect(composer.buffer.text == "café")
    composer.pressForTesting(.enter)
    #expect(sent == ["café"])
  }
}
