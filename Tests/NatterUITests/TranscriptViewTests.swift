import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterStore
import TestSupport
import Testing

@testable import NatterUI

/// A window holding a transcript (and optionally a real composer under it), like MainWindow.
@MainActor
private final class TranscriptHarness {
  let store: MessageStore
  let transcript: TranscriptView
  let composer: ComposerView?
  let window: UnsafeMutablePointer<GtkWidget>

  init(history count: Int, withComposer: Bool = false, width: Int32 = 420, height: Int32 = 320)
    throws
  {
    store = try TranscriptFixtures.store(count: count)
    transcript = TranscriptView(store: store)
    composer = withComposer ? ComposerView(controller: ComposerController(sender: "me")) : nil
    window = try #require(gtk_window_new())
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_box_append(cast(box), transcript.widget)
    if let composer { gtk_box_append(cast(box), composer.widget) }
    gtk_window_set_child(cast(window), box)
    gtk_window_set_default_size(cast(window), width, height)
    gtk_window_present(cast(window))
    settle()
  }

  isolated deinit {
    gtk_window_destroy(cast(window))
  }

  /// Lets GTK lay out, measure rows and run the transcript's scroll corrections: three
  /// painted frames, each after the idle work the one before it scheduled.
  func settle() {
    Wait.frames(3, of: window)
  }

  /// Runs the main loop until `condition` holds (or ten seconds pass); returns whether it does.
  @discardableResult
  func wait(until condition: @MainActor () -> Bool) -> Bool {
    Wait.until(condition)
  }

  var count: Int { transcript.model.count }

  /// Stores and shows a new message, as MainWindow does.
  @discardableResult
  func send(_ body: String, own: Bool = false) throws -> Message {
    let message = Message(sender: own ? "me" : "dora", sentAt: Date(), body: body)
    try store.insert(message)
    transcript.append(message, own: own)
    return message
  }

  /// Whether the row at `position` lies entirely inside the visible part of the list.
  func isFullyVisible(_ position: Int) -> Bool {
    // The list keeps some unmapped rows around; only mapped ones are on screen.
    guard let row = transcript.row(at: position), gtk_widget_get_mapped(row.widget) != 0 else {
      return false
    }
    var bounds = graphene_rect_t()
    guard gtk_widget_compute_bounds(row.widget, transcript.scroller.widget, &bounds) != 0 else {
      return false
    }
    let viewport = Float(gtk_widget_get_height(transcript.scroller.widget))
    return bounds.size.height > 0 && bounds.origin.y >= -0.5
      && bounds.origin.y + bounds.size.height <= viewport + 0.5
  }

  var metrics: ScrollMetrics? { transcript.metrics }
  var jumpButtonShows: Bool { transcript.jumpButton.isVisible }
  var jumpButtonLabel: String? {
    string(gtk_button_get_label(transcript.jumpButton.typed()))
  }
}

@Suite("TranscriptView")
@MainActor
struct TranscriptViewTests {
  init() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
  }

  @Test func opensAtTheNewestMessage() throws {
    let harness = try TranscriptHarness(history: 200)
    #expect(harness.wait { harness.isFullyVisible(199) })
    #expect(!harness.jumpButtonShows)
    #expect(!harness.isFullyVisible(0))
  }

  @Test func anEmptyTranscriptSaysSoUntilTheFirstMessage() throws {
    let harness = try TranscriptHarness(history: 0)
    let placeholder = harness.transcript.placeholder
    #expect(placeholder.isVisible)
    #expect(string(gtk_label_get_text(placeholder.opaque)) == "No messages yet")
    try harness.send("hello")
    #expect(!placeholder.isVisible, "the first message takes its place")
    harness.transcript.openSearch()
    harness.transcript.filter(byTag: "nothing")
    #expect(placeholder.isVisible)
    #expect(string(gtk_label_get_text(placeholder.opaque)) == "No messages match")
    harness.transcript.closeSearch()
    #expect(!placeholder.isVisible)
  }

  @Test func theFirstFrameHasOnlyTheNewestRowsAndTheRestFollow() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let store = try TranscriptFixtures.store(count: 5_000)
    let screen = FirstScreen(height: 320, width: 420, lineHeight: 17)
    let transcript = TranscriptView(store: store, screen: screen)
    #expect(transcript.model.count < screen.mostRows, "only the rows that fill the viewport")
    let window = Widget(gtk_window_new())
    gtk_window_set_default_size(window.typed(), 420, 320)
    gtk_window_set_child(window.typed(), transcript.widget)
    gtk_window_present(window.typed())
    defer { gtk_window_destroy(window.typed()) }
    let joined = Wait.until { transcript.model.count == 5_000 }
    #expect(joined, "the older rows join once the window has painted")
    let shown = Wait.until {
      transcript.row(at: 4_999).map { gtk_widget_get_mapped($0.widget) != 0 } ?? false
    }
    #expect(shown, "still at the newest message")
    let last = try #require(transcript.row(at: 4_999))
    #expect(string(gtk_label_get_text(last.bodyLabel))?.isEmpty == false)
  }

  /// Issue 19: the first frame has only the rows its viewport shows, and they fill it, with the
  /// real font, for histories of short, long, tagged and grouped messages alike.
  @Test(arguments: TranscriptFixtures.Shape.allCases)
  func theFirstFrameIsFilledWithFewRows(_ shape: TranscriptFixtures.Shape) throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    // The row heights FirstScreen bounds are natter.css's.
    try GtkTestEnvironment.useAppStylesheet()
    let store = try TranscriptFixtures.store(count: 2_000, shape: shape)
    let composer = ComposerView(controller: ComposerController(sender: "me"))
    let line = Int(composer.lineHeight())
    let transcript = TranscriptView(
      store: store, screen: FirstScreen(height: 400, width: 420, lineHeight: line))
    let window = Widget(gtk_window_new())
    gtk_window_set_default_size(window.typed(), 420, 400)
    gtk_window_set_child(window.typed(), transcript.widget)
    var firstFrame: (rows: Int, covered: Double, page: Double)?
    Signal.connect(window.pointer, "realize") {
      guard let clock = gtk_widget_get_frame_clock(window.widget) else { return }
      Signal.connect(raw(clock), "after-paint") {
        guard firstFrame == nil, let adjustment = transcript.adjustment else { return }
        // The rows' extent inside the scroller: from the top of the highest to the bottom of
        // the lowest.
        var top = Double.infinity
        var bottom = -Double.infinity
        for row in transcript.rows.values where gtk_widget_get_mapped(row.widget) != 0 {
          var bounds = graphene_rect_t()
          guard gtk_widget_compute_bounds(row.widget, transcript.scroller.widget, &bounds) != 0
          else { continue }
          top = min(top, Double(bounds.origin.y))
          bottom = max(bottom, Double(bounds.origin.y + bounds.size.height))
        }
        firstFrame = (
          transcript.model.count, bottom - top, gtk_adjustment_get_page_size(adjustment)
        )
      }
    }
    gtk_window_present(window.typed())
    defer { gtk_window_destroy(window.typed()) }
    #expect(Wait.until { firstFrame != nil })
    let frame = try #require(firstFrame)
    #expect(frame.rows < 2_000, "the older rows wait for the first frame")
    #expect(frame.page > 0)
    #expect(frame.covered >= frame.page, "no empty band above the oldest row: \(frame)")
  }

  /// Issue 19: a body asks for BodyMinimumWidth across, without measuring its text (GTK 4.8
  /// would lay it out twice more for that), and a 360 px window still holds it.
  @Test func aBodyAsksForTheMinimumWidthTheNarrowestWindowLeaves() throws {
    let harness = try TranscriptHarness(history: 3, width: 360)
    let row = try #require(harness.transcript.row(at: 2))
    var minimum: Int32 = 0
    var natural: Int32 = 0
    gtk_widget_measure(
      UnsafeMutablePointer(row.bodyLabel), GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural,
      nil, nil)
    #expect(Int(minimum) == BodyMinimumWidth.pixels)
    #expect(natural == minimum)
    var windowMinimum: Int32 = 0
    gtk_widget_measure(
      harness.window, GTK_ORIENTATION_HORIZONTAL, -1, &windowMinimum, nil, nil, nil)
    #expect(windowMinimum <= 360)
  }

  @Test func theTimeTooltipGivesTheFullDate() throws {
    let harness = try TranscriptHarness(history: 0)
    // 2026-11-29 18:55:41 UTC, a Sunday: day, date and seconds all show in the full form.
    let sentAt = Date(timeIntervalSince1970: 1_795_978_541)
    let message = Message(sender: "dora", sentAt: sentAt, body: "when?")
    try harness.store.insert(message)
    harness.transcript.append(message, own: false)
    #expect(harness.wait { harness.transcript.row(at: 0)?.timeTooltip != nil })
    let full = DateFormatter()
    full.dateStyle = .full
    full.timeStyle = .medium
    #expect(harness.transcript.row(at: 0)?.timeTooltip == full.string(from: sentAt))
  }

  @Test func appendingAtTheBottomKeepsTheLastRowFullyVisible() throws {
    let harness = try TranscriptHarness(history: 50)
    #expect(harness.isFullyVisible(49))
    for i in 0..<3 {
      try harness.send(
        "a longer message number \(i) that wraps " + String(repeating: "word ", count: 40))
      #expect(harness.wait { harness.isFullyVisible(harness.count - 1) })
    }
    #expect(harness.count == 53)
    #expect(!harness.jumpButtonShows)
  }

  /// Issue 32: the frame right after a message is appended already shows it whole, short or
  /// wrapping, not the frame after.
  @Test func aMessageAppendedAtTheBottomIsWhollyInTheVeryNextFrame() throws {
    let harness = try TranscriptHarness(history: 50)
    let clock = try #require(gtk_widget_get_frame_clock(harness.window))
    var shownInNextFrame: [Bool] = []
    var awaited: Int?
    let handler = Signal.connect(raw(clock), "after-paint") {
      guard let position = awaited else { return }
      awaited = nil
      shownInNextFrame.append(harness.isFullyVisible(position))
    }
    defer { Signal.disconnect(raw(clock), handler) }
    for i in 0..<6 {
      let body =
        i.isMultiple(of: 2) ? "short \(i)" : "wraps \(i) " + String(repeating: "word ", count: 40)
      try harness.send(body, own: true)
      awaited = harness.count - 1
      #expect(harness.wait { awaited == nil })
      harness.settle()
    }
    #expect(shownInNextFrame == Array(repeating: true, count: 6))
  }

  @Test func appendingAfterScrollingUpLeavesTheViewAndCountsNewMessages() throws {
    let harness = try TranscriptHarness(history: 100)
    harness.transcript.scroll(.scrollPageUp)
    #expect(harness.wait { harness.jumpButtonShows })
    harness.settle()
    let before = try #require(harness.metrics)
    #expect(harness.jumpButtonLabel == "↓ Latest")

    try harness.send("one")
    try harness.send("two", own: true)
    try harness.send("three")
    #expect(harness.wait { harness.jumpButtonLabel == "↓ 3 new" })
    harness.settle()  // laid out and painted: had the view moved, it would have by now
    #expect(harness.metrics?.value == before.value)
    #expect(harness.jumpButtonShows)
    #expect(!harness.isFullyVisible(102))

    gtk_widget_activate(harness.transcript.jumpButton.widget)
    #expect(harness.wait { harness.isFullyVisible(102) })
    #expect(!harness.jumpButtonShows)
  }

  @Test func growingTheComposerToThreeLinesKeepsTheLastRowVisible() throws {
    let harness = try TranscriptHarness(history: 80, withComposer: true)
    let composer = try #require(harness.composer)
    let oneLine = composer.textAreaHeight
    #expect(harness.isFullyVisible(79))

    composer.restore(Draft(text: "first line\nsecond line\nthird line", chips: []))
    let grew = harness.wait { composer.textAreaHeight == 3 * oneLine }
    #expect(grew, "the composer grew by two lines")
    harness.settle()
    #expect(harness.wait { harness.isFullyVisible(79) })
    #expect(!harness.jumpButtonShows)
  }

  @Test func markupInABodyShowsLiterally() throws {
    let harness = try TranscriptHarness(history: 0)
    let plain = try harness.send("<b>x</b> & <i>")
    let linked = try harness.send("<b>y</b> see https://a.org/?q=<i>&r=1 & more")
    harness.wait { harness.transcript.row(at: 1) != nil }
    let plainLabel = try #require(harness.transcript.row(at: 0)).bodyLabel
    #expect(string(gtk_label_get_text(plainLabel)) == plain.body)
    #expect(gtk_label_get_use_markup(plainLabel) == 0)
    let linkLabel = try #require(harness.transcript.row(at: 1)).bodyLabel
    #expect(string(gtk_label_get_text(linkLabel)) == linked.body)
    #expect(gtk_label_get_use_markup(linkLabel) != 0)
    #expect(MessageMarkup.markup(for: plain.body) == nil)
    // A control character GMarkup rejects must not blank a body with a link.
    try harness.send("bell \u{7} at https://a.org/ring")
    harness.wait { harness.transcript.row(at: 2) != nil }
    let controlLabel = try #require(harness.transcript.row(at: 2)).bodyLabel
    #expect(gtk_label_get_use_markup(controlLabel) != 0)
    #expect(string(gtk_label_get_text(controlLabel))?.hasSuffix("https://a.org/ring") == true)
    #expect(string(gtk_label_get_text(controlLabel))?.hasPrefix("bell ") == true)
  }

  @Test func aHundredThousandRowHistoryOpensAtItsEnd() throws {
    let harness = try TranscriptHarness(history: 100_000)
    #expect(harness.count == 100_000)
    #expect(harness.wait { harness.isFullyVisible(99_999) })
    #expect(!harness.jumpButtonShows)
    let last = try #require(harness.transcript.row(at: 99_999)).bodyLabel
    #expect(string(gtk_label_get_text(last)) == "message 99999 with a few words")

    // A far jump to the oldest row and back, through rows of estimated height.
    harness.transcript.scroll(.scrollToOldest)
    #expect(harness.wait { harness.isFullyVisible(0) })
    #expect(harness.jumpButtonShows)
    harness.transcript.scroll(.scrollToNewest)
    #expect(harness.wait { harness.isFullyVisible(99_999) })
    #expect(!harness.jumpButtonShows)
  }

  @Test func ctrlHomeGoesToTheOldestAndCtrlEndBack() throws {
    let harness = try TranscriptHarness(history: 5_000)
    harness.transcript.scroll(.scrollToOldest)
    #expect(harness.wait { harness.isFullyVisible(0) })
    #expect(harness.jumpButtonShows)
    harness.transcript.scroll(.scrollToNewest)
    #expect(harness.wait { harness.isFullyVisible(4_999) })
    #expect(!harness.jumpButtonShows)
  }

  @Test func anEditShowsTheNewTextAndTheEditedMarker() throws {
    let harness = try TranscriptHarness(history: 10)
    var message = try harness.send("tpyo", own: true)
    #expect(harness.wait { harness.transcript.row(at: 10) != nil })
    #expect(harness.transcript.row(at: 10)?.showsEdited == false)
    message.body = "typo"
    message.edited = true
    try harness.store.replace(message)
    harness.transcript.replace(message)
    harness.wait {
      harness.transcript.row(at: 10).map { string(gtk_label_get_text($0.bodyLabel)) } == "typo"
    }
    let row = try #require(harness.transcript.row(at: 10))
    #expect(string(gtk_label_get_text(row.bodyLabel)) == "typo")
    #expect(row.showsEdited)
  }

  @Test func aSearchOfEveryConversationSaysWhereEachResultIs() throws {
    let harness = try TranscriptHarness(history: 5)
    let elsewhere = "irc://irc.test/#gtk"
    try harness.store.insertReceived([
      Message(sender: "bob", sentAt: Date(), body: "hello from gtk", conversation: elsewhere)
    ])
    try harness.send("hello from notes")
    harness.transcript.conversationName = { $0 == elsewhere ? "#gtk on Test" : "Notes" }
    harness.transcript.openSearch()
    let entry = try #require(harness.transcript.search?.entry)
    gtk_editable_set_text(entry.opaque, "hello")
    #expect(harness.wait { harness.count == 1 }, "this conversation only, at first")
    harness.transcript.searchEverywhere(true)
    #expect(harness.wait { harness.count == 2 })
    harness.settle()
    let headers = (0..<2).compactMap { harness.transcript.row(at: $0)?.headerText }
    #expect(
      headers.contains("bob in #gtk on Test") && headers.contains("dora in Notes"), "\(headers)")
    harness.transcript.searchEverywhere(false)
    #expect(harness.wait { harness.count == 1 })
  }

  @Test func aResultOpenedIsShownInPlaceMarkedAndNoLongerFollowed() throws {
    let harness = try TranscriptHarness(history: 300)
    #expect(harness.wait { harness.isFullyVisible(299) })
    let found = try #require(try harness.store.messages(fromPosition: 40, limit: 1).first)
    harness.transcript.openSearch()
    let entry = try #require(harness.transcript.search?.entry)
    gtk_editable_set_text(entry.opaque, found.body)
    #expect(harness.wait { harness.count >= 1 && harness.transcript.row(at: 0) != nil })

    // As the window does with a result: the search closes (back at the newest) and then the
    // message is revealed, which must win over that jump.
    harness.transcript.closeSearch()
    harness.transcript.reveal(found)
    #expect(harness.wait { harness.isFullyVisible(40) }, "the found message in view")
    #expect(!harness.isFullyVisible(299), "away from the newest message")
    #expect(harness.transcript.jumpButton.isVisible, "Jump to latest brings the newest back")
    let row = try #require(harness.transcript.row(at: 40))
    #expect(gtk_widget_has_css_class(row.widget, "found-message") != 0)
    #expect(
      gtk_widget_has_css_class(try #require(harness.transcript.row(at: 41)).widget, "found-message")
        == 0)
  }

  @Test func eachSenderHasItsColourAndTheUsersOwnNone() throws {
    let harness = try TranscriptHarness(history: 0)
    harness.transcript.me = { _ in "me" }
    try harness.send("from dora")
    try harness.send("from me", own: true)
    #expect(harness.wait { harness.transcript.row(at: 1)?.senderColor != nil })
    #expect(harness.transcript.row(at: 0)?.senderColor == NickColors.cssClass(of: "dora"))
    #expect(harness.transcript.row(at: 1)?.senderColor == "own-nick")
  }

  @Test func aTagFiltersAndClosingTheSearchRestoresTheHistory() throws {
    let harness = try TranscriptHarness(history: 30)
    let tagged = Message(sender: "dora", sentAt: Date(), body: "tagged", tags: ["Swift"])
    try harness.store.insert(tagged)
    harness.transcript.append(tagged, own: false)
    harness.wait { harness.transcript.row(at: 30) != nil }

    harness.transcript.filter(byTag: "swift")
    harness.wait { harness.count == 1 && harness.transcript.row(at: 0) != nil }
    #expect(harness.transcript.isSearchOpen)
    #expect(harness.count == 1)
    #expect(
      harness.transcript.row(at: 0).map { string(gtk_label_get_text($0.bodyLabel)) } == "tagged")

    harness.transcript.closeSearch()
    #expect(harness.wait { harness.isFullyVisible(30) })
    #expect(!harness.transcript.isSearchOpen)
    #expect(harness.count == 31)
  }

  @Test func fitsAWindowOf360By300() throws {
    let harness = try TranscriptHarness(history: 20, withComposer: true, width: 360, height: 300)
    try harness.send(
      String(repeating: "unbroken", count: 20) + " https://example.org/"
        + String(repeating: "x", count: 60))
    harness.wait { harness.isFullyVisible(20) }
    var minimum: Int32 = 0
    gtk_widget_measure(
      harness.transcript.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
    #expect(minimum <= 360)
    #expect(harness.isFullyVisible(20))
  }
}
