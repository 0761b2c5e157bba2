import CGtk
import Foundation
import GtkKit
import NatterCore

/// One row's widgets, built once when the list creates the row and filled for each message
/// it shows: day separator, header (sender, time), body, tag chips and the `edited` marker.
@MainActor
final class TranscriptRow: Widget {
  /// A tag chip was clicked; the transcript filters by that tag.
  var onTag: (String) -> Void = { _ in }
  /// The position the row shows, or -1 while unbound.
  private(set) var position = -1

  private let daySeparator: Widget
  private let header: Widget
  private let sender: Widget
  private let time: Widget
  private let body: Widget
  private let footer: Widget
  private let tagBox: Widget
  private let editedMarker: Widget
  private var tagButtons: [Widget] = []
  private var shownTags: [String] = []

  init() {
    daySeparator = Widget(gtk_label_new(nil))
    header = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
    sender = Widget(gtk_label_new(nil))
    time = Widget(gtk_label_new(nil))
    body = Widget(gtk_label_new(nil))
    footer = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    tagBox = Widget(gtk_flow_box_new())
    editedMarker = Widget(gtk_label_new("edited"))
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    addCSSClass("transcript-row")

    daySeparator.addCSSClass("day-separator")
    gtk_widget_set_halign(daySeparator.widget, GTK_ALIGN_CENTER)

    sender.addCSSClass("sender")
    gtk_label_set_ellipsize(sender.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_xalign(sender.opaque, 0)
    time.addCSSClass("time")
    time.addCSSClass("dim-label")
    gtk_box_append(header.typed(), sender.widget)
    gtk_box_append(header.typed(), time.widget)

    body.addCSSClass("body")
    gtk_label_set_wrap(body.opaque, 1)
    gtk_label_set_wrap_mode(body.opaque, PANGO_WRAP_WORD_CHAR)
    gtk_label_set_selectable(body.opaque, 1)
    gtk_label_set_xalign(body.opaque, 0)
    gtk_widget_set_halign(body.widget, GTK_ALIGN_FILL)
    gtk_widget_set_hexpand(body.widget, 1)

    // A flow box wraps chips onto more lines rather than widening a narrow window.
    tagBox.addCSSClass("tag-chips")
    gtk_flow_box_set_selection_mode(tagBox.opaque, GTK_SELECTION_NONE)
    gtk_flow_box_set_max_children_per_line(tagBox.opaque, 20)
    gtk_flow_box_set_column_spacing(tagBox.opaque, 4)
    // START: the box takes its natural width instead of spreading the chips across the row.
    gtk_widget_set_halign(tagBox.widget, GTK_ALIGN_START)
    gtk_widget_set_valign(editedMarker.widget, GTK_ALIGN_CENTER)
    editedMarker.addCSSClass("edited-marker")
    editedMarker.addCSSClass("dim-label")
    gtk_box_append(footer.typed(), tagBox.widget)
    gtk_box_append(footer.typed(), editedMarker.widget)

    for part in [daySeparator, header, body, footer] { gtk_box_append(typed(), part.widget) }
  }

  /// Shows `message`; `previous` (the row above) decides the header and the day separator.
  func bind(
    _ message: Message, previous: Message?, at position: Int, formatter: TranscriptFormatter,
    now: Date
  ) {
    self.position = position
    let newDay = formatter.showsDaySeparator(previous: previous, current: message)
    daySeparator.isVisible = newDay
    if newDay {
      gtk_label_set_text(daySeparator.opaque, formatter.dayLabel(for: message.sentAt, now: now))
    }

    let showsHeader = formatter.showsHeader(previous: previous, current: message)
    header.isVisible = showsHeader
    if showsHeader { addCSSClass("first-in-group") } else { removeCSSClass("first-in-group") }
    gtk_label_set_text(sender.opaque, message.sender)
    gtk_label_set_text(time.opaque, formatter.timeLabel(for: message.sentAt))
    time.setTooltip(formatter.tooltip(for: message.sentAt))

    if let markup = MessageMarkup.markup(for: message.body) {
      gtk_label_set_markup(body.opaque, markup)
    } else {
      // Plain text: user text is never markup. set_text also turns use-markup off.
      gtk_label_set_use_markup(body.opaque, 0)
      gtk_label_set_text(body.opaque, message.body)
    }

    showTags(message.tags)
    editedMarker.isVisible = message.edited
    footer.isVisible = message.edited || !message.tags.isEmpty
  }

  /// Shows nothing: the message could not be read.
  func clear(at position: Int) {
    self.position = position
    daySeparator.isVisible = false
    header.isVisible = false
    footer.isVisible = false
    gtk_label_set_use_markup(body.opaque, 0)
    gtk_label_set_text(body.opaque, "")
  }

  func unbind() { position = -1 }

  /// The body label, for tests.
  var bodyLabel: OpaquePointer { body.opaque }
  /// Whether the `edited` marker shows, for tests.
  var showsEdited: Bool { editedMarker.isVisible && footer.isVisible }

  private func showTags(_ tags: [String]) {
    guard tags != shownTags else { return }
    shownTags = tags
    for button in tagButtons { gtk_flow_box_remove(tagBox.opaque, button.widget) }
    // With halign START a flow box asks only for its minimum width, one chip a line; a few
    // chips a line at least still fit a 360 px window.
    gtk_flow_box_set_min_children_per_line(tagBox.opaque, guint(max(1, min(tags.count, 3))))
    tagButtons = tags.map { tag in
      let button = Widget(gtk_button_new_with_label("#\(tag)"))
      button.addCSSClass("flat")
      button.addCSSClass("tag-chip")
      gtk_widget_set_halign(button.widget, GTK_ALIGN_START)
      button.setAccessibleLabel("#\(tag)")
      button.setTooltip("Show messages tagged #\(tag)")
      gtk_widget_set_focus_on_click(button.widget, 0)
      Signal.connect(button.pointer, "clicked") { [weak self] in self?.onTag(tag) }
      gtk_flow_box_append(tagBox.opaque, button.widget)
      return button
    }
  }
}
