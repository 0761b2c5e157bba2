/// What can be done to a selected message (SPEC §13): the keys R, E, C and Enter and the
/// row's menu offer exactly these, in this order.
public enum MessageAction: String, Equatable, Hashable, Sendable, CaseIterable {
  /// Send a refused message again, as its row's `Retry` does.
  case retry
  case reply
  case react
  case copyText
  case openLink
  /// Show the message a reply answers.
  case showParent
  /// Open a folded message whole, as its row's `Show more` does.
  case showWhole

  /// The menu item's label.
  public var title: String {
    switch self {
    case .retry: localized("Retry")
    case .reply: localized("Reply")
    case .react: localized("React")
    case .copyText: localized("Copy text")
    case .openLink: localized("Open link")
    case .showParent: localized("Show replied message")
    case .showWhole: localized("Show more")
    }
  }

  /// The `transcript.*` action's name, without the scope.
  public var actionName: String {
    switch self {
    case .retry: "retry"
    case .reply: "reply"
    case .react: "react"
    case .copyText: "copy-text"
    case .openLink: "open-link"
    case .showParent: "show-parent"
    case .showWhole: "show-whole"
    }
  }

  /// The actions `message` offers. Replies and reactions name the message by the server's
  /// `msgid`, so a message without one (pending, failed, in `Notes`) offers neither; a status
  /// line is not a message to answer. Every row's text can be copied. A refused message offers
  /// `Retry` first: it is what the user came to it for.
  public static func available(for message: Message) -> [MessageAction] {
    var actions: [MessageAction] = MessageDisplay.offersRetry(message) ? [.retry] : []
    let answerable =
      message.msgid != nil && message.conversation != Message.notes && message.kind != .status
    if answerable { actions += [.reply, .react] }
    actions.append(.copyText)
    if link(of: message) != nil { actions.append(.openLink) }
    if message.replyTo != nil { actions.append(.showParent) }
    if MessageFold.preview(of: MessageDisplay.body(of: message)).isFolded {
      actions.append(.showWhole)
    }
    return actions
  }

  /// Enter on a selected message: a refused one is sent again; else its first link, else (a
  /// reply) the message it answers, else (a folded one) the whole of it.
  public static func enterAction(for message: Message) -> MessageAction? {
    let actions = available(for: message)
    return [.retry, .openLink, .showParent, .showWhole].first { actions.contains($0) }
  }

  /// The first http(s) link of the body as shown, if any.
  public static func link(of message: Message) -> String? {
    guard message.kind != .status else { return nil }
    return BodyMarkup.links(in: message.body).first?.url
  }

  /// What `Copy text` puts on the clipboard: the plain body, without formatting.
  public static func copiedText(of message: Message) -> String { message.body }
}
