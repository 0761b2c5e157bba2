import CGtk
import GtkKit
import NatterCore

extension ComposerView {
  // MARK: Emoji (SPEC §14)

  /// Follows the caret for `:name` completions; the popover is made on first need.
  func connectEmoji() {
    Signal.connect(raw(buffer.buffer), "notify::cursor-position", after: true) {
      [unowned self] (_: Signal.Pointer?) in
      updateEmojiCompletion()
    }
    // After the composer's own handler: the gate knows whether a composition is under way.
    Signal.connect(textView.pointer, "preedit-changed", after: true) {
      [unowned self] (_: Signal.Pointer?) in
      updateEmojiCompletion()
    }
    // The popover never takes the focus, so leaving the text is leaving the completion.
    // Weak: a window being destroyed moves the focus out after the composer may be gone.
    if let focus = gtk_event_controller_focus_new() {
      Signal.connect(raw(focus), "leave") { [weak self] in
        self?.emoji.focusLeft()
        self?.showEmojiCompletion()
      }
      gtk_widget_add_controller(textView.widget, focus)
    }
  }

  /// The `:name` completion popover, if it has been made.
  var emojiPopover: EmojiPopover {
    if let emojiPopoverIfMade { return emojiPopoverIfMade }
    let popover = EmojiPopover(parent: textView)
    popover.onChoose = { [unowned self] index in
      emoji.highlight(index)
      insertHighlightedEmoji()
    }
    emojiPopoverIfMade = popover
    return popover
  }

  /// The text or the caret moved: the trigger before the caret decides what shows.
  func updateEmojiCompletion() {
    let caret = buffer.caretOffset
    let start = max(0, caret - EmojiTrigger.lookbehind)
    let trigger =
      buffer.hasSelection
      ? nil
      : EmojiTrigger.find(
        before: buffer.text(from: start, to: caret), windowStartsText: start == 0, caret: caret,
        isCommandLine: isCommandLine, isComposing: inputMethod.isComposing)
    emoji.update(trigger: trigger) { EmojiCatalog.table }
    showEmojiCompletion()
  }

  /// Shows or hides the popover as `emoji` says.
  func showEmojiCompletion() {
    guard emoji.isShown, let trigger = emoji.trigger else {
      emojiPopoverIfMade?.hide()
      return
    }
    emojiPopover.show(emoji.matches, highlighted: emoji.highlighted, at: caretRectangle(trigger))
  }

  /// Where the trigger's `:` is drawn, in the text view's coordinates.
  private func caretRectangle(_ trigger: EmojiTrigger) -> GdkRectangle {
    let view: UnsafeMutablePointer<GtkTextView> = textView.typed()
    var iter = buffer.iter(at: trigger.offset)
    var location = GdkRectangle()
    gtk_text_view_get_iter_location(view, &iter, &location)
    var x: gint = 0
    var y: gint = 0
    gtk_text_view_buffer_to_window_coords(
      view, GTK_TEXT_WINDOW_WIDGET, location.x, location.y, &x, &y)
    return GdkRectangle(x: x, y: y, width: 1, height: max(location.height, 1))
  }

  /// The completion's keys, and Ctrl+. for GTK's own chooser.
  func runEmoji(_ action: KeyAction) -> Bool {
    switch action {
    case .previousEmoji: emoji.moveHighlight(by: -1)
    case .nextEmoji: emoji.moveHighlight(by: 1)
    case .insertEmoji: return insertHighlightedEmoji()
    case .dismissEmoji: emoji.dismiss()
    case .emojiChooser:
      // GtkTextView's own action, bound to Ctrl+. as well; it inserts at the caret.
      return Bool(
        gboolean: gtk_widget_activate_action_variant(textView.widget, "misc.insert-emoji", nil))
    default: return false
    }
    showEmojiCompletion()
    return true
  }

  /// The highlighted emoji replaces `:name`, as one undo step.
  @discardableResult
  func insertHighlightedEmoji() -> Bool {
    guard let edit = emoji.insertHighlighted() else { return false }
    emojiPopoverIfMade?.hide()
    gtk_text_buffer_begin_user_action(buffer.buffer)
    buffer.delete(offset: edit.offset, length: edit.length)
    buffer.insert(edit.emoji, at: edit.offset)
    buffer.placeCaret(at: edit.offset + edit.emoji.unicodeScalars.count)
    gtk_text_buffer_end_user_action(buffer.buffer)
    return true
  }

  /// The completions on screen, as their rows read (`👍 thumbs up`), for tests.
  var emojiCompletionLabels: [String] {
    emojiPopoverIfMade?.isOpen == true ? emoji.matches.map(\.label) : []
  }
}
