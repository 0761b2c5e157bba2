import CGtk
import Foundation
import GtkKit
import NatterCore
import NatterStore
import TestSupport
import Testing

@testable import NatterUI

/// A channel's transcript over a composer, wired as the window wires them (SPEC §13).
@MainActor
private final class ChannelHarness {
  static let channel = "ircs://irc.example.net/#natter"
  let store: MessageStore
  let transcript: TranscriptView
  let composer: ComposerView
  let window: TestWindow
  var reacted: [(String, String, Bool)] = []

  init(_ messages: [Message]) throws {
    store = try MessageStore.inMemory()
    for message in messages { try store.insert(message) }
    transcript = TranscriptView(store: store, conversation: Self.channel)
    composer = ComposerView(controller: ComposerController(sender: "me"))
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_box_append(cast(box), transcript.widget)
    gtk_box_append(cast(box), composer.widget)
    window = TestWindow(child: try #require(box), width: 480, height: 420)
    composer.onSelectMessages = { [unowned self] in transcript.selectNewest() }
    transcript.onLeaveSelection = { [unowned self] in composer.focusText() }
    transcript.onReply = { [unowned self] message in composer.beginReply(to: message) }
    transcript.onReact = { [unowned self] message, emoji, remove in
      reacted.append((message.id, emoji, remove))
    }
    window.settle()
  }

  static func message(
    _ i: Int, _ body: String, sender: String = "bob", msgid: String? = nil,
    replyTo: String? = nil
  ) -> Message {
    Message(
      id: "id\(i)", sender: sender, sentAt: TranscriptFixtures.start.addingTimeInterval(Double(i)),
      body: body, conversation: channel, msgid: msgid ?? "m\(i)", replyTo: replyTo)
  }

  /// The row on screen that has the keyboard focus, if one does.
  var focusedRow: TranscriptRow? {
    transcript.rows.values.first { $0.position >= 0 && $0.hasFocus }
  }
}

@Suite("Message selection and replies")
@MainActor
struct MessageSelectionViewTests {
  private func history(_ count: Int) -> [Message] {
    (0..<count).map { ChannelHarness.message($0, "message \($0)") }
  }

  @Test func altUpSelectsTheNewestAndEscapeReturnsWithTheDraftIntact() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let harness = try ChannelHarness(history(30))
    defer { harness.window.close() }
    let composer = harness.composer
    composer.focusText()
    composer.buffer.insert("draft #tag", at: 0)
    composer.pressForTesting(.space)
    composer.buffer.placeCaret(at: 2)
    let draft = (composer.buffer.text, composer.chipTags, composer.buffer.caretOffset)
    #expect(draft.1 == ["tag"])

    composer.pressForTesting(.up, modifiers: .alt)
    #expect(Wait.until { harness.focusedRow?.position == 29 }, "the newest row has the keyboard")
    #expect(!composer.textHasFocus)
    let row = try #require(harness.focusedRow)
    let time = TranscriptView.sharedFormatter.timeLabel(for: row.message?.sentAt ?? Date())
    #expect(natter_test_accessible_label_is(row.opaque, "bob: message 29, \(time)") != 0)
    #expect(gtk_widget_has_css_class(row.widget, "selected-message") != 0)

    harness.transcript.handleSelectionKey(.up, [])
    #expect(Wait.until { harness.focusedRow?.position == 28 })
    harness.transcript.handleSelectionKey(.pageUp, [])
    #expect(Wait.until { (harness.focusedRow?.position ?? 99) < 28 })

    let focusable = {
      harness.transcript.rows.values.count { gtk_widget_get_focusable($0.widget) != 0 }
    }
    #expect(focusable() == 1, "only the selected row is a focus stop")
    harness.transcript.handleSelectionKey(.escape, [])
    #expect(focusable() == 0)
    #expect(composer.textHasFocus)
    #expect(!harness.transcript.selection.isActive)
    #expect((composer.buffer.text, composer.chipTags, composer.buffer.caretOffset) == draft)
  }

  @Test func altUpInAnEmptyTranscriptStaysInTheComposer() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let harness = try ChannelHarness([])
    defer { harness.window.close() }
    harness.composer.focusText()
    harness.composer.pressForTesting(.up, modifiers: .alt)
    #expect(harness.composer.textHasFocus)
  }

  @Test func rShowsTheReplyBarEscapeAndCancelClearIt() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var messages = history(3)
    messages[2].body = "first line of a long story\nsecond line"
    let harness = try ChannelHarness(messages)
    defer { harness.window.close() }
    let composer = harness.composer
    composer.buffer.insert("half typed", at: 0)
    composer.pressForTesting(.up, modifiers: .alt)
    #expect(Wait.until { harness.focusedRow != nil })
    harness.transcript.handleSelectionKey(.r, [])
    #expect(composer.replyText == "Replying to bob: first line of a long story")
    #expect(natter_test_accessible_label_is(composer.replyBar.opaque, "Replying to") != 0)
    #expect(
      natter_test_accessible_label_is(composer.cancelReplyButton.opaque, "Cancel reply") != 0)
    #expect(composer.textHasFocus, "the composer has the keyboard to write the reply")

    composer.pressForTesting(.escape)
    #expect(composer.replyText == nil)
    #expect(composer.buffer.text == "half typed")

    composer.beginReply(to: messages[2])
    #expect(composer.replyText != nil)
    gtk_widget_activate(composer.cancelReplyButton.widget)
    #expect(Wait.until { composer.replyText == nil })

    composer.beginReply(to: messages[1])
    var sent: [(Message, Message?)] = []
    composer.onSend = { [unowned composer] message in
      sent.append((message, composer.replyBeingSent))
      return true
    }
    composer.pressForTesting(.enter)
    #expect(sent.first?.0.replyTo == "m1")
    #expect(sent.first?.1?.id == "id1")
    #expect(composer.replyText == nil)
  }

  @Test func aReplyRowShowsItsQuoteAndJumpsToTheParent() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var messages = history(20)
    messages.append(ChannelHarness.message(20, "yes, that", sender: "carol", replyTo: "m3"))
    messages.append(ChannelHarness.message(21, "which one?", sender: "dave", replyTo: "gone"))
    let harness = try ChannelHarness(messages)
    defer { harness.window.close() }
    let reply = try #require(harness.transcript.row(at: 20)?.visibleQuote)
    #expect(string(gtk_button_get_label(reply.typed())) == "↳ bob: message 3")
    let orphan = try #require(harness.transcript.row(at: 21)?.visibleQuote)
    #expect(string(gtk_button_get_label(orphan.typed())) == "↳ Message not loaded")
    #expect(harness.transcript.row(at: 19)?.visibleQuote == nil)

    gtk_widget_activate(orphan.widget)  // an unknown parent: nothing happens, nothing breaks
    harness.window.settle()
    #expect(!harness.transcript.selection.isActive)
    gtk_widget_activate(reply.widget)
    #expect(Wait.until { harness.focusedRow?.position == 3 }, "the parent is selected")

    harness.transcript.select(position: 20)
    #expect(Wait.until { harness.focusedRow?.position == 20 })
    harness.transcript.handleSelectionKey(.enter, [])
    #expect(Wait.until { harness.focusedRow?.position == 3 }, "Enter on a reply shows its parent")
  }

  @Test func anOldParentIsFoundInTheStoreAndPagedInToShowIt() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var messages = history(600)
    messages.append(ChannelHarness.message(600, "agreed", sender: "carol", replyTo: "m5"))
    let harness = try ChannelHarness(messages)
    defer { harness.window.close() }
    let store = harness.store
    #expect(harness.transcript.history.cached(msgid: "m5") == nil, "not in the page cache")
    harness.transcript.parentLookup = { msgid, conversation in
      try? store.message(msgid: msgid, in: conversation)
    }
    harness.transcript.rebindRows()
    let quote = try #require(harness.transcript.row(at: 600)?.visibleQuote)
    #expect(string(gtk_button_get_label(quote.typed())) == "↳ bob: message 5")
    gtk_widget_activate(quote.widget)
    #expect(Wait.until { harness.focusedRow?.position == 5 }, "paged in, scrolled to, selected")
  }

  @Test func reactionChipsShowCountsWhoAndTheUsersOwn() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let messages = history(5)
    let harness = try ChannelHarness(messages)
    defer { harness.window.close() }
    var reacted = messages[4]
    reacted.reactions = [
      ReactionGroup(emoji: "👍", senders: ["bob", "carol"], includesMe: false),
      ReactionGroup(emoji: "🎉", senders: ["me"], includesMe: true),
    ]
    harness.transcript.replace(reacted)
    harness.window.settle()
    let row = try #require(harness.transcript.row(at: 4))
    let chips = row.reactionChips
    #expect(chips.map { string(gtk_button_get_label($0.typed())) } == ["👍 2", "🎉 1"])
    #expect(gtk_widget_has_css_class(chips[1].widget, "own-reaction") != 0)
    #expect(gtk_widget_has_css_class(chips[0].widget, "own-reaction") == 0)
    #expect(gtk_widget_has_css_class(chips[0].widget, "tag-chip") != 0, "the tag chips' look")
    #expect(string(gtk_widget_get_tooltip_text(chips[0].widget)) == "bob, carol")
    #expect(natter_test_accessible_label_is(chips[0].opaque, "👍 2") != 0)
    let box = try #require(row.reactionRow)
    #expect(natter_test_accessible_label_is(box.opaque, "Reactions") != 0)
    // A button clicks once its press is shown: later, in the main loop.
    gtk_widget_activate(chips[0].widget)
    #expect(Wait.until { harness.reacted.count == 1 })
    gtk_widget_activate(chips[1].widget)
    #expect(Wait.until { harness.reacted.count == 2 })
    #expect(harness.reacted.map(\.1) == ["👍", "🎉"])
    #expect(harness.reacted.map(\.2) == [false, true], "activating your own takes it back")
    #expect(harness.transcript.row(at: 3)?.reactionChips.isEmpty == true)

    // Reactions gone (all taken back): the row has no chips.
    reacted.reactions = []
    harness.transcript.replace(reacted)
    harness.window.settle()
    #expect(harness.transcript.row(at: 4)?.reactionChips.isEmpty == true)
  }

  @Test func eOpensQuickReactionsAndCCopies() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var messages = history(4)
    messages[3].reactions = []
    let harness = try ChannelHarness(messages)
    defer { harness.window.close() }
    harness.composer.pressForTesting(.up, modifiers: .alt)
    #expect(Wait.until { harness.focusedRow != nil })
    harness.transcript.handleSelectionKey(.c, [])
    #expect(harness.transcript.copiedText == "message 3")
    harness.transcript.handleSelectionKey(.e, [])
    let picker = try #require(harness.transcript.reactionPicker)
    #expect(picker.isOpen)
    #expect(picker.buttons.count == 6)
    #expect(natter_test_accessible_label_is(picker.buttons[0].opaque, "React with 👍") != 0)
    picker.pick("🎉")
    #expect(harness.reacted.first.map { [$0.0, $0.1] } == ["id3", "🎉"])
    #expect(Wait.until { !picker.isOpen })
    #expect(Wait.until { harness.focusedRow?.position == 3 }, "back on the selected message")

    harness.transcript.handleSelectionKey(.e, [])
    #expect(picker.isOpen)
    #expect(!picker.handleKey(.seven, []) && !picker.handleKey(.three, .alt))
    #expect(picker.handleKey(.three, []))
    #expect(harness.reacted.last?.1 == "😂", "3 picks the third")

    harness.transcript.handleSelectionKey(.e, [])
    gtk_popover_popdown(picker.typed())  // as Escape closes it
    #expect(Wait.until { harness.focusedRow?.position == 3 }, "Escape returns to the message")
    #expect(harness.reacted.count == 2)
  }

  @Test func theMenuOffersWhatTheMessageOffersAndEnterOpensItsLink() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    var messages = history(3)
    messages[2].body = "read https://example.org/notes please"
    let harness = try ChannelHarness(messages)
    defer { harness.window.close() }
    var opened: [String] = []
    harness.transcript.onOpenLink = { opened.append($0) }
    harness.composer.pressForTesting(.up, modifiers: .alt)
    #expect(Wait.until { harness.focusedRow?.position == 2 })
    harness.transcript.handleSelectionKey(.enter, [])
    #expect(opened == ["https://example.org/notes"])
    harness.transcript.handleSelectionKey(.f10, .shift)
    let menu = try #require(harness.transcript.messageMenu)
    #expect(menu.isOpen)
    #expect(menu.items.map(\.action) == [.reply, .react, .copyText, .openLink])
    #expect(
      natter_test_accessible_label_is(menu.items[0].button.opaque, "Reply") != 0)
    gtk_widget_activate(menu.items[0].button.widget)
    #expect(Wait.until { harness.composer.replyText != nil }, "Reply from the menu")
    #expect(harness.composer.replyText == "Replying to bob: read https://example.org/notes please")
  }

  @Test func theTypingLineKeepsTheNewestMessageInViewWhileAtTheBottom() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let harness = try ChannelHarness(history(60))
    defer { harness.window.close() }
    let transcript = harness.transcript
    func newestFullyVisible() -> Bool {
      guard let row = transcript.row(at: 59), gtk_widget_get_mapped(row.widget) != 0 else {
        return false
      }
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(row.widget, transcript.scroller.widget, &bounds) != 0
      else { return false }
      let viewport = Float(gtk_widget_get_height(transcript.scroller.widget))
      return bounds.origin.y + bounds.size.height <= viewport + 0.5
    }
    #expect(Wait.until { newestFullyVisible() })
    harness.composer.showTyping(IRCTypingIndicator.sentence(["bob"]))
    harness.window.settle()
    #expect(Wait.until { newestFullyVisible() }, "the line takes room from the transcript")
    harness.composer.showTyping(nil)
    harness.window.settle()
    #expect(Wait.until { newestFullyVisible() })
  }

  @Test func theTypingLineShowsAndHides() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let harness = try ChannelHarness(history(2))
    defer { harness.window.close() }
    let composer = harness.composer
    #expect(!composer.typingLine.isVisible)
    let before = gtk_widget_get_height(composer.widget)
    composer.showTyping(IRCTypingIndicator.sentence(["bob", "carol"]))
    harness.window.settle()
    #expect(composer.typingText == "bob and carol are typing…")
    #expect(natter_test_accessible_label_is(composer.typingLine.opaque, "Typing") != 0)
    #expect(gtk_widget_get_height(composer.widget) > before)
    composer.showTyping(nil)
    harness.window.settle()
    #expect(composer.typingText == nil)
    #expect(gtk_widget_get_height(composer.widget) == before, "hidden, it takes no room")
  }

  @Test func aLongPasteAsksFirstAndCancelKeepsTheDraft() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let harness = try ChannelHarness(history(1))
    defer { harness.window.close() }
    let composer = harness.composer
    var asked: [Int] = []
    var answer: (@MainActor (Bool) -> Void)?
    var sent: [Message] = []
    composer.linesToConfirm = { LongPasteRule.linesToConfirm($0, in: .channel) }
    composer.askToSend = { lines, reply in
      asked.append(lines)
      answer = reply
    }
    composer.onSend = { message in
      sent.append(message)
      return true
    }
    let pasted = (1...12).map { "line \($0)" }.joined(separator: "\n")
    composer.buffer.insert(pasted, at: 0)
    composer.pressForTesting(.enter)
    #expect(asked == [12])
    #expect(sent.isEmpty && composer.buffer.text == pasted, "nothing goes before the answer")
    answer?(false)
    #expect(sent.isEmpty && composer.buffer.text == pasted, "Cancel keeps the draft")
    composer.pressForTesting(.enter)
    answer?(true)
    #expect(sent.map(\.body) == [pasted])
    #expect(composer.buffer.text.isEmpty)
  }

  @Test func typingIsReportedCheaplyAndNotForALoadedDraft() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let harness = try ChannelHarness(history(1))
    defer { harness.window.close() }
    let composer = harness.composer
    var reports: [(String, Bool)] = []
    composer.onTextChanged = { reports.append(($0, $1)) }
    composer.onSend = { _ in true }
    composer.replaceDraft(Draft(text: "a draft from before", chips: []))
    #expect(reports.isEmpty, "loading a draft is not typing")
    composer.buffer.insert(" and more", at: composer.buffer.caretOffset)
    #expect(reports.last.map { [$0.0] } == ["a "], "only the first two characters")
    reports = []
    composer.pressForTesting(.enter)
    #expect(reports.map(\.1) == [true], "one report for the send, none for the clearing")
  }

  /// The open window titled `title`, if any.
  private func toplevel(titled title: String) -> UnsafeMutablePointer<GtkWidget>? {
    guard let windows = gtk_window_get_toplevels() else { return nil }
    for index in 0..<g_list_model_get_n_items(windows) {
      guard let item = g_list_model_get_item(windows, index) else { continue }
      defer { g_object_unref(item) }
      let window = item.assumingMemoryBound(to: GtkWindow.self)
      if string(gtk_window_get_title(window)) == title {
        return UnsafeMutableRawPointer(item).assumingMemoryBound(to: GtkWidget.self)
      }
    }
    return nil
  }

  /// The buttons under `widget`, by label, depth first.
  private func buttons(in widget: UnsafeMutablePointer<GtkWidget>) -> [String: UnsafeMutablePointer<
    GtkWidget
  >] {
    var found: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if string(gtk_widget_get_css_name(current)) == "button",
        let label = string(gtk_button_get_label(cast(current)))
      {
        found[label] = current
      }
      found.merge(buttons(in: current)) { first, _ in first }
      child = gtk_widget_get_next_sibling(current)
    }
    return found
  }

  @Test func theLongPasteQuestionNamesTheLinesAndTheChannel() throws {
    try #require(GtkTestEnvironment.start(), "GTK needs a display; run under xvfb-run")
    let harness = try ChannelHarness(history(1))
    defer { harness.window.close() }
    let parent: UnsafeMutablePointer<GtkWindow> = try #require(
      cast(gtk_widget_get_root(harness.composer.widget)))
    var answers: [Bool] = []
    let question = LongPasteRule.question(lines: 12, to: "#natter")
    ConfirmDialog.ask(
      question, detail: LongPasteRule.detail(asOneMessage: false),
      action: LongPasteRule.sendButton(lines: 12),
      isDestructive: false, over: parent
    ) { answers.append($0) }
    let dialog = try #require(toplevel(titled: "Send 12 lines to #natter?"))
    let found = buttons(in: dialog)
    #expect(Set(found.keys) == ["Send 12 lines", "Cancel"])
    let send = try #require(found["Send 12 lines"])
    #expect(gtk_widget_has_css_class(send, "suggested-action") != 0)
    #expect(gtk_widget_has_focus(send) != 0, "Enter sends")
    let cancel = try #require(found["Cancel"])
    gtk_widget_activate(cancel)
    #expect(Wait.until { answers == [false] })
  }
}
