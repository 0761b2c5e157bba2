import CGtk
import GtkKit
import NatterCore
import TestSupport
import Testing

@testable import NatterUI

/// A paragraph too long to lay out in the composer (issue 13): pasted whole, shown folded.
@Suite("Composer long lines")
@MainActor
struct ComposerLongLineTests {
  private func makeComposer() throws -> (ComposerView, TestWindow) {
    try composerInWindow()
  }

  @Test func aPastedMegabyteLineIsKeptWholeAndShownFolded() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let line = String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789", count: 30_000)
    composer.paste(line, from: nil)
    MainLoop.iterate(until: { !composer.isPasting }, seconds: 60)
    #expect(!composer.isPasting, "the paste finished")
    #expect(composer.buffer.text == line, "the draft is the whole text")
    #expect(composer.visibleText.unicodeScalars.count == 2 * LongLineFold.keptAtEachEnd)
    #expect(line.hasPrefix(composer.visibleText.prefix(LongLineFold.keptAtEachEnd)))
    #expect(line.hasSuffix(composer.visibleText.suffix(LongLineFold.keptAtEachEnd)))
  }

  @Test func aPasteIntoTheMiddleOfAFoldedLineRefoldsIt() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let line = String(repeating: "abcdefghij", count: 10_000)
    composer.paste(line, from: nil)
    MainLoop.iterate(until: { !composer.isPasting }, seconds: 60)
    // The caret into the hidden middle, then a paste long enough to go in pieces.
    var iter = GtkTextIter()
    gtk_text_buffer_get_iter_at_offset(composer.buffer.buffer, &iter, 50_000)
    gtk_text_buffer_place_cursor(composer.buffer.buffer, &iter)
    let inserted = String(repeating: "0123456789", count: 8_000)
    composer.paste(inserted, from: nil)
    MainLoop.iterate(until: { !composer.isPasting }, seconds: 60)
    let whole = String(line.prefix(50_000)) + inserted + String(line.dropFirst(50_000))
    #expect(composer.buffer.text == whole)
    #expect(
      composer.visibleText == whole.prefix(LongLineFold.keptAtEachEnd)
        + whole.suffix(LongLineFold.keptAtEachEnd))
  }

  @Test func everyLongLineOfAPasteIsFoldedNotOnlyTheLast() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    // Lines of 5,000 characters: several end inside each 32 KB piece.
    let text = (0..<20).map { String(repeating: "\($0 % 10)", count: 5_000) }
      .joined(separator: "\n")
    composer.paste(text, from: nil)
    MainLoop.iterate(until: { !composer.isPasting }, seconds: 60)
    #expect(composer.buffer.text == text)
    let shown = composer.visibleText.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(shown.count == 20)
    #expect(shown.allSatisfy { $0.count == 2 * LongLineFold.keptAtEachEnd })
  }

  @Test func shortLinesAreNotFolded() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let text = (1...3_000).map { "line \($0)" }.joined(separator: "\n")
    composer.paste(text, from: nil)
    MainLoop.iterate(until: { !composer.isPasting }, seconds: 60)
    #expect(composer.buffer.text == text)
    #expect(composer.visibleText == text)
  }

  @Test func aRestoredDraftWithALongLineIsFolded() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let line = String(repeating: "x", count: 50_000)
    composer.restore(Draft(text: "first\n" + line))
    #expect(composer.foldLongLines())
    #expect(composer.buffer.text == "first\n" + line)
    #expect(composer.visibleText.unicodeScalars.count == 6 + 2 * LongLineFold.keptAtEachEnd)
  }

  @Test func aLongDraftIsReadInPiecesAndOnlyWhileUnchanged() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let text = (0..<(3 * ComposerView.draftLinesPerTurn)).map { "line \($0)" }
      .joined(separator: "\n")
    composer.restore(Draft(text: text, chips: ["long"]))
    var read: Draft?
    composer.readDraft { read = $0 }
    #expect(read == nil, "not read in one go")
    MainLoop.iterate(until: { read != nil }, seconds: 20)
    #expect(read == Draft(text: text, chips: ["long"]))

    var stale: Draft?
    composer.readDraft { stale = $0 }
    gtk_text_buffer_insert_at_cursor(composer.buffer.buffer, "!", -1)
    var fresh: Draft?
    composer.readDraft { fresh = $0 }
    MainLoop.iterate(until: { fresh != nil }, seconds: 20)
    #expect(stale == nil, "a read overtaken by an edit gives nothing")
    #expect(fresh?.text == text + "!")
  }

  @Test func aDraftRestoredInPiecesIsNotUndoneButAPasteIs() throws {
    let (composer, window) = try makeComposer()
    defer { window.close() }
    let text = String(repeating: "short line\n", count: 5_000)
    composer.paste(text, from: nil, undoable: false)
    MainLoop.iterate(until: { !composer.isPasting }, seconds: 30)
    gtk_text_buffer_undo(composer.buffer.buffer)
    #expect(composer.buffer.text == text, "Ctrl+Z does not take a restored draft away")
    composer.paste("pasted", from: nil)
    MainLoop.iterate(until: { !composer.isPasting }, seconds: 30)
    #expect(composer.buffer.text == text + "pasted")
    gtk_text_buffer_undo(composer.buffer.buffer)
    #expect(composer.buffer.text == text)
  }
}
