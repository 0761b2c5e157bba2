import CGtk
import GtkKit
import NatterCore

/// The lines above the text: the reply bar (`Replying to`) with `Cancel reply`, and who is
/// typing (`Typing`). The controller decides when a reply starts and ends; this shows it.
extension ComposerView {
  func buildReplyBar() {
    replyBar.addCSSClass("reply-bar")
    replyBar.setAccessibleLabel(localized("Replying to"))
    replyLabel.addCSSClass("dim-label")
    gtk_label_set_ellipsize(replyLabel.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(replyLabel.opaque, 1)
    gtk_label_set_xalign(replyLabel.opaque, 0)
    gtk_widget_set_hexpand(replyLabel.widget, 1)
    cancelReplyButton.addCSSClass("flat")
    cancelReplyButton.addCSSClass("circular")
    cancelReplyButton.setAccessibleLabel(localized("Cancel reply"))
    cancelReplyButton.setTooltip(localized("Cancel reply (Escape)"))
    gtk_widget_set_focus_on_click(cancelReplyButton.widget, 0)
    Signal.connect(cancelReplyButton.pointer, "clicked") { [unowned self] in
      _ = run(.cancelReply, fromKey: false)
    }
    gtk_box_append(replyBar.typed(), replyLabel.widget)
    gtk_box_append(replyBar.typed(), cancelReplyButton.widget)
    replyBar.isVisible = false

    typingLine.addCSSClass("typing-line")
    typingLine.addCSSClass("dim-label")
    gtk_label_set_ellipsize(typingLine.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_xalign(typingLine.opaque, 0)
    typingLine.setAccessibleLabel(localized("Typing"))
    typingLine.isVisible = false
  }

  /// Tells the window when the text gets the keyboard, so a selected message lets go.
  func connectTextFocus() {
    guard let focus = gtk_event_controller_focus_new() else { return }
    Signal.connect(raw(focus), "enter") { [unowned self] in onTextFocused() }
    gtk_widget_add_controller(textView.widget, focus)
  }

  /// `R` on a selected message: the next message answers `parent`.
  func beginReply(to parent: Message) {
    perform(controller.beginReply(to: parent))
  }

  /// The reply bar for `parent`, or hidden.
  func showReply(_ parent: Message?) {
    if let parent {
      // Remote text: a plain label, never markup.
      let text = ReplyQuote.bar(for: parent)
      gtk_label_set_text(replyLabel.opaque, text)
      // A screen reader on the bar hears what it replies to, not only `Replying to`.
      Accessible.setDescription(replyBar.widget, text)
    }
    replyBar.isVisible = parent != nil
  }

  /// The reply bar's text while it shows, for tests.
  var replyText: String? {
    replyBar.isVisible ? string(gtk_label_get_text(replyLabel.opaque)) : nil
  }

  /// Shows who is typing (`IRCTypingIndicator.sentence`), or hides the line (nil).
  func showTyping(_ sentence: String?) {
    gtk_label_set_text(typingLine.opaque, sentence ?? "")
    // gtk_label_set_text renames the label for screen readers: the name stays `Typing`,
    // the sentence is its description.
    typingLine.setAccessibleLabel(localized("Typing"))
    Accessible.setDescription(typingLine.widget, sentence ?? "")
    typingLine.isVisible = sentence != nil
  }

  /// The typing line's text while it shows, for tests.
  var typingText: String? {
    typingLine.isVisible ? string(gtk_label_get_text(typingLine.opaque)) : nil
  }
}
