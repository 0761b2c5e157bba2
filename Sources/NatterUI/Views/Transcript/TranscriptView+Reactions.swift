import CGtk
import GtkKit
import NatterCore

/// The popovers over a selected message: its quick reactions (`E`) and its menu.
extension TranscriptView {
  func openReactions(for message: Message) {
    let picker = reactionPicker ?? makeReactionPicker()
    let id = message.id
    picker.onPick = { [weak self] emoji in
      guard let self, let message = selectedMessage, message.id == id else { return }
      onReact(message, emoji, ReactionChip.removes(emoji, on: message))
    }
    picker.open(pointingTo: selectedRowBounds)
  }

  private func makeReactionPicker() -> ReactionPicker {
    let picker = ReactionPicker(parent: self)
    picker.onClosed = { [weak self] in self?.refocusSelection() }
    reactionPicker = picker
    return picker
  }

  /// The selected message's menu, with what it offers.
  func openMenu() {
    guard let message = selectedMessage else { return }
    let menu = messageMenu ?? makeMessageMenu()
    menu.open(MessageAction.available(for: message), pointingTo: selectedRowBounds)
  }

  private func makeMessageMenu() -> MessageMenu {
    let menu = MessageMenu(parent: self)
    var chosen: MessageAction?
    menu.onChoose = { action in chosen = action }
    menu.onClosed = { [weak self] in
      guard let self else { return }
      // After the popover let the keyboard go: the action may move it (Reply to the
      // composer, React to its own popover).
      let action = chosen
      chosen = nil
      if let action { run(action) }
      // Copy and Open link leave the keyboard where it was; Reply and React move it.
      if action != .react && action != .reply { refocusSelection() }
    }
    messageMenu = menu
    return menu
  }
}
