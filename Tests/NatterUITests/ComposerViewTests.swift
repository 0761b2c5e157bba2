import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

@Suite("ComposerView")
@MainActor
struct ComposerViewTests {
  private func makeComposer(width: Int32 = 720) throws -> (ComposerView, TestWindow) {
    try composerInWindow(width: width)
  }

  /// Types at the caret the way the text view does: an insertion the buffer reports.
  private func type(_ composer: ComposerView, _ text: String) {
    composer.buffer.insert(text, at: composer.buffer.caretOffset)
  }

  private func height(
    _ composer: ComposerView, _ window: TestWindow, text: String
  ) -> Int {
    composer.buffer.setText(text)
    window.settle()
    return composer.textAreaHeight
  }

  @Test func growsOneLineAtATimeUpToThreeThenScrolls() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let lines = (0...6).map { count in
      height(composer, window, text: (0..<count).map { "line \($0)" }.joined(separator: "\n"))
    }
    // 0 and 1 lines are both one line tall.
    #expect(lines[0] == lines[1])
    #expect(lines[1] < lines[2])
    #expect(lines[2] < lines[3])
    #expect(lines[3] == lines[4])
    #expect(lines[4] == lines[6])
    // Each added line adds the same height.
    #expect(lines[3] - lines[2] == lines[2] - lines[1])
    #expect(height(composer, window, text: "") == lines[1], "deleting back restores one line")
    print("composer heights for 0…6 lines: \(lines)")
  }

  @Test func maxLinesPreferenceCapsTheHeight() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let one = height(composer, window, text: "x")
    let two = height(composer, window, text: "x\ny")
    composer.maxLines = 5
    let five = height(composer, window, text: (1...8).map(String.init).joined(separator: "\n"))
    composer.maxLines = 1
    let capped = height(composer, window, text: "a\nb\nc")
    #expect(five == one + 4 * (two - one))
    #expect(capped == one)
  }

  @Test func longParagraphWrapsToMoreLinesInANarrowWindow() throws {
    let paragraph = String(repeating: "wrap these words please ", count: 6)
    let (narrow, narrowWindow) = try makeComposer(width: 360)
    defer { narrowWindow.close() }
    let (wide, wideWindow) = try makeComposer(width: 1200)
    defer { wideWindow.close() }
    let narrowHeight = height(narrow, narrowWindow, text: paragraph)
    let wideHeight = height(wide, wideWindow, text: paragraph)
    #expect(narrowHeight > wideHeight)
  }

  @Test func rewrapsWhenItsWidthChanges() throws {
    let (composer, window) = try makeComposer(width: 1300)
    defer { window.close() }
    gtk_widget_set_halign(composer.widget, GTK_ALIGN_START)
    gtk_widget_set_size_request(composer.widget, 1200, -1)
    let wide = height(composer, window, text: String(repeating: "re-wrap me ", count: 12))
    // The text view re-wraps in an idle after the new width's layout: on a loaded machine that
    // can take more than the two frames settle() waits for.
    gtk_widget_set_size_request(composer.widget, 360, -1)
    #expect(Wait.until { composer.textAreaHeight > wide }, "narrowing grows it")
    gtk_widget_set_size_request(composer.widget, 1200, -1)
    #expect(Wait.until { composer.textAreaHeight == wide }, "widening shrinks it back")
  }

  @Test func followsAFontChange() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let three = "a\nb\nc"
    let before = height(composer, window, text: three)
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, ".composer-text { font-size: 32px; }", -1)
    let display = try #require(gdk_display_get_default())
    gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), 900)
    defer {
      gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider))
      g_object_unref(provider)
    }
    // Restyling, re-layout, the reflow idle and the resize take several frames.
    let grew = Wait.until { composer.textAreaHeight > before * 3 / 2 }
    let after = composer.textAreaHeight
    #expect(grew, "three lines of a larger font need a taller composer")
    #expect(height(composer, window, text: "a\nb\nc\nd\ne") == after, "still capped at three")
  }

  @Test func sendIsEnabledExactlyWhenThereIsSomethingToSend() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    #expect(!composer.canSend)
    composer.buffer.setText("  \n ")
    #expect(!composer.canSend)
    composer.buffer.setText("hi")
    #expect(composer.canSend)
    composer.buffer.setText(String(repeating: "a", count: ComposerController.characterLimit))
    #expect(composer.canSend)
    #expect(composer.noticeText == nil)
    composer.buffer.insert("b", at: 0)
    #expect(!composer.canSend)
    #expect(composer.noticeText?.contains("100,001") == true)
    composer.buffer.setText("")
    #expect(!composer.canSend)
  }

  @Test func chipsAppearAreRemovedAndTheRowHidesWhenEmpty() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    #expect(composer.chipTags.isEmpty)
    composer.restore(Draft(text: "draft", chips: ["swift", "gtk"]))
    window.settle()
    #expect(composer.chipTags == ["swift", "gtk"])
    #expect(composer.buffer.text == "draft")
    #expect(composer.buffer.caretOffset == 5, "a restored draft puts the caret at the end")
    composer.buffer.placeCaret(at: 0)
    composer.pressForTesting(.backspace)
    #expect(composer.chipTags == ["swift"])
    composer.pressForTesting(.backspace)
    #expect(composer.chipTags.isEmpty)
  }

  @Test func twentyChipsFitTheTwentyFirstIsRefusedWithANoticeAndTheNewestStaysInView() throws {
    let (composer, window) = try makeComposer(width: 360)
    defer { window.close() }
    for index in 1...20 {
      type(composer, "#tag\(index)")
      composer.pressForTesting(.space)
    }
    window.settle()
    #expect(composer.chipTags.count == 20)
    #expect(composer.chipRowShowsNewest, "the row scrolls to keep the newest chip in view")
    #expect(composer.noticeText == nil)
    type(composer, "#tag21")
    composer.pressForTesting(.space)
    #expect(composer.chipTags.count == 20)
    #expect(composer.noticeText == ComposerController.fullNotice)
    #expect(composer.buffer.text == "#tag21", "a refused tag stays in the text")
  }

  @Test func sendingReturnsToOneLineAndKeepsFocus() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.onSend = { _ in true }
    composer.focusText()
    let one = height(composer, window, text: "")
    let three = height(composer, window, text: "a\nb\nc")
    #expect(three > one)
    composer.pressForTesting(.enter)
    window.settle()
    #expect(composer.textAreaHeight == one)
    #expect(composer.textHasFocus)
  }

  @Test func sendStoresThenClearsAndAFailedStoreKeepsEverything() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    var sent: [Message] = []
    var storeWorks = false
    composer.onSend = { message in
      guard storeWorks else { return false }
      sent.append(message)
      return true
    }
    composer.restore(Draft(text: "  keep me #later", chips: ["now"]))
    composer.pressForTesting(.enter)
    #expect(sent.isEmpty)
    #expect(composer.buffer.text == "  keep me #later", "a failed store loses no word")
    #expect(composer.chipTags == ["now"])
    storeWorks = true
    composer.pressForTesting(.enter)
    #expect(sent.map(\.body) == ["keep me"])
    #expect(sent.first?.tags == ["now", "later"])
    #expect(composer.buffer.text == "")
    #expect(composer.chipTags.isEmpty)
    #expect(!composer.canSend)
  }

  /// Pastes `text` through the clipboard and the text view's own paste action, as Ctrl+V does.
  private func pasteThroughClipboard(
    _ text: String, into composer: ComposerView, _ window: TestWindow
  ) throws {
    let display = try #require(gtk_widget_get_display(composer.widget))
    gdk_clipboard_set_text(gdk_display_get_clipboard(display), text)
    var done = false
    let handler = Signal.connect(raw(composer.buffer.buffer), "paste-done") {
      (_: Signal.Pointer?) in done = true
    }
    defer { Signal.disconnect(raw(composer.buffer.buffer), handler) }
    activateAction("clipboard.paste", from: composer.textView.widget)
    MainLoop.iterate(until: { done }, seconds: 20)
    #expect(done, "the paste finished")
  }

  @Test func aLongPasteArrivesWholeReplacesTheSelectionAndUndoesInOneStep() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.buffer.setText("keep [replace me] keep")
    var start = composer.buffer.iter(at: 5)
    var end = composer.buffer.iter(at: 17)
    gtk_text_buffer_select_range(composer.buffer.buffer, &start, &end)
    let line = "a pasted line with ünïcödé and 日本語\n"
    let pasted = String(repeating: line, count: 300_000 / line.utf8.count)
    try pasteThroughClipboard(pasted, into: composer, window)
    #expect(composer.buffer.text == "keep " + pasted + " keep")
    #expect(!composer.canSend, "over the limit after the paste")
    gtk_text_buffer_undo(composer.buffer.buffer)
    window.settle()
    #expect(composer.buffer.text == "keep [replace me] keep", "one undo takes the paste back")
    #expect(composer.canSend, "the controller followed the undo")
  }

  @Test func aChipFocusedByTabOrClickIsRemovedWithDelete() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    composer.restore(Draft(text: "", chips: ["one", "two", "three"]))
    window.settle()
    composer.chipRow.focus(index: 1)  // as Tab or a click would
    composer.pressInChipRowForTesting(.delete)
    #expect(composer.chipTags == ["one", "three"])
    composer.pressInChipRowForTesting(.backspace)
    #expect(composer.chipTags.count == 1)
  }

  @Test func enterDuringALongPasteSendsNothingAndTheWholeTextArrives() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    var sent: [Message] = []
    composer.onSend = {
      sent.append($0)
      return true
    }
    let pasted = String(repeating: "line of a long paste\n", count: 4_000)
    let display = try #require(gtk_widget_get_display(composer.widget))
    gdk_clipboard_set_text(gdk_display_get_clipboard(display), pasted)
    var done = false
    Signal.connect(raw(composer.buffer.buffer), "paste-done") { (_: Signal.Pointer?) in
      done = true
    }
    activateAction("clipboard.paste", from: composer.textView.widget)
    // One main-loop turn at a time, to stop while the paste is under way.
    let deadline = g_get_monotonic_time() + 5_000_000
    while !composer.isPasting && !done && g_get_monotonic_time() < deadline {
      g_main_context_iteration(nil, 0)
    }
    #expect(composer.isPasting, "an 84 KB paste goes in over several turns")
    composer.pressForTesting(.enter)
    #expect(sent.isEmpty, "half a paste is never sent")
    #expect(!composer.canSend)
    // Typing (as an input method commits it) and deleting are refused until the paste is in.
    let textBuffer = composer.buffer.buffer
    gtk_text_buffer_insert_interactive_at_cursor(textBuffer, "typed", -1, 1)
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(textBuffer, &start, &end)
    gtk_text_buffer_delete_interactive(textBuffer, &start, &end, 1)
    #expect(composer.isPasting)
    MainLoop.iterate(until: { done }, seconds: 20)
    #expect(composer.buffer.text == pasted)
    #expect(composer.canSend)
    composer.pressForTesting(.enter)
    #expect(sent.count == 1)
  }

  @Test func pastingFiveMegabytesKeepsEveryCharacterAndDisablesSend() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let line = String(repeating: "0123456789", count: 10) + "\n"
    let text = String(repeating: line, count: 5 * 1024 * 1024 / line.utf8.count)
    try pasteThroughClipboard(text, into: composer, window)
    #expect(!composer.isPasting, "the paste finished")
    #expect(composer.buffer.text.utf8.count == text.utf8.count)
    #expect(!composer.canSend)
    #expect(composer.noticeText?.contains("over the limit") == true)
    #expect(composer.textAreaHeight == height(composer, window, text: "a\nb\nc"))
  }
}
