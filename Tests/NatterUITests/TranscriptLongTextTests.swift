import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterStore
import TestSupport
import Testing

@testable import NatterUI

/// Long bodies in the transcript (issue 13): folded rows, `Show more`, capped tag chips.
@Suite("Transcript long text")
@MainActor
struct TranscriptLongTextTests {
  private let store: MessageStore
  private let transcript: TranscriptView
  private let window: TestWindow

  init() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    store = try TranscriptFixtures.store(count: 20)
    transcript = TranscriptView(store: store)
    window = TestWindow(child: transcript.widget, width: 600, height: 500)
    window.settle()
  }

  /// Stores and shows `body`, then waits until its row is bound.
  private func show(_ body: String, tags: [String] = []) throws -> TranscriptRow {
    let message = Message(sender: "dora", sentAt: Date(), body: body, tags: tags)
    try store.insert(message)
    transcript.append(message, own: false)
    let position = transcript.model.count - 1
    MainLoop.iterate(until: { transcript.row(at: position) != nil }, seconds: 10)
    window.settle()
    return try #require(transcript.row(at: position), "the new row is bound")
  }

  private func labelText(_ row: TranscriptRow) -> String {
    string(gtk_label_get_text(row.bodyLabel)) ?? ""
  }

  @Test func aShortMessageShowsWholeWithoutShowMore() throws {
    defer { window.close() }
    let row = try show("just a few words")
    #expect(labelText(row) == "just a few words")
    #expect(row.visibleShowMoreButton == nil)
  }

  @Test(arguments: [
    String(repeating: "abcdefghij", count: 10_000),
    (1...10_000).map { "line \($0)" }.joined(separator: "\n"),
    String(repeating: "word ", count: 20_000) + "end",
    String(repeating: "e\u{0301}\u{0323}", count: 30_000),
    String(repeating: "abc العربية 漢字 Привет हिन्दी ", count: 3_000),
  ])
  func aLongMessageIsFoldedWithShowMore(body: String) throws {
    defer { window.close() }
    let row = try show(body)
    let preview = MessageFold.preview(of: body)
    #expect(preview.isFolded)
    #expect(labelText(row) == preview.text)
    let button = try #require(row.visibleShowMoreButton, "Show more under a folded body")
    #expect(gtk_widget_get_focusable(button.widget) != 0, "reachable with the keyboard")
    #expect(gtk_widget_get_mapped(button.widget) != 0)
  }

  @Test func showMoreOpensTheWholeTextAndCopiesTheOriginal() throws {
    defer { window.close() }
    let body = String(repeating: "0123456789", count: 50_000)  // 500,000 unbroken characters
    let row = try show(body)
    let button = try #require(row.visibleShowMoreButton)
    // Activating a button clicks it after its press animation.
    gtk_widget_activate(button.widget)
    MainLoop.iterate(until: { transcript.viewer != nil }, seconds: 5)
    let viewer = try #require(transcript.viewer, "Show more opened a viewer")
    defer { viewer.close() }
    #expect(gtk_widget_get_visible(viewer.widget) != 0)
    MainLoop.iterate(until: { viewer.isComplete }, seconds: 60)
    #expect(viewer.isComplete, "every piece arrived")
    let shown = viewer.shownText
    #expect(shown == viewer.display.text)
    #expect(shown.split(separator: "\n").allSatisfy { $0.count <= DisplayText.maxParagraphScalars })
    #expect(viewer.display.original(from: 0, to: shown.unicodeScalars.count) == body)
  }

  /// The main window closing takes an open viewer with it, and lets go of it whole.
  @Test func aViewerGoesWithItsParentWindow() throws {
    defer { window.close() }
    let parent: UnsafeMutablePointer<GtkWindow> = try #require(cast(gtk_window_new()))
    gtk_window_present(parent)
    let message = Message(
      sender: "dora", sentAt: Date(), body: String(repeating: "0123456789", count: 1_000))
    weak let viewer = MessageViewer.present(message, transientFor: parent)
    MainLoop.iterate(
      until: { viewer.map { gtk_widget_get_mapped($0.widget) != 0 } ?? true }, seconds: 5)
    #expect(viewer != nil)
    let complaints = GObjectComplaints {
      $0.contains("invalid (NULL) class pointer") || $0.contains("G_TYPE_CHECK_INSTANCE")
    }
    defer { complaints.stop() }
    gtk_window_destroy(parent)
    MainLoop.iterate(until: { viewer == nil }, seconds: 5)
    #expect(viewer == nil, "no longer held once its window is gone")
    #expect(complaints.messages.isEmpty, "\(complaints.messages)")
  }

  @Test func tenThousandTagsShowTwentyChipsAndACount() throws {
    defer { window.close() }
    let tags = (0..<10_000).map { "t\($0)" }
    let row = try show("tagged", tags: tags)
    #expect(row.shownTagWidgets == MessageFold.maxTags + 1)
  }
}
