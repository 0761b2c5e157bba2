import CGtk
import Foundation
import GtkKit
import NatterCore

/// One row's widgets, filled for each message the row shows: day separator, header (sender,
/// time), body, tag chips and the `edited` marker.
///
/// GTK 4.8's list view keeps up to 200 rows around its anchor, so opening any long history
/// builds and binds 200 of these: a row starts as a box with the body label, and the other
/// parts are built the first time a message needs them, then shown or hidden.
@MainActor
final class TranscriptRow: Widget {
  /// A tag chip was clicked; the transcript filters by that tag.
  var onTag: (String) -> Void = { _ in }
  /// `Retry` was clicked on the failed message this row shows.
  var onRetry: (Message) -> Void = { _ in }
  /// `Show more` was clicked on a folded message.
  var onShowMore: (Message) -> Void = { _ in }
  /// What the sender's tooltip says of them (`Signed in as alice`), asked when it shows.
  var aboutSender: (Message) -> String? = { _ in nil }
  /// The quote above a reply was activated: the transcript shows the parent.
  var onShowParent: (Message) -> Void = { _ in }
  /// A reaction chip was activated: add (`remove` false) or take back the user's own.
  var onReact: (_ message: Message, _ emoji: String, _ remove: Bool) -> Void = { _, _, _ in }
  /// The position the row shows, or -1 while unbound.
  private(set) var position = -1

  private let body: Widget
  private var daySeparator: Widget?
  /// `New messages`, above the first message that arrived while the conversation was away.
  private var newMessagesLine: Widget?
  private var header: (box: Widget, sender: Widget, time: Widget)?
  private var footer: (box: Widget, tags: Widget, edited: Widget)?
  /// The reply's one-line quote of its parent, built for the first reply shown.
  private var quote: Widget?
  /// The `Reactions` row of chips, built for the first message with reactions.
  private var reactionsBox: Widget?
  private var reactionButtons: [Widget] = []
  private var shownReactions: [ReactionChip] = []
  /// `Sending…` or the refusal with `Retry`, built for the first message on its way.
  private var delivery: (box: Widget, clock: Widget, note: Widget, retry: Widget)?
  private var shownMessage: Message?
  private var showMoreButton: Widget?
  /// The message shown, while its body is folded (for `Show more`).
  private(set) var foldedMessage: Message?
  private var tagButtons: [Widget] = []
  private var shownTags: [String] = []
  private var shownDate: Date?
  /// The sender label's colour class now (`nick-color-3`, `own-nick`).
  private var senderClass: String?
  /// Formats the time's full-date tooltip when it is about to show, not at every bind.
  private var tooltipFormatter: TranscriptFormatter?
  /// The body label has mIRC formatting attributes, to be cleared for the next message.
  private var bodyHasAttributes = false

  init() {
    // Told its width rather than measuring its text for it: laid out once, not three times.
    body = Widget(WrappingLabel.make(width: BodyMinimumWidth.pixels))
    super.init(gtk_box_new(GTK_ORIENTATION_VERTICAL, 2))
    addCSSClass("transcript-row")
    // Only the selected row takes the keyboard (SPEC §13; `TranscriptView+Selection` makes
    // it focusable): 200 focusable rows would each be a stop for the list's own arrow keys.
    // Not Adwaita's `.body`: that fixes 11 pt, and bodies follow the desktop font as the
    // composer does.
    body.addCSSClass("message-body")
    gtk_label_set_selectable(body.opaque, 1)
    gtk_label_set_xalign(body.opaque, 0)
    gtk_widget_set_hexpand(body.widget, 1)
    gtk_box_append(typed(), body.widget)
  }

  /// Shows `message`; `previous` (the row above) decides the header and the day separator.
  func bind(
    _ message: Message, previous: Message?, at position: Int, formatter: TranscriptFormatter,
    now: Date, firstUnread: Bool = false, place: String? = nil, found: Bool = false,
    me: String? = nil, quote quoted: String? = nil, selected: Bool = false
  ) {
    self.position = position
    setCSSClass("selected-message", on: selected)
    // A recycled row that was the selected one is no focus stop for another message.
    if !selected && !hasFocus { gtk_widget_set_focusable(widget, 0) }
    // The search result the user opened here, marked until another is.
    setCSSClass("found-message", on: found)
    if firstUnread {
      makeNewMessagesLine().isVisible = true
    } else {
      newMessagesLine?.isVisible = false
    }
    let newDay = formatter.showsDaySeparator(previous: previous, current: message)
    if newDay {
      let separator = makeDaySeparator()
      gtk_label_set_text(separator.opaque, formatter.dayLabel(for: message.sentAt, now: now))
    }
    daySeparator?.isVisible = newDay

    let showsHeader =
      newDay || formatter.showsHeader(previous: previous, current: message, placed: place != nil)
    if showsHeader {
      let header = makeHeader()
      gtk_label_set_text(
        header.sender.opaque, MessageDisplay.senderLine(of: message, place: place))
      colorSender(NickColors.cssClass(of: message.sender, me: me), in: header.sender)
      if shownDate != message.sentAt {
        shownDate = message.sentAt
        gtk_label_set_text(header.time.opaque, formatter.timeLabel(for: message.sentAt))
      }
      tooltipFormatter = formatter
      addCSSClass("first-in-group")
    } else {
      removeCSSClass("first-in-group")
    }
    header?.box.isVisible = showsHeader

    shownMessage = message
    // A long body shows its first lines and `Show more`: bounded work per row (MessageFold).
    let preview = MessageFold.preview(of: MessageDisplay.body(of: message))
    if message.kind != .status, let markup = MessageMarkup.markup(for: preview.text) {
      gtk_label_set_markup(body.opaque, markup)
    } else {
      // Plain text: user text is never markup.
      gtk_label_set_use_markup(body.opaque, 0)
      gtk_label_set_text(body.opaque, preview.text)
    }
    showFormatting(of: message, shown: preview.text)
    if let quoted {
      let quote = makeQuote()
      gtk_button_set_label(quote.typed(), quoted)
      // gtk_button_set_label renames the button for screen readers: the quote is its name.
      quote.setAccessibleLabel(quoted)
      quote.isVisible = true
    } else {
      quote?.isVisible = false
    }
    showReactions(ReactionChip.chips(of: message))
    setAccessibleLabel(
      MessageReading.accessibleName(of: message, time: formatter.timeLabel(for: message.sentAt)))
    foldedMessage = preview.isFolded ? message : nil
    if preview.isFolded {
      makeShowMoreButton().isVisible = true
    } else {
      showMoreButton?.isVisible = false
    }
    let restyled = [
      setCSSClass("pending", on: message.delivery == .pending),
      setCSSClass("failed", on: message.delivery == .failed),
      setCSSClass("status-line", on: message.kind == .status),
      setCSSClass("notice", on: message.kind == .notice),
    ].contains(true)
    setCSSClass("mention", on: message.mentionsMe)
    setCSSClass("action", on: message.kind == .action)
    if let note = MessageDisplay.deliveryNote(of: message) {
      let delivery = makeDelivery()
      gtk_label_set_text(delivery.note.opaque, note)
      delivery.clock.isVisible = message.delivery == .pending
      delivery.retry.isVisible = MessageDisplay.offersRetry(message)
      delivery.box.isVisible = true
    } else {
      delivery?.box.isVisible = false
    }
    // These classes style the body and the delivery note (natter.css). GTK 4.8 leaves such a
    // child's new style to whatever next measures or draws it, and a change of opacity or
    // colour alone (pending → sent, the echo a few milliseconds after the frame that drew the
    // row) has it measured by nothing: the body stayed dimmed until the row was shown again.
    if restyled {
      gtk_widget_queue_draw(body.widget)
      for part in [delivery?.clock, delivery?.note].compactMap({ $0 }) {
        gtk_widget_queue_draw(part.widget)
      }
    }

    let showsFooter = message.edited || !message.tags.isEmpty
    if showsFooter {
      let footer = makeFooter()
      showTags(message.tags, in: footer.tags)
      footer.edited.isVisible = message.edited
    }
    footer?.box.isVisible = showsFooter
  }

  /// The sender's colour class (`NickColors`): for the user's own messages none of the
  /// palette, which with the bold of every sender sets them apart from all the others.
  private func colorSender(_ wanted: String, in label: Widget) {
    guard wanted != senderClass else { return }
    if let senderClass { label.removeCSSClass(senderClass) }
    label.addCSSClass(wanted)
    senderClass = wanted
  }

  /// mIRC formatting as attributes over the label's text (links' markup keeps its own), so
  /// a bind without any costs nothing beyond the check.
  private func showFormatting(of message: Message, shown text: String) {
    if let attributes = BodyFormatting.attributes(for: message, shown: text) {
      gtk_label_set_attributes(body.opaque, attributes)
      pango_attr_list_unref(attributes)
      bodyHasAttributes = true
    } else if bodyHasAttributes {
      gtk_label_set_attributes(body.opaque, nil)
      bodyHasAttributes = false
    }
  }

  /// Shows nothing: the message could not be read.
  func clear(at position: Int) {
    self.position = position
    removeCSSClass("found-message")
    daySeparator?.isVisible = false
    newMessagesLine?.isVisible = false
    header?.box.isVisible = false
    footer?.box.isVisible = false
    delivery?.box.isVisible = false
    quote?.isVisible = false
    showReactions([])
    removeCSSClass("selected-message")
    shownMessage = nil
    showMoreButton?.isVisible = false
    foldedMessage = nil
    gtk_label_set_use_markup(body.opaque, 0)
    gtk_label_set_text(body.opaque, "")
    if bodyHasAttributes {
      gtk_label_set_attributes(body.opaque, nil)
      bodyHasAttributes = false
    }
  }

  func unbind() { position = -1 }

  /// The body label, for tests.
  var bodyLabel: OpaquePointer { body.opaque }
  /// The sender label's colour class (`nick-color-3`, `own-nick`), for tests.
  var senderColor: String? { senderClass }
  /// The header's sender line while it shows, for tests.
  var headerText: String? {
    header.flatMap { $0.box.isVisible ? string(gtk_label_get_text($0.sender.opaque)) : nil }
  }
  /// The full date and time the time label's tooltip shows.
  var timeTooltip: String? {
    shownDate.flatMap { date in tooltipFormatter?.tooltip(for: date) }
  }
  /// The `Show more` button while it shows, for tests.
  var visibleShowMoreButton: Widget? {
    guard let showMoreButton, showMoreButton.isVisible else { return nil }
    return showMoreButton
  }
  /// The tag chips (and the `+N more` count) shown, for tests.
  var shownTagWidgets: Int { tagButtons.count }
  /// The reply's quote while it shows, for tests.
  var visibleQuote: Widget? { quote.flatMap { $0.isVisible ? $0 : nil } }
  /// The reaction chips shown, for tests.
  var reactionChips: [Widget] { reactionsBox?.isVisible == true ? reactionButtons : [] }
  /// The `Reactions` row, for tests.
  var reactionRow: Widget? { reactionsBox }
  /// The message the row shows.
  var message: Message? { shownMessage }
  /// Whether the `edited` marker shows, for tests.
  var showsEdited: Bool {
    guard let footer else { return false }
    return footer.box.isVisible && footer.edited.isVisible
  }

  // MARK: Parts built on first use

  private func makeDelivery() -> (box: Widget, clock: Widget, note: Widget, retry: Widget) {
    if let delivery { return delivery }
    let box = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    let clock = Widget(gtk_image_new_from_icon_name("document-open-recent-symbolic"))
    clock.addCSSClass("delivery-note")
    let note = Widget(gtk_label_new(nil))
    note.addCSSClass("delivery-note")
    gtk_label_set_wrap(note.opaque, 1)
    gtk_label_set_xalign(note.opaque, 0)
    let retry = Widget(gtk_button_new_with_label(localized("Retry")))
    retry.addCSSClass("flat")
    retry.setAccessibleLabel(localized("Retry"))
    Signal.connect(retry.pointer, "clicked") { [weak self] in
      guard let self, let shownMessage else { return }
      onRetry(shownMessage)
    }
    gtk_widget_set_valign(retry.widget, GTK_ALIGN_CENTER)
    gtk_box_append(box.typed(), clock.widget)
    gtk_box_append(box.typed(), note.widget)
    gtk_box_append(box.typed(), retry.widget)
    gtk_box_insert_child_after(typed(), box.widget, body.widget)
    delivery = (box, clock, note, retry)
    return (box, clock, note, retry)
  }

  /// `↳ bob: first line`, above the body: a flat, ellipsized button that shows the parent.
  private func makeQuote() -> Widget {
    if let quote { return quote }
    let button = Widget(gtk_button_new_with_label(""))
    button.addCSSClass("flat")
    button.addCSSClass("reply-quote")
    button.addCSSClass("dim-label")
    gtk_widget_set_halign(button.widget, GTK_ALIGN_START)
    gtk_widget_set_focus_on_click(button.widget, 0)
    if let label = gtk_button_get_child(button.typed()) {
      gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
      gtk_label_set_single_line_mode(OpaquePointer(label), 1)
      gtk_label_set_xalign(OpaquePointer(label), 0)
    }
    button.setTooltip(localized("Show the message this one answers"))
    Signal.connect(button.pointer, "clicked") { [weak self] in
      guard let self, let shownMessage else { return }
      onShowParent(shownMessage)
    }
    gtk_box_insert_child_after(typed(), button.widget, gtk_widget_get_prev_sibling(body.widget))
    quote = button
    return button
  }

  /// One chip of a row, a tag's or a reaction's: the same widget and look for both (SPEC §13:
  /// "the chip widget of §3"). `label` is shown as plain text, never markup.
  private static func chip(_ label: String, name: String, tooltip: String) -> Widget {
    let button = Widget(gtk_button_new_with_label(label))
    button.addCSSClass("flat")
    button.addCSSClass("tag-chip")
    gtk_widget_set_halign(button.widget, GTK_ALIGN_START)
    button.setAccessibleLabel(name)
    button.setTooltip(tooltip)
    // Clicking a chip must not take the keyboard from where it is.
    gtk_widget_set_focus_on_click(button.widget, 0)
    return button
  }

  /// The chips under the body (`Reactions`): the tag chips' look, the user's own marked.
  private func showReactions(_ chips: [ReactionChip]) {
    guard chips != shownReactions else {
      reactionsBox?.isVisible = !chips.isEmpty
      return
    }
    shownReactions = chips
    guard !chips.isEmpty || reactionsBox != nil else { return }
    let box = makeReactionsBox()
    for button in reactionButtons { gtk_flow_box_remove(box.opaque, button.widget) }
    gtk_flow_box_set_min_children_per_line(box.opaque, guint(max(1, min(chips.count, 4))))
    reactionButtons = chips.map { chip in
      // Remote text (an emoji or any short text): a plain label, never markup.
      let button = Self.chip(chip.label, name: chip.accessibleName, tooltip: chip.tooltip)
      Accessible.setDescription(button.widget, chip.tooltip)
      button.addCSSClass("reaction-chip")
      if chip.isOwn { button.addCSSClass("own-reaction") }
      let emoji = chip.group.emoji
      let removes = chip.removes
      Signal.connect(button.pointer, "clicked") { [weak self] in
        guard let self, let shownMessage else { return }
        onReact(shownMessage, emoji, removes)
      }
      gtk_flow_box_append(box.opaque, button.widget)
      return button
    }
    box.isVisible = !chips.isEmpty
  }

  private func makeReactionsBox() -> Widget {
    if let reactionsBox { return reactionsBox }
    let box = Widget(gtk_flow_box_new())
    box.addCSSClass("tag-chips")
    box.addCSSClass("reactions")
    box.setAccessibleLabel(localized("Reactions"))
    gtk_flow_box_set_selection_mode(box.opaque, GTK_SELECTION_NONE)
    gtk_flow_box_set_max_children_per_line(box.opaque, 20)
    gtk_flow_box_set_column_spacing(box.opaque, 4)
    gtk_widget_set_halign(box.widget, GTK_ALIGN_START)
    gtk_box_insert_child_after(typed(), box.widget, body.widget)
    reactionsBox = box
    return box
  }

  private func makeNewMessagesLine() -> Widget {
    if let newMessagesLine { return newMessagesLine }
    let line = Widget(gtk_label_new(localized("New messages")))
    line.addCSSClass("new-messages")
    gtk_label_set_xalign(line.opaque, 0.5)
    gtk_box_insert_child_after(typed(), line.widget, daySeparator?.widget)
    newMessagesLine = line
    return line
  }

  private func makeDaySeparator() -> Widget {
    if let daySeparator { return daySeparator }
    let separator = Widget(gtk_label_new(nil))
    separator.addCSSClass("day-separator")
    gtk_widget_set_halign(separator.widget, GTK_ALIGN_CENTER)
    gtk_box_prepend(typed(), separator.widget)
    daySeparator = separator
    return separator
  }

  private func makeHeader() -> (box: Widget, sender: Widget, time: Widget) {
    if let header { return header }
    let box = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8))
    let sender = Widget(gtk_label_new(nil))
    let time = Widget(gtk_label_new(nil))
    sender.addCSSClass("sender")
    gtk_label_set_ellipsize(sender.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_xalign(sender.opaque, 0)
    time.addCSSClass("time")
    time.addCSSClass("dim-label")
    Signal.connectQueryTooltip(time.pointer) { [unowned self] in timeTooltip }
    Signal.connectQueryTooltip(sender.pointer) { [unowned self] in
      shownMessage.flatMap(aboutSender)
    }
    gtk_box_append(box.typed(), sender.widget)
    gtk_box_append(box.typed(), time.widget)
    // Above the body, below the day separator and the `New messages` line.
    gtk_box_insert_child_after(typed(), box.widget, newMessagesLine?.widget ?? daySeparator?.widget)
    header = (box, sender, time)
    return (box, sender, time)
  }

  /// `Show more`, right under the body: a flat button reachable with Tab.
  private func makeShowMoreButton() -> Widget {
    if let showMoreButton { return showMoreButton }
    let button = Widget(gtk_button_new_with_label(localized("Show more")))
    button.addCSSClass("flat")
    button.addCSSClass("show-more")
    gtk_widget_set_halign(button.widget, GTK_ALIGN_START)
    button.setAccessibleLabel(localized("Show more"))
    button.setTooltip(localized("Show the whole message"))
    Signal.connect(button.pointer, "clicked") { [weak self] in
      guard let self, let message = foldedMessage else { return }
      onShowMore(message)
    }
    gtk_box_insert_child_after(typed(), button.widget, body.widget)
    showMoreButton = button
    return button
  }

  private func makeFooter() -> (box: Widget, tags: Widget, edited: Widget) {
    if let footer { return footer }
    let box = Widget(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    // A flow box wraps chips onto more lines rather than widening a narrow window.
    let tags = Widget(gtk_flow_box_new())
    tags.addCSSClass("tag-chips")
    gtk_flow_box_set_selection_mode(tags.opaque, GTK_SELECTION_NONE)
    gtk_flow_box_set_max_children_per_line(tags.opaque, 20)
    gtk_flow_box_set_column_spacing(tags.opaque, 4)
    // START: the box takes its natural width instead of spreading the chips across the row.
    gtk_widget_set_halign(tags.widget, GTK_ALIGN_START)
    let edited = Widget(gtk_label_new(localized("edited")))
    edited.addCSSClass("edited-marker")
    edited.addCSSClass("dim-label")
    gtk_widget_set_valign(edited.widget, GTK_ALIGN_CENTER)
    // The marker first: a flow box's natural width can exceed its chips, which left a gap
    // before a marker placed after it.
    gtk_box_append(box.typed(), edited.widget)
    gtk_box_append(box.typed(), tags.widget)
    gtk_box_append(typed(), box.widget)
    footer = (box, tags, edited)
    return (box, tags, edited)
  }

  private func showTags(_ allTags: [String], in box: Widget) {
    guard allTags != shownTags else { return }
    shownTags = allTags
    for button in tagButtons { gtk_flow_box_remove(box.opaque, button.widget) }
    // At most 20 chips and a count: 10,000 imported tags made 10,000 buttons (6.5 s start).
    let (tags, hidden) = MessageFold.shownTags(allTags)
    // With halign START a flow box asks only for its minimum width, one chip a line; a few
    // chips a line at least still fit a 360 px window.
    gtk_flow_box_set_min_children_per_line(box.opaque, guint(max(1, min(tags.count, 3))))
    tagButtons = tags.map { tag in
      let button = Self.chip(
        "#\(tag)", name: "#\(tag)",
        tooltip: localized("Show messages tagged #{tag}", ["tag": tag]))
      Signal.connect(button.pointer, "clicked") { [weak self] in self?.onTag(tag) }
      gtk_flow_box_append(box.opaque, button.widget)
      return button
    }
    if hidden > 0 {
      let more = Widget(gtk_label_new(localized("+{count} more", ["count": String(hidden)])))
      more.addCSSClass("dim-label")
      more.setTooltip(
        localizedPlural("{count} more tag", "{count} more tags", count: hidden))
      gtk_flow_box_append(box.opaque, more.widget)
      tagButtons.append(more)
    }
  }
}
