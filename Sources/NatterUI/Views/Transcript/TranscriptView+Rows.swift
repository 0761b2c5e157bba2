import CGtk
import Foundation
import GtkKit
import NatterCore

/// The list's rows: one `TranscriptRow` per list item GTK creates, bound to the message at its
/// position in the current pager.
extension TranscriptView {
  func connectFactory() {
    Signal.connect(factory.pointer, "setup") { [weak self] item in
      guard let self, let item else { return }
      let row = TranscriptRow()
      row.onTag = { [weak self] tag in self?.filter(byTag: tag) }
      row.onShowMore = { [weak self] message in self?.showWhole(message) }
      row.onRetry = { [weak self] message in self?.onRetry(message) }
      row.aboutSender = { [weak self] message in self?.aboutSender(message) }
      row.onShowParent = { [weak self] message in self?.showParent(of: message) }
      row.onReact = { [weak self] message, emoji, remove in self?.onReact(message, emoji, remove) }
      connectMenuClick(on: row)
      connectDoubleClick(on: row)
      gtk_list_item_set_activatable(OpaquePointer(item), 0)
      gtk_list_item_set_child(OpaquePointer(item), row.widget)
      rows[item] = row
    }
    Signal.connect(factory.pointer, "bind") { [weak self] item in
      guard let self, let item, let row = rows[item],
        let object = gtk_list_item_get_item(OpaquePointer(item))
      else { return }
      let position = IndexListModel.index(ofItem: object)
      if filling.bound(position) {
        gtk_widget_set_size_request(row.widget, -1, -1)  // it may have been left waiting
        bind(row, at: position)
      } else {
        // Off the screen: empty until it comes near it (`+Filling`).
        leaveWaiting(row, at: position)
        if filling.isDue { fillWaitingRowsSoon() }
      }
    }
    Signal.connect(factory.pointer, "unbind") { [weak self] item in
      guard let self, let item, let row = rows[item] else { return }
      filling.unbound(row.position)
      row.unbind()
    }
    Signal.connect(factory.pointer, "teardown") { [weak self] item in
      guard let item else { return }
      self?.rows[item] = nil
    }
  }

  /// Puts the `New messages` line above the message `id` (nil: no line) and rebinds the rows
  /// on screen, so a conversation opened again shows it at once.
  func markFirstUnread(_ id: String?) {
    guard id != firstUnreadID else { return }
    firstUnreadID = id
    rebindRows()
  }

  /// Binds the rows on screen again, for a mark that changed (`New messages`, a found message).
  func rebindRows() {
    for row in rows.values where row.position >= 0 && !filling.waits(row.position) {
      bind(row, at: row.position)
    }
  }

  /// Binds the row showing `position` again, in place. Telling the list the item changed
  /// made a new row and freed the old one, the selected message's label with the keyboard
  /// focus in it: on a reaction or an edit GTK 4.8 then found the focus a new home from the
  /// top of the window, and its label read the freed widget doing so (a critical). A row not
  /// on screen reads the message when it is bound.
  func rebindRow(at position: Int) {
    guard let row = row(at: position), !filling.waits(position) else { return }
    bind(row, at: position)
  }

  func bind(_ row: TranscriptRow, at position: Int) {
    guard let (message, previous) = pager.row(at: position) else {
      row.clear(at: position)
      return
    }
    row.bind(
      message, previous: previous, at: position, formatter: formatter, now: Date(),
      firstUnread: message.id == firstUnreadID, place: place(of: message),
      found: results == nil && message.id == foundID, me: me(message),
      quote: message.replyTo.map { quote(ofParent: $0, in: message.conversation) },
      selected: results == nil && selection.position == position)
  }

  /// The row widget showing `position`, if the list has one.
  func row(at position: Int) -> TranscriptRow? {
    rows.values.first { $0.position == position }
  }
}
