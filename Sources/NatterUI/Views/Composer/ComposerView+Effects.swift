import CGtk
import GtkKit
import NatterCore

extension ComposerView {
  // MARK: Effects

  func perform(_ effects: [ComposerEffect]) {
    for effect in effects {
      switch effect {
      case .deleteText(let offset, let length):
        buffer.irreversibly { buffer.delete(offset: offset, length: length) }
      case .insertText(let text, let offset):
        buffer.irreversibly { buffer.insert(text, at: offset) }
      case .setText(let text):
        buffer.irreversibly { buffer.setText(text) }
      case .placeCaret(let offset):
        buffer.placeCaret(at: offset)
      case .addChip(let tag):
        chipRow.add(tag)
      case .removeChip(let tag):
        chipRow.remove(tag)
      case .setChips(let tags):
        chipRow.set(tags)
      case .focusChip(let index):
        chipRow.focus(index: index)
      case .focus(let area):
        if area == .composer { focusText() }
      case .closeTagEntry:
        tagEntry.close()
      case .showNotice(let text):
        showNotice(text)
      case .showReply(let parent):
        showReply(parent)
      case .send, .replace:
        break  // delivered by send() before any other effect
      }
    }
    refresh()
    scheduleDraftSave()
  }
}
