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
    let name = subject ?? "it"
    let plain: String
    switch number {
    case 401: plain = "There is nobody called \(name) on this server"
    case 403: plain = "There is no channel called \(name)"
    case 404: plain = "Your message could not be sent to \(name)"
    case 405: plain = "You are in too many channels to join \(name)"
    case 412: plain = "There was no text to send"
    case 421: plain = "The server does not know the command \(name)"
    case 432: plain = "\(name) is not a valid nickname"
    case 433: plain = "The nickname \(name) is already in use"
    case 436: plain = "The nickname \(name) is in use elsewhere on the network"
    case 442: plain = "You are not in \(name)"
    case 461: plain = "The command \(name) needs more parameters"
    case 464: plain = "The server password is wrong"
    case 465: plain = "You are banned from this server"
    case 471: plain = "\(name) is full"
    case 473: plain = "\(name) is invite-only"
    case 474: plain = "You are banned from \(name)"
    case 475: plain = "\(name) needs the right key to join"
    case 477: plain = "\(name) needs a registered nickname"
    case 482: plain = "You need to be a channel operator in \(name)"
    case 489: plain = "Your message could not be sent to \(name)"
    case 902: plain = "Signing in is not possible with this nickname"
    case 904: plain = "Signing in failed"
    case 905: plain = "Signing in failed: the account details are too long"
    case 906: plain = "Signing in was cancelled"
    case 907: plain = "You are already signed in"
    default:
      plain = "The server refused the request" + (subject.map { " for \($0)" } ?? "")
    }
    let sentence = text.isEmpty ? plain + "." : plain + " (the server says: \(text))."
    self.init(code: code, target: subject, serverText: text, sentence: sentence)
  }

  /// Codes that refuse a message we sent; the outbox marks it failed.
  static let sendFailures: Set<String> = ["401", "403", "404", "412", "442", "477", "489", "492"]
}
