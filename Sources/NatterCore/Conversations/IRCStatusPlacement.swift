import Foundation

/// Where the quiet status line of a server event goes (SPEC §10), decided from what the
/// session knows; the client stores the lines where this says.
public struct IRCStatusPlacement {
  /// The conversation of a channel or nickname on this server.
  public var conversation: (String) -> String
  /// Whether a target names a channel (else a nickname).
  public var isChannel: (String) -> Bool
  /// The channels we are in now, by target.
  public var joinedChannels: [String]
  /// The private chats open in the sidebar, by conversation.
  public var openChats: [String]
  /// The conversation on screen when it is on this network, else nil.
  public var onScreen: String?
  /// Where a line goes when nothing else says: the network's own conversation.
  public var main: String

  public init(
    conversation: @escaping (String) -> String,
    isChannel: @escaping (String) -> Bool, joinedChannels: [String],
    openChats: [String], onScreen: String?, main: String
  ) {
    self.conversation = conversation
    self.isChannel = isChannel
    self.joinedChannels = joinedChannels
    self.openChats = openChats
    self.onScreen = onScreen
    self.main = main
  }

  /// The status lines `event` shows as, each in its conversation, timed `now`: none when it is
  /// not shown as one. A channel's event goes to that channel; a server error to the
  /// conversation on screen, whatever channel it names, since anywhere else it could go
  /// unseen; our own nickname change to every channel we are in and every open private chat,
  /// as IRC clients show it. Each line's id is `makeID()`: a client gives the lines ids in the
  /// order they arrived (`ArrivalIDs`), so they keep their place among the messages.
  public func lines(
    for event: IRCEvent, at now: Date,
    makeID: () -> String = Message.newID
  ) -> [Message] {
    guard let text = IRCStatusText.line(for: event) else { return [] }
    return conversations(for: event).map { Message.status(text, in: $0, at: now, id: makeID()) }
  }

  /// The conversations `event`'s line goes to, each once.
  public func conversations(for event: IRCEvent) -> [String] {
    let fallback = onScreen ?? main
    switch event {
    case .nickChanged:
      var shownIn: [String] = []
      for conversation in joinedChannels.map(conversation) + openChats + [fallback]
      where !shownIn.contains(conversation) {
        shownIn.append(conversation)
      }
      return shownIn
    case .joined(let channel), .parted(let channel), .topic(let channel, _),
      .channelActivity(let channel, _), .kicked(let channel, _, _):
      return [isChannel(channel) ? conversation(channel) : fallback]
    case .serverError, .signInFailed, .signedIn, .whois, .ctcpReply, .invited, .ownAway:
      return [fallback]
    case .presence(let nick, _, _):
      // Said in the private chat only: that is where it was asked for.
      let chat = conversation(nick)
      return openChats.contains(chat) ? [chat] : []
    case .awayReply(let nick, _):
      let chat = conversation(nick)
      return [openChats.contains(chat) ? chat : fallback]
    case .motd, .serverReply, .ctcpRequest:
      return [main]
    case .standardReply(let kind, _, _):
      // A failure or warning answers what the user just did; a note is the server's aside.
      return [kind == "NOTE" ? main : fallback]
    default:
      return []
    }
  }
}
