import CGtk
import GtkKit
import NatterCore

/// The window's header bar: the title with the `Connection` subtitle and the open channel's
/// `Topic` under it, `Reconnect` and `Rejoin` at the start, `Members` and the main menu at the
/// end. It shows what it is told; the window and the conversations decide what that is.
@MainActor
final class WindowHeader {
  let bar: Widget
  private let subtitle: Widget
  private let topicLabel: Widget
  private let reconnectButton: Widget
  private let rejoinButton: Widget
  private let membersButton: Widget
  /// The member list, made the first time the popover opens (nobody needs it for the first
  /// frame), and what it lists.
  private(set) var memberList: MemberListView?
  private var members: [IRCMember] = []
  private var me: String?

  /// `Reconnect` and `Rejoin` were pressed.
  var onReconnect: () -> Void = {}
  var onRejoin: () -> Void = {}
  /// A member was chosen in the member list: a private chat with them.
  var onOpenPrivateChat: (String) -> Void = { _ in }

  init() {
    bar = Widget(gtk_header_bar_new())
    subtitle = Widget(gtk_label_new(nil))
    topicLabel = Widget(gtk_label_new(nil))
    reconnectButton = Widget(gtk_button_new_with_label(localized("Reconnect")))
    rejoinButton = Widget(gtk_button_new_with_label(localized("Rejoin")))
    membersButton = Widget(gtk_menu_button_new())
    addTitles()
    addButtons()
    // Packed at the end from the right: the main menu is the outermost button.
    addMainMenu()
    addMembersButton()
  }

  /// The header's `Connection` line; shown from the first frame after this on. Its smaller text
  /// is one more font size, which costs the first frame a font set and a hinted sample text
  /// (issue 19), and the connection it describes begins after that frame anyway.
  func showsConnection(after firstFrame: AfterFirstFrame) {
    firstFrame.run { [subtitle] in subtitle.isVisible = true }
  }

  /// The connection's state in words, and which of `Reconnect` and `Rejoin` it offers.
  func showConnection(_ text: String, offersReconnect: Bool, offersRejoin: Bool) {
    gtk_label_set_text(subtitle.opaque, text)
    // GtkLabel names itself after its text on every change; screen readers and tests find the
    // subtitle by its role's name `Connection` (SPEC §7) and read the text through it.
    subtitle.setAccessibleLabel(localized("Connection"))
    Accessible.setDescription(subtitle.widget, text)
    subtitle.setTooltip(text)
    // Pressed from the keyboard, Reconnect hides as the connection starts: the focus goes on
    // where the user types, not to whatever GTK finds first.
    let focusLeaves =
      (!offersReconnect && reconnectButton.hasFocusWithin)
      || (!offersRejoin && rejoinButton.hasFocusWithin)
    reconnectButton.isVisible = offersReconnect
    rejoinButton.isVisible = offersRejoin
    if focusLeaves { onFocusLeft() }
  }

  /// A button that had the focus hid (`showConnection`).
  var onFocusLeft: () -> Void = {}

  /// The open conversation's topic (none hides it), and its members when it is a channel.
  func showConversation(topic: String, members: [IRCMember]?, me: String? = nil) {
    gtk_label_set_text(topicLabel.opaque, topic)
    topicLabel.setAccessibleLabel(localized("Topic"))
    Accessible.setDescription(topicLabel.widget, topic)
    topicLabel.setTooltip(topic)
    topicLabel.isVisible = !topic.isEmpty
    membersButton.isVisible = members != nil
    self.members = members ?? []
    self.me = me
    memberList?.show(self.members, me: me)
    membersButton.setTooltip(
      localized("Members ({count})", ["count": String(self.members.count)]))
  }

  private var header: OpaquePointer { OpaquePointer(bar.widget) }

  private func addTitles() {
    let titles = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    let title = gtk_label_new(AppInfo.name)
    gtk_widget_add_css_class(title, "title")
    gtk_box_append(cast(titles), title)
    subtitle.addCSSClass("connection-subtitle")
    subtitle.setAccessibleLabel(localized("Connection"))
    gtk_label_set_ellipsize(subtitle.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_selectable(subtitle.opaque, 0)
    subtitle.isVisible = false
    gtk_box_append(cast(titles), subtitle.widget)
    topicLabel.addCSSClass("topic-subtitle")
    topicLabel.addCSSClass("dim-label")
    gtk_label_set_ellipsize(topicLabel.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_max_width_chars(topicLabel.opaque, 60)
    topicLabel.setAccessibleLabel(localized("Topic"))
    topicLabel.isVisible = false
    gtk_box_append(cast(titles), topicLabel.widget)
    gtk_widget_set_valign(titles, GTK_ALIGN_CENTER)
    gtk_header_bar_set_title_widget(header, titles)
  }

  private func addButtons() {
    reconnectButton.setAccessibleLabel(localized("Reconnect"))
    rejoinButton.setAccessibleLabel(localized("Rejoin"))
    for button in [reconnectButton, rejoinButton] {
      button.isVisible = false
      gtk_header_bar_pack_start(header, button.widget)
    }
    Signal.connect(reconnectButton.pointer, "clicked") { [unowned self] in onReconnect() }
    Signal.connect(rejoinButton.pointer, "clicked") { [unowned self] in onRejoin() }
  }

  /// The members popover's button, shown in a channel.
  private func addMembersButton() {
    gtk_menu_button_set_icon_name(membersButton.opaque, "system-users-symbolic")
    membersButton.setTooltip(localized("Members"))
    membersButton.setAccessibleLabel(localized("Members"))
    MenuButton.makePopoverOnFirstOpen(membersButton.widget) { [unowned self] in
      let popover = gtk_popover_new()
      let view = MemberListView()
      view.show(members, me: me)
      view.onOpen = { [unowned self] nick in
        gtk_popover_popdown(cast(popover))
        onOpenPrivateChat(nick)
      }
      memberList = view
      gtk_popover_set_child(cast(popover), view.widget)
      // Typing filters at once: the filter has the focus when the popover opens.
      Signal.connect(raw(popover!), "show") { [unowned view] in view.filter.grabFocus() }
      // The filter takes Escape for itself (GtkSearchEntry's "stop-search"), so the
      // popover's own Escape never comes.
      Signal.connect(view.filter.pointer, "stop-search") { gtk_popover_popdown(cast(popover)) }
      return popover
    }
    membersButton.isVisible = false
    gtk_header_bar_pack_end(header, membersButton.widget)
  }

  private func addMainMenu() {
    let button = Widget(gtk_menu_button_new())
    gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
    MenuButton.makePopoverOnFirstOpen(button.widget) {
      let menu = Object(adopting: raw(g_menu_new()!))
      g_menu_append(menu.opaque, localized("Connect to a Network…"), "app.connect-network")
      g_menu_append(menu.opaque, localized("Keyboard Shortcuts"), "win.shortcuts")
      g_menu_append(menu.opaque, localized("Preferences"), "app.preferences")
      g_menu_append(menu.opaque, localized("About Natter"), "app.about")
      g_menu_append(menu.opaque, localized("Quit"), "app.quit")
      return withExtendedLifetime(menu) { gtk_popover_menu_new_from_model(cast(menu.pointer)) }
    }
    gtk_menu_button_set_primary(button.opaque, 1)
    button.setTooltip(localized("Main Menu"))
    button.setAccessibleLabel(localized("Main Menu"))
    gtk_header_bar_pack_end(header, button.widget)
  }
}
