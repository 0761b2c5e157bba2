import CGtk
import GtkKit
import NatterCore

/// The composer bar: `[Add tag] [text] [Send]`, the chip row and notices under the text
/// (SPEC §2, §3). It binds a `ComposerController` to the widgets: it reports every buffer
/// change and key to the controller and performs the effects it returns.
@MainActor
final class ComposerView: Widget {
  /// The `composer.*` actions; the window inserts them so their accelerators work anywhere.
  let actions = ActionGroup()
  /// Stores a new message and shows it; false when it could not be stored (the draft stays).
  var onSend: (Message) -> Bool = { _ in false }
  /// Stores an edited message in place of its original and shows it; false keeps the draft.
  var onReplace: (Message) -> Bool = { _ in false }
  /// The local user's newest message, for Up in an empty composer.
  var lastOwnMessage: () -> Message? = { nil }
  /// Page Up / Page Down from the composer scroll the transcript.
  var onScroll: (KeyAction) -> Void = { _ in }
  /// Whether the transcript's search bar is open (Escape then closes it).
  var isSearchOpen: () -> Bool = { false }
  /// The draft changed and has been still for 500 ms.
  var onDraftChanged: (Draft) -> Void = { _ in }
  /// Alt+Up in the text: the transcript selects its newest message; false if it has none.
  var onSelectMessages: () -> Bool = { false }
  /// The text changed (`sent` false) or was sent (true), for typing notifications: with the
  /// text's first `TypingLine.probeLength` characters, never the whole draft.
  var onTextChanged: (_ probe: String, _ sent: Bool) -> Void = { _, _ in }
  /// How many lines to ask about before sending this body (`LongPasteRule`), nil to send.
  var linesToConfirm: (String) -> Int? = { _ in nil }
  /// Asks whether to send `lines` lines; the answer comes later (the dialog is modal).
  var askToSend: (_ lines: Int, _ answer: @escaping @MainActor (Bool) -> Void) -> Void = {
    _, answer in answer(true)
  }
  /// The parent of the message being handed to `onSend`, while it is (a reply, SPEC §13).
  var replyBeingSent: Message?
  /// The composer itself is changing the text (clearing it after a send, loading another
  /// conversation's draft): not typing, so no typing notification.
  var isSettingText = false
  /// The text got the keyboard (a click, Ctrl+L, Escape from the transcript).
  var onTextFocused: () -> Void = {}
  /// `Replying to bob: …` above the text, with `Cancel reply`.
  let replyBar: Widget
  let replyLabel: Widget
  let cancelReplyButton: Widget
  /// `bob is typing…` above everything, hidden while no one is.
  let typingLine: Widget

  /// The open conversation's members and recent speakers, for Tab completion.
  var members: () -> [String] = { [] }
  var recentSpeakers: () -> [String] = { [] }
  var completer = NickCompleter()
  /// A completion is editing the text: the cycle goes on.
  var isCompleting = false
  /// `:name` emoji completions (ComposerView+Emoji.swift).
  var emoji = EmojiCompletion()
  var emojiPopoverIfMade: EmojiPopover?

  /// Which key sends (a preference).
  var sendKey: SendKey = .enter
  /// The most lines the text grows to before it scrolls (a preference, 1–10).
  var maxLines: Int {
    get { sizing.maxLines }
    set {
      sizing.maxLines = newValue
      applySizing()
    }
  }

  var controller: ComposerController
  /// The text's content is exactly whole lines; the scrolled window's margins frame it.
  var sizing = ComposerSizing(lineHeight: 17)
  let textView: Widget
  let textScroller: Widget
  /// The rounded frame around the text, styled as a message field.
  let field: Widget
  let placeholder: Widget
  let addTagButton: Widget
  let sendButton: Widget
  let chipRow = ChipRowView()
  let notice: Widget
  /// The Add-tag popover, made on first use; parented to the Add-tag button.
  var tagEntry: TagEntryPopover {
    if let tagEntryIfMade { return tagEntryIfMade }
    let popover = makeTagEntry()
    tagEntryIfMade = popover
    return popover
  }
  private var tagEntryIfMade: TagEntryPopover?
  /// A long paste is still going in, a piece per main-loop turn.
  var isPasting = false
  /// The paste itself is changing the text (the only edits allowed while `isPasting`).
  var isInsertingPiece = false
  /// Whether the Add-tag popover is open, without making it.
  var isTagEntryOpen: Bool { tagEntryIfMade?.isOpen ?? false }
  let buffer: TextBuffer
  var composerActions: [(KeyAction, Action)] = []
  /// Which keys the input method sees, and what follows its commit.
  var inputMethod = InputMethodGate()
  /// Hands the key event being handled to the text view's input method; true when it used it.
  /// Tests put a fake asynchronous input method here.
  var filterWithInputMethod: (OpaquePointer?) -> Bool = { _ in false }
  /// The key handed to a composing input method, while it is being filtered.
  var isFilteringKey = false
  /// The key whose follow-up waits for the input method's commit.
  var keyAwaitingCommit: Key?
  var draftTimer: UInt32 = 0
  var noticeTimer: UInt32 = 0
  /// The frames that follow a change of the text's size (`followReflow`), what the last one
  /// saw, and how many more follow it.
  var reflowTicks: UInt32 = 0
  var reflowedAt: ReflowSize?
  var reflowFramesLeft = 0
  var transientNotice: String?
  var transientIsProblem = true
  /// Counts changes to the text, so that a draft read in pieces knows it is still current.
  var edits = 0
  /// Spell checking's state (ComposerView+Spelling.swift).
  let spelling = ComposerSpelling()

  init(controller: ComposerController) {
    self.controller = controller
    textView = Widget(gtk_text_view_new())
    textScroller = Widget(gtk_scrolled_window_new())
    field = Widget(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    placeholder = Widget(gtk_label_new(localized("Message")))
    addTagButton = Widget(gtk_button_new_with_label("#"))
    sendButton = Widget(gtk_button_new_from_icon_name("mail-send-symbolic"))
    notice = Widget(gtk_label_new(nil))
    replyBar = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    replyLabel = Widget(gtk_label_new(nil))
    cancelReplyButton = Widget(gtk_button_new_from_icon_name("window-close-symbolic"))
    typingLine = Widget(gtk_label_new(nil))
    guard let textBuffer = gtk_text_view_get_buffer(textView.typed()) else {
      fatalError("a GtkTextView without a buffer")
    }
    buffer = TextBuffer(buffer: textBuffer)
    super.init(gtk_grid_new())
    addCSSClass("composer")
    buildLayout()
    connectBuffer()
    connectKeys()
    connectTextFocus()
    makeActions()
    applySizing()
    followReflow()
    connectPaste()
    connectSpelling()
    connectEmoji()
    refresh()
  }

  isolated deinit {
    // A popover is not a child GTK knows to drop: unparent it while its button still lives,
    // or finalizing the button warns and casts a freed pointer.
    tagEntryIfMade?.detach()
    emojiPopoverIfMade?.detach()
  }

  /// The text area's allocated height in pixels.
  var textAreaHeight: Int { Int(gtk_widget_get_height(textScroller.widget)) }

  /// Whether Send is enabled now.
  var canSend: Bool {
    composerActions.first { $0.0 == .send }.map { $0.1.isEnabled } ?? false
  }

  /// Whether the chip row shows its newest chip (it scrolls sideways).
  var chipRowShowsNewest: Bool { chipRow.showsNewestChip }

  /// The chips shown, in order.
  var chipTags: [String] { chipRow.isVisible ? chipRow.tags : [] }

  /// The notice under the text, or nil.
  var noticeText: String? { notice.isVisible ? string(gtk_label_get_text(notice.opaque)) : nil }

  /// Whether the text has keyboard focus.
  var textHasFocus: Bool { textView.hasFocus }

  /// Gives the text keyboard focus.
  func focusText() { textView.grabFocus() }

  /// The unsent text and chips, for saving now (on quit).
  var draft: Draft { controller.draft(text: buffer.text) }

  /// Loads a saved draft, caret at the end.
  func restore(_ draft: Draft) {
    guard !draft.isEmpty else { return }
    isSettingText = true
    perform(controller.restore(draft))
    isSettingText = false
  }

  /// Puts `draft` in place of whatever is in the composer (switching conversations): the old
  /// text, chips, edit and pending save are dropped; the caller saved them.
  func replaceDraft(_ draft: Draft) {
    MainLoop.cancel(draftTimer)
    draftTimer = 0
    completer.reset()
    isSettingText = true
    perform(controller.restore(draft))
    isSettingText = false
    MainLoop.cancel(draftTimer)
    draftTimer = 0
  }

  /// Tags used before, most recent first, for the Add-tag completion.
  func seedTagHistory(_ tags: [String]) {
    controller.tagHistory = TagCompletion(recent: tags)
  }

  /// Shows a short notice under the text for a few seconds: a problem (a refused tag, an
  /// unknown command) unless `isProblem` is false (`/help`'s list, shown longer).
  func showNotice(_ text: String, isProblem: Bool = true, seconds: UInt32 = 4) {
    transientNotice = text
    transientIsProblem = isProblem
    MainLoop.cancel(noticeTimer)
    noticeTimer = MainLoop.timeout(milliseconds: seconds * 1000) { [weak self] in
      self?.transientNotice = nil
      self?.noticeTimer = 0
      self?.refresh()
      return false
    }
    refresh()
  }

  // MARK: Layout

  func buildLayout() {
    let text: UnsafeMutablePointer<GtkTextView> = textView.typed()
    gtk_text_view_set_wrap_mode(text, GTK_WRAP_WORD_CHAR)
    gtk_text_view_set_accepts_tab(text, 0)
    // GtkTextView 4.8 with margins or CSS padding of its own re-lays out the whole buffer on
    // every incremental validation step, freezing the window for seconds after a
    // multi-megabyte paste; and its content must be whole lines for the height rule. So the
    // text view has no insets at all: the rounded field around it gives the breathing room.
    textView.setAccessibleLabel(localized("Message"))
    textView.addCSSClass("composer-text")

    let scroller = textScroller.opaque
    gtk_scrolled_window_set_policy(scroller, GTK_POLICY_NEVER, GTK_POLICY_EXTERNAL)
    gtk_scrolled_window_set_propagate_natural_height(scroller, 1)
    gtk_scrolled_window_set_child(scroller, textView.widget)
    gtk_widget_set_hexpand(textScroller.widget, 1)
    gtk_widget_set_valign(textScroller.widget, GTK_ALIGN_END)

    placeholder.addCSSClass("placeholder")
    gtk_widget_set_halign(placeholder.widget, GTK_ALIGN_START)
    gtk_widget_set_valign(placeholder.widget, GTK_ALIGN_START)
    gtk_widget_set_can_target(placeholder.widget, 0)
    // The placeholder repeats the text view's accessible name; screen readers need it once.
    Accessible.setHidden(placeholder.widget, true)
    let textArea = gtk_overlay_new()
    gtk_overlay_set_child(OpaquePointer(textArea), textScroller.widget)
    gtk_overlay_add_overlay(OpaquePointer(textArea), placeholder.widget)
    // The field looks like an entry (the theme's colours, a focus ring) with a chat app's
    // round corners.
    gtk_box_append(cast(field.widget), textArea)
    field.addCSSClass("composer-field")
    gtk_widget_set_hexpand(field.widget, 1)
    gtk_widget_set_valign(field.widget, GTK_ALIGN_END)

    addTagButton.setAccessibleLabel(localized("Add tag"))
    addTagButton.setTooltip(localized("Add tag (Ctrl+T)"))
    addTagButton.addCSSClass("flat")
    addTagButton.addCSSClass("add-tag")
    gtk_actionable_set_action_name(addTagButton.opaque, "composer.add-tag")
    sendButton.setAccessibleLabel(localized("Send"))
    sendButton.setTooltip(localized("Send (Enter)"))
    sendButton.addCSSClass("suggested-action")
    gtk_actionable_set_action_name(sendButton.opaque, "composer.send")
    for button in [addTagButton, sendButton] {
      gtk_widget_set_valign(button.widget, GTK_ALIGN_END)
      gtk_widget_set_focus_on_click(button.widget, 0)
    }

    notice.addCSSClass("composer-notice")
    gtk_label_set_wrap(notice.opaque, 1)
    gtk_label_set_xalign(notice.opaque, 0)
    notice.isVisible = false

    let grid: UnsafeMutablePointer<GtkGrid> = typed()
    gtk_grid_set_column_spacing(grid, 6)
    gtk_grid_set_row_spacing(grid, 4)
    buildReplyBar()
    // Above the text: who is typing, then what the message answers; both take no room
    // while hidden.
    gtk_grid_attach(grid, typingLine.widget, 0, 0, 3, 1)
    gtk_grid_attach(grid, replyBar.widget, 1, 1, 1, 1)
    gtk_grid_attach(grid, addTagButton.widget, 0, 2, 1, 1)
    gtk_grid_attach(grid, field.widget, 1, 2, 1, 1)
    gtk_grid_attach(grid, sendButton.widget, 2, 2, 1, 1)
    gtk_grid_attach(grid, chipRow.widget, 1, 3, 1, 1)
    gtk_grid_attach(grid, notice.widget, 1, 4, 1, 1)

    chipRow.onRemove = { [unowned self] tag in
      controller.chipFocused(at: chipRow.focusedIndex)
      perform(controller.removeChip(tag))
      if !chipRow.containsFocus { focusText() }
    }
    chipRow.onKey = { [unowned self] key, modifiers in handleChipRowKey(key, modifiers) }
  }

  func makeTagEntry() -> TagEntryPopover {
    let popover = TagEntryPopover(parent: addTagButton)
    popover.completions = { [unowned self] prefix in controller.tagCompletions(prefix: prefix) }
    popover.onConfirm = { [unowned self] text in perform(controller.addTag(fromEntry: text)) }
    // Weak: `deinit` detaches an open popover, which closes it.
    popover.onClosed = { [weak self] in
      guard let self else { return }
      updateActionStates()
      focusText()
    }
    return popover
  }

  // MARK: Buffer

  func connectBuffer() {
    let textBuffer = buffer.buffer
    // Before the default handlers: the insertion offset and the deleted text still exist.
    Signal.connectInsertText(raw(textBuffer)) { [unowned self] location, text in
      guard let location, refusesEditWhilePasting(textBuffer, "insert-text") == false else {
        return
      }
      controller.textInserted(text, at: Int(gtk_text_iter_get_offset(location)))
      spellingTextInserted(text, at: Int(gtk_text_iter_get_offset(location)))
      if !isCompleting { completer.reset() }
      inputMethod.textChanged()
      followCommitIfAwaited()
    }
    Signal.connect(raw(textBuffer), "delete-range") { [unowned self] start, end in
      guard let start, let end, !refusesEditWhilePasting(textBuffer, "delete-range") else {
        return
      }
      let from = start.assumingMemoryBound(to: GtkTextIter.self)
      let to = end.assumingMemoryBound(to: GtkTextIter.self)
      controller.textDeleted(
        TextBuffer.text(textBuffer, from, to), at: Int(gtk_text_iter_get_offset(from)))
      spellingTextDeleted(
        Int(gtk_text_iter_get_offset(to) - gtk_text_iter_get_offset(from)),
        at: Int(gtk_text_iter_get_offset(from)))
      if !isCompleting { completer.reset() }
    }
    Signal.connect(raw(textBuffer), "changed", after: true) { [unowned self] in
      edits &+= 1
      if !isSettingText && !isPasting {
        onTextChanged(buffer.text(from: 0, to: TypingLine.probeLength), false)
      }
      refresh()
      keepCaretInView()
      scheduleDraftSave()
    }
    Signal.connect(textView.pointer, "preedit-changed") { [unowned self] preedit in
      let text = preedit.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
      inputMethodPreeditChanged(text)
      spellingPreeditChanged()
    }
    // Line height follows the font and the scale.
    Signal.connect(textView.pointer, "notify::scale-factor") {
      [unowned self] (_: Signal.Pointer?) in
      applySizing()
    }
    Signal.connect(textView.pointer, "map") { [unowned self] in applySizing() }
    if let settings = gtk_settings_get_default() {
      for property in ["notify::gtk-font-name", "notify::gtk-xft-dpi"] {
        Signal.connect(raw(settings), property) { [weak self] (_: Signal.Pointer?) in
          self?.applySizing()
        }
      }
    }
  }

  /// Stops an edit of the text by anything but the paste going in (typing, an input method,
  /// a drop) while a paste is going in; true when it did.
  func refusesEditWhilePasting(
    _ textBuffer: UnsafeMutablePointer<GtkTextBuffer>, _ signal: String
  ) -> Bool {
    guard isPasting, !isInsertingPiece else { return false }
    g_signal_stop_emission_by_name(raw(textBuffer), signal)
    return true
  }

  /// Shows what the controller's state implies: Send, placeholder, notices.
  func refresh() {
    updateActionStates()
    placeholder.isVisible = controller.showsPlaceholder && !inputMethod.isComposing
    let shown = controller.notice(
      transient: transientNotice, transientIsProblem: transientIsProblem)
    gtk_label_set_text(notice.opaque, shown?.text ?? "")
    notice.isVisible = shown != nil
    if shown?.isProblem == true {
      notice.addCSSClass("error")
    } else {
      notice.removeCSSClass("error")
    }
  }

  func scheduleDraftSave() {
    MainLoop.cancel(draftTimer)
    draftTimer = MainLoop.timeout(milliseconds: 500) { [weak self] in
      guard let self else { return false }
      draftTimer = 0
      // A paste still going in is saved when it is whole (paste() reschedules).
      if !isPasting { readDraft { [weak self] in self?.onDraftChanged($0) } }
      return false
    }
  }

  /// Lines of a long draft read per main-loop turn: reading 5 MB of short lines at once took
  /// 60–80 ms; 20,000 lines take a few.
  static let draftLinesPerTurn = 20_000

  /// The draft, read a piece per main-loop turn when it is long; `done` gets it once read, and
  /// is never called if the text changes meanwhile (the change schedules another save).
  func readDraft(_ done: @escaping (Draft) -> Void) {
    let textBuffer = buffer.buffer
    let lineCount = Int(gtk_text_buffer_get_line_count(textBuffer))
    guard lineCount > Self.draftLinesPerTurn else { return done(draft) }
    let generation = edits
    var parts: [String] = []
    var line = 0
    func readNext() {
      guard edits == generation else { return }
      let next = min(line + Self.draftLinesPerTurn, lineCount)
      var from = GtkTextIter()
      var to = GtkTextIter()
      gtk_text_buffer_get_iter_at_line(textBuffer, &from, gint(line))
      if next == lineCount {
        gtk_text_buffer_get_end_iter(textBuffer, &to)
      } else {
        gtk_text_buffer_get_iter_at_line(textBuffer, &to, gint(next))
      }
      parts.append(TextBuffer.text(textBuffer, &from, &to))
      line = next
      guard line == lineCount else {
        MainLoop.idle { readNext() }
        return
      }
      done(controller.draft(text: parts.joined()))
    }
    readNext()
  }

}
