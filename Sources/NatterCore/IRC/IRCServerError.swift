/// A numeric error reply in plain words, with the server's own text kept.
public struct IRCServerError: Equatable, Sendable {
  /// The numeric, such as `474`.
  public var code: String
  /// The channel or nickname it is about, for showing it in that conversation.
  public var target: String?
  /// The server's own text.
  public var serverText: String
  /// One plain sentence that ends with the server's text.
  public var sentence: String

  public init(code: String, target: String?, serverText: String, sentence: String) {
    self.code = code
    self.target = target
    self.serverText = serverText
    self.sentence = sentence
  }

  /// The error a numeric reply (`4xx`, `5xx`, SASL's `902`–`907`) stands for; nil otherwise.
  /// The params are `<our nick> [<subject>] :<text>`.
  public init?(_ message: IRCMessage) {
    let code = message.command
    guard code.count == 3, let number = Int(code),
      (400..<600).contains(number) || (902...907).contains(number)
    else { return nil }
    let text = message.params.count > 1 ? message.params[message.params.count - 1] : ""
    let subject = message.params.count > 2 ? message.params[1] : nil
    let name = subject ?? localized("it")
    let plain: String
    switch number {
    case 401: plain = localized("There is nobody called {name} on this server", ["name": name])
    case 403: plain = localized("There is no channel called {name}", ["name": name])
    case 404: plain = localized("Your message could not be sent to {name}", ["name": name])
    case 405: plain = localized("You are in too many channels to join {name}", ["name": name])
    case 412: plain = localized("There was no text to send")
    case 421: plain = localized("The server does not know the command {name}", ["name": name])
    case 432: plain = localized("{name} is not a valid nickname", ["name": name])
    case 433: plain = localized("The nickname {name} is already in use", ["name": name])
    case 436:
      plain = localized("The nickname {name} is in use elsewhere on the network", ["name": name])
    case 437: plain = localized("{name} is unavailable for now", ["name": name])
    case 442: plain = localized("You are not in {name}", ["name": name])
    case 461: plain = localized("The command {name} needs more parameters", ["name": name])
    case 464: plain = localized("The server password is wrong")
    case 465: plain = localized("You are banned from this server")
    case 471: plain = localized("{name} is full", ["name": name])
    case 473: plain = localized("{name} is invite-only", ["name": name])
    case 474: plain = localized("You are banned from {name}", ["name": name])
    case 475: plain = localized("{name} needs the right key to join", ["name": name])
    case 477: plain = localized("{name} needs a registered nickname", ["name": name])
    case 482: plain = localized("You need to be a channel operator in {name}", ["name": name])
    case 489: plain = localized("Your message could not be sent to {name}", ["name": name])
    case 902: plain = localized("Signing in is not possible with this nickname")
    case 904: plain = localized("Signing in failed")
    case 905: plain = localized("Signing in failed: the account details are too long")
    case 906: plain = localized("Signing in was cancelled")
    case 907: plain = localized("You are already signed in")
    default:
      plain =
        subject.map { localized("The server refused the request for {subject}", ["subject": $0]) }
        ?? localized("The server refused the request")
    }
    let sentence =
      text.isEmpty
      ? localized("{error}.", ["error": plain])
      : localized("{error} (the server says: {text}).", ["error": plain, "text": text])
    self.init(code: code, target: subject, serverText: text, sentence: sentence)
  }

  /// Codes that refuse a message we sent; the outbox marks it failed.
  static let sendFailures: Set<String> = ["401", "403", "404", "412", "442", "477", "489", "492"]
}
